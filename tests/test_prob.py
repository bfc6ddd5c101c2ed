"""The probability toolkit: exact distributions (`Dist`), estimates with intervals, the seeded Rng."""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from fractions import Fraction as F
from itertools import product
from statistics import NormalDist

import pytest

from flatlab.core import Rng
from flatlab.core.rng import Rng as RngFromModule
from flatlab.prob import Dist, Mean, Proportion, estimate

D6 = Dist.die(6)


# --- Dist: construction -----------------------------------------------------------------

def test_dist_holds_exact_fractions():
    d = Dist({"a": F(1, 3), "b": "2/3"})
    assert dict(d) == {"a": F(1, 3), "b": F(2, 3)}
    assert all(type(p) is F for p in d.values())


def test_dist_drops_zero_probability_outcomes():
    d = Dist({"a": F(1, 2), "never": 0, "b": F(1, 2)})
    assert list(d) == ["a", "b"]
    assert "never" not in d
    assert len(d) == 2
    assert d["never"] == 0


@pytest.mark.parametrize("probabilities", [
    {1: F(1, 2), 2: F(1, 3)},           # sums to 5/6
    {1: F(2, 3), 2: F(2, 3)},           # sums to 4/3
    {},                                 # sums to 0
    {1: 0},                             # only zero outcomes
    {0: 0.1, 1: 0.9},                   # floats that do not sum to exactly 1
])
def test_dist_rejects_probabilities_not_summing_to_exactly_one(probabilities):
    with pytest.raises(ValueError, match="not exactly 1"):
        Dist(probabilities)


def test_dist_rejects_a_negative_probability_even_when_the_sum_is_one():
    with pytest.raises(ValueError, match="negative"):
        Dist({1: F(-1, 2), 2: F(3, 2)})


def test_dist_rejects_a_probability_that_is_not_a_number():
    with pytest.raises(ValueError):
        Dist({1: "half", 2: F(1, 2)})


def test_dist_accepts_exact_binary_floats_as_fractions():
    d = Dist({0: 0.25, 1: 0.75})
    assert d[1] == F(3, 4)


def test_dist_is_immutable():
    with pytest.raises(TypeError):
        D6[1] = F(1, 2)  # type: ignore[index]


def test_from_weights_normalises_counts():
    d = Dist.from_weights({"x": 1, "y": 3, "z": 0})
    assert dict(d) == {"x": F(1, 4), "y": F(3, 4)}


def test_from_weights_accepts_fractions():
    d = Dist.from_weights({"x": F(1, 2), "y": F(1, 4)})
    assert d["x"] == F(2, 3)
    assert d["y"] == F(1, 3)


@pytest.mark.parametrize("weights", [{}, {"x": 0}, {"x": 0, "y": 0}, {"x": -1}])
def test_from_weights_needs_a_positive_total(weights):
    with pytest.raises(ValueError, match="positive total"):
        Dist.from_weights(weights)


def test_from_weights_rejects_a_negative_weight():
    with pytest.raises(ValueError, match="negative"):
        Dist.from_weights({"x": 3, "y": -1})


def test_uniform_counts_repeats_as_extra_weight_and_keeps_order():
    d = Dist.uniform("abca")
    assert list(d) == ["a", "b", "c"]
    assert d["a"] == F(1, 2)
    assert d["b"] == d["c"] == F(1, 4)


def test_uniform_of_nothing_is_an_error():
    with pytest.raises(ValueError):
        Dist.uniform([])


@pytest.mark.parametrize("sides", [1, 2, 6, 8, 20])
def test_die_is_fair_and_sorted(sides):
    d = Dist.die(sides)
    assert list(d) == list(range(1, sides + 1))
    assert set(d.values()) == {F(1, sides)}


def test_die_with_no_sides_is_an_error():
    with pytest.raises(ValueError):
        Dist.die(0)


def test_always_is_certain():
    d = Dist.always("x")
    assert dict(d) == {"x": 1}
    assert d.p("x") == 1
    assert Dist.always(4).mean() == 4
    assert Dist.always(4).variance() == 0


# --- Dist: mapping behaviour ------------------------------------------------------------

def test_mapping_behaviour():
    assert len(D6) == 6
    assert list(D6.keys()) == [1, 2, 3, 4, 5, 6]
    assert D6[3] == F(1, 6)
    assert D6[7] == 0             # a missing outcome has probability 0, no KeyError
    assert 7 not in D6
    assert 3 in D6
    assert D6.get(7, "default") == 0
    assert sum(D6.values()) == 1


def test_equal_distributions_compare_and_hash_equal_whatever_their_order():
    a = Dist({1: F(1, 4), 2: F(3, 4)})
    b = Dist({2: F(3, 4), 1: F(1, 4)})
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1
    assert a != Dist({1: F(3, 4), 2: F(1, 4)})


def test_repr_shows_exact_fractions():
    assert repr(Dist({0: F(1, 4), 1: F(3, 4)})) == "Dist({0: 1/4, 1: 3/4})"


# --- Dist: composition ------------------------------------------------------------------

def test_map_merges_outcomes_that_map_together():
    parity = D6.map(lambda x: x % 2)
    assert dict(parity) == {1: F(1, 2), 0: F(1, 2)}
    assert dict(D6.map(lambda x: min(x, 3))) == {1: F(1, 6), 2: F(1, 6), 3: F(2, 3)}


def test_combine_two_d6_gives_36_equally_likely_pairs():
    pairs = D6.combine(D6)
    assert len(pairs) == 36
    assert set(pairs) == set(product(range(1, 7), repeat=2))
    assert set(pairs.values()) == {F(1, 36)}


def test_combine_doubles_is_one_sixth():
    doubles = D6.combine(D6, lambda a, b: a == b)
    assert doubles.p(True) == F(1, 6)
    assert doubles.p(False) == F(5, 6)


@pytest.mark.parametrize("slot", range(1, 7))
def test_combine_flatline_slot_shown_by_at_least_one_of_two_d6(slot):
    shown = D6.combine(D6, lambda a, b: slot in (a, b))
    assert shown.p(True) == F(11, 36)
    assert shown.p(True) == 1 - F(5, 6) ** 2   # the complement: neither die shows it


def test_combine_multiplies_probabilities_of_independent_unequal_dists():
    coin = Dist({"H": F(1, 3), "T": F(2, 3)})
    pairs = coin.combine(Dist.die(2))
    assert pairs[("H", 1)] == F(1, 6)
    assert pairs[("T", 2)] == F(1, 3)


def _brute_force_sum(n: int, sides: int = 6) -> dict[int, F]:
    counts = Counter(sum(roll) for roll in product(range(1, sides + 1), repeat=n))
    return {total: F(c, sides ** n) for total, c in counts.items()}


def test_plus_two_dists_is_the_distribution_of_the_sum():
    assert dict(D6 + D6) == _brute_force_sum(2)
    assert (D6 + D6).p(7) == F(1, 6)
    assert (D6 + D6).p(2) == F(1, 36)


def test_plus_a_number_shifts_and_works_from_either_side():
    assert dict(D6 + 10) == {k: F(1, 6) for k in range(11, 17)}
    assert 10 + D6 == D6 + 10


def test_matmul_two_d6():
    assert 2 @ D6 == D6 + D6
    assert (2 @ D6).p(7) == F(1, 6)


def test_matmul_three_d6():
    three = 3 @ D6
    assert dict(three) == _brute_force_sum(3)
    assert three.p(10) == F(1, 8)
    assert three.mean() == F(21, 2)
    assert three.variance() == F(35, 4)
    assert min(three) == 3 and max(three) == 18


def test_matmul_one_copy_is_the_dist_itself():
    assert 1 @ D6 == D6


@pytest.mark.parametrize("n", [0, -1, 2.0])
def test_matmul_needs_a_whole_number_of_copies(n):
    with pytest.raises(ValueError, match="n >= 1"):
        n @ D6


def test_given_a_predicate_conditions():
    high = D6.given(lambda x: x > 3)
    assert dict(high) == {4: F(1, 3), 5: F(1, 3), 6: F(1, 3)}


def test_given_an_outcome_is_certain():
    assert D6.given(3) == Dist.always(3)


def test_given_conditions_a_joint_distribution_bayes():
    pairs = D6.combine(D6)
    sum7 = pairs.given(lambda ab: ab[0] + ab[1] == 7)
    assert len(sum7) == 6
    assert sum7.p(lambda ab: ab[0] == 1) == F(1, 6)
    sum_at_least_10 = pairs.given(lambda ab: sum(ab) >= 10)
    assert sum_at_least_10.p(lambda ab: ab[0] == 6) == F(1, 2)   # 3 of the 6 ways


@pytest.mark.parametrize("event", [7, lambda x: x > 6])
def test_given_an_impossible_event_is_an_error(event):
    with pytest.raises(ValueError, match="probability 0"):
        D6.given(event)


# --- Dist: summaries --------------------------------------------------------------------

def test_p_with_a_predicate_and_with_an_outcome():
    assert D6.p(lambda x: x % 2 == 0) == F(1, 2)
    assert D6.p(lambda x: x > 4) == F(1, 3)
    assert D6.p(lambda x: False) == 0
    assert D6.p(6) == F(1, 6)
    assert D6.p(0) == 0
    assert type(D6.p(lambda x: x > 4)) is F


def test_mean_and_variance_are_exact():
    assert D6.mean() == F(7, 2)
    assert D6.variance() == F(35, 12)
    assert type(D6.mean()) is F and type(D6.variance()) is F
    assert D6.sd() == pytest.approx(math.sqrt(35 / 12))
    skewed = Dist({0: F(3, 4), 4: F(1, 4)})
    assert skewed.mean() == 1
    assert skewed.variance() == F(3, 4) * 1 + F(1, 4) * 9


# --- Dist: sampling ---------------------------------------------------------------------

SAMPLED = [
    D6,
    2 @ D6,
    3 @ D6,
    Dist({"x": F(1, 2), "y": F(1, 3), "z": F(1, 6)}),
    Dist.from_weights({"rare": 1, "common": 98, "odd": 1}),
    Dist({"a": F(2, 7), "b": F(5, 21), "c": F(10, 21)}),
    Dist.always("only"),
]


@pytest.mark.parametrize("dist", SAMPLED, ids=range(len(SAMPLED)))
def test_outcome_at_over_the_whole_range_reproduces_every_probability_exactly(dist):
    n = dist.denominator
    assert n == math.lcm(*(p.denominator for p in dist.values()))
    counts = Counter(dist.outcome_at(r) for r in range(n))
    assert {o: F(c, n) for o, c in counts.items()} == dict(dist)


@pytest.mark.parametrize("dist", SAMPLED, ids=range(len(SAMPLED)))
def test_sample_with_rng_uses_one_draw_below_the_denominator(dist):
    rng = Rng(11)
    twin = rng.copy()
    for _ in range(50):
        assert dist.sample(rng) == dist.outcome_at(twin.below(dist.denominator))
    assert rng.draws == 50


def test_sample_with_random_random_uses_randrange():
    a, b = random.Random(5), random.Random(5)
    assert [D6.sample(a) for _ in range(30)] == [D6.outcome_at(b.randrange(6)) for _ in range(30)]


def test_seeded_samples_cover_every_outcome_and_nothing_else():
    rng = Rng("cover")
    two = 2 @ D6
    seen = Counter(two.sample(rng) for _ in range(3000))
    assert set(seen) == set(range(2, 13))


# --- Dist: display ----------------------------------------------------------------------

def test_table_lists_every_outcome_with_its_exact_fraction_and_decimal():
    d = Dist({"win": F(1, 3), "loss": F(2, 3)})
    rows = d.table().splitlines()
    assert len(rows) == 2
    assert rows[0].split()[:3] == ["win", "1/3", "0.3333"]
    assert rows[1].split()[:3] == ["loss", "2/3", "0.6667"]
    assert rows[1].count("#") == round(2 / 3 * 40)


def test_table_of_a_die():
    table = D6.table()
    for k in range(1, 7):
        assert any(line.split()[:2] == [str(k), "1/6"] for line in table.splitlines())


def test_html_view_has_the_outcomes_and_exact_fractions_escaped():
    d = Dist({"<b>": F(1, 4), "ok": F(3, 4)})
    html = d._repr_html_()
    assert html.startswith("<table") and html.endswith("</table>")
    assert "<td>&lt;b&gt;</td><td>1/4</td>" in html
    assert "<td>ok</td><td>3/4</td>" in html
    assert "<b>" not in html
    assert html.count("<tr>") == 3   # header + 2 outcomes


# --- Proportion: the Wilson score interval ----------------------------------------------

def wilson(x: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """The Wilson interval as the two roots in p of (x/n - p)^2 = z^2 p (1 - p) / n."""
    z = NormalDist().inv_cdf(1 - (1 - level) / 2)
    phat = x / n
    a = 1 + z * z / n
    b = -(2 * phat + z * z / n)
    c = phat * phat
    root = math.sqrt(b * b - 4 * a * c)
    return (-b - root) / (2 * a), (-b + root) / (2 * a)


@pytest.mark.parametrize(("x", "n", "level"), [
    (0, 10, 0.95), (10, 10, 0.95), (50, 100, 0.95), (81, 263, 0.95), (1, 29, 0.95),
    (7, 40, 0.99), (3, 5, 0.80), (999, 1000, 0.999),
])
def test_wilson_interval_matches_the_formula(x, n, level):
    lo, hi = Proportion(x, n, level).interval
    exp_lo, exp_hi = wilson(x, n, level)
    assert lo == pytest.approx(exp_lo, abs=1e-12)
    assert hi == pytest.approx(exp_hi, abs=1e-12)


def test_wilson_zero_and_all_successes():
    z = NormalDist().inv_cdf(0.975)
    upper_at_zero = z * z / (10 + z * z)   # closed form at x = 0
    lo, hi = Proportion(0, 10).interval
    assert lo == pytest.approx(0, abs=1e-12)
    assert hi == pytest.approx(upper_at_zero, rel=1e-12)
    lo, hi = Proportion(10, 10).interval
    assert lo == pytest.approx(1 - upper_at_zero, rel=1e-12)
    assert hi == pytest.approx(1, abs=1e-12)
    assert Proportion(50, 100).interval == pytest.approx((0.4038, 0.5962), abs=5e-5)


@pytest.mark.parametrize(("x", "n", "published"), [
    # Newcombe (1998), Statistics in Medicine 17:857-872, Table II, method 3 (Wilson, no correction)
    (81, 263, (0.2553, 0.3662)),
    (15, 148, (0.0624, 0.1605)),
    (0, 20, (0.0000, 0.1611)),
    (1, 29, (0.0061, 0.1718)),
])
def test_wilson_interval_matches_published_values(x, n, published):
    assert Proportion(x, n).interval == pytest.approx(published, abs=5e-5)


@pytest.mark.parametrize(("x", "n"), [(0, 10), (0, 13), (0, 34), (13, 13), (15, 15), (38, 38)])
def test_wilson_interval_contains_the_observed_proportion_at_the_extremes(x, n):
    # regression: floating-point rounding once left 2.8e-17 as the lower bound of 0/10 and an
    # upper bound just below 1 for 13/13, so the observed proportion fell outside its own interval
    p = Proportion(x, n)
    assert p.estimate in p
    lo, hi = p.interval
    assert (lo, hi)[0 if x == 0 else 1] == p.estimate


@pytest.mark.parametrize("n", [1, 2, 5, 10, 37, 100])
def test_wilson_interval_stays_inside_0_1_and_around_the_estimate(n):
    for x in range(n + 1):
        lo, hi = Proportion(x, n).interval
        assert 0.0 <= lo < hi <= 1.0
        assert lo - 1e-12 <= x / n <= hi + 1e-12


def test_higher_level_gives_a_wider_interval():
    lo95, hi95 = Proportion(30, 100).interval
    lo99, hi99 = Proportion(30, 100, 0.99).interval
    assert lo99 < lo95 and hi99 > hi95


def test_proportion_in_operator():
    p = Proportion(412, 1000)
    assert 0.412 in p
    assert 0.40 in p
    assert 0.45 not in p
    assert 0.37 not in p
    lo, hi = p.interval
    assert lo in p and hi in p


def test_proportion_str_shows_estimate_interval_n_and_simulated():
    assert str(Proportion(412, 1000)) == "41.2% (95% CI 38.2%–44.3%, n=1000, simulated)"
    assert "99% CI" in str(Proportion(412, 1000, 0.99))
    assert "simulated" in Proportion(1, 4)._repr_html_()


def test_proportion_and_mean_str_show_a_999_level_truthfully():
    # regression: the level was formatted with '.0%', printing a 99.9% interval as "100% CI"
    assert "(99.9% CI " in str(Proportion(1000, 6000, 0.999))
    assert "(99.9% CI " in str(Mean.of([1, 2, 3], level=0.999))
    assert "(90% CI " in str(Proportion(1, 2, 0.9))


def test_proportion_estimate():
    assert Proportion(3, 12).estimate == 0.25


@pytest.mark.parametrize(("x", "n"), [(0, 0), (1, 0), (-1, 10), (11, 10)])
def test_proportion_rejects_impossible_counts(x, n):
    with pytest.raises(ValueError, match="successes"):
        Proportion(x, n)


@pytest.mark.parametrize("level", [0, 1, 1.5, -0.2])
def test_proportion_rejects_a_level_outside_0_1(level):
    with pytest.raises(ValueError, match="confidence level"):
        Proportion(5, 10, level).interval  # noqa: B018


# --- Mean -------------------------------------------------------------------------------

def test_mean_of_values():
    values = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]
    m = Mean.of(values)
    assert m.n == 8
    assert m.estimate == pytest.approx(5.0)
    assert m.sd == pytest.approx(statistics.stdev(values))
    half = NormalDist().inv_cdf(0.975) * statistics.stdev(values) / math.sqrt(8)
    assert m.interval == pytest.approx((5.0 - half, 5.0 + half))
    assert 5.0 in m
    assert 8.0 not in m


def test_mean_of_accepts_a_generator_and_a_level():
    m99 = Mean.of((x for x in range(10)), level=0.99)
    m95 = Mean.of(range(10))
    assert m99.estimate == pytest.approx(4.5)
    assert m99.interval[0] < m95.interval[0] and m99.interval[1] > m95.interval[1]


def test_mean_of_constant_values_has_zero_width():
    m = Mean.of([3, 3, 3])
    assert m.sd == 0
    assert m.interval == (3, 3)


def test_mean_str():
    assert str(Mean.of([1, 2, 3, 4])) == "2.5 (95% CI 1.23–3.77, n=4, simulated)"


@pytest.mark.parametrize("values", [[], [1.0]])
def test_mean_needs_two_values(values):
    with pytest.raises(ValueError, match="at least 2"):
        Mean.of(values)


# --- estimate ---------------------------------------------------------------------------

def test_estimate_runs_each_trial_with_its_index():
    seen = []

    def trial(i):
        seen.append(i)
        return i % 4 == 0

    p = estimate(trial, 100)
    assert seen == list(range(100))
    assert (p.successes, p.n, p.level) == (25, 100, 0.95)


def test_estimate_is_reproducible_with_seeded_trials():
    def trial(i):
        return D6.sample(Rng(i)) == 6

    a, b = estimate(trial, 500, level=0.99), estimate(trial, 500, level=0.99)
    assert a == b
    assert a.level == 0.99
    assert 1 / 6 in a


def test_a_simulated_frequency_of_doubles_lands_inside_its_999_interval():
    rng = Rng(20240)
    n = 20_000
    doubles = sum(D6.sample(rng) == D6.sample(rng) for _ in range(n))
    assert rng.draws == 2 * n
    p = Proportion(doubles, n, level=0.999)
    assert float(F(1, 6)) in p
    assert p.interval[1] - p.interval[0] < 0.02   # and the interval is tight enough to mean something


# --- Rng --------------------------------------------------------------------------------

def test_rng_is_exported_from_core():
    assert Rng is RngFromModule


def test_same_seed_same_sequence():
    a, b = Rng(42), Rng(42)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]


@pytest.mark.parametrize(("s1", "s2"), [(1, 2), (0, 1), ("a", "b"), (1, "1")])
def test_different_seeds_differ(s1, s2):
    a, b = Rng(s1), Rng(s2)
    assert [a.below(10**9) for _ in range(20)] != [b.below(10**9) for _ in range(20)]


@pytest.mark.parametrize("n", [1, 2, 6, 48, 1000, 2**70 + 3])
def test_below_stays_in_range(n):
    rng = Rng(n)
    values = [rng.below(n) for _ in range(300)]
    assert all(0 <= v < n for v in values)
    if n <= 6:
        assert set(values) == set(range(n))


def test_below_is_roughly_uniform():
    rng = Rng("chi")
    counts = Counter(rng.below(6) for _ in range(6000))
    chi2 = sum((counts[k] - 1000) ** 2 / 1000 for k in range(6))
    assert chi2 < 20.52   # 99.9% point of chi-square with 5 degrees of freedom


@pytest.mark.parametrize("n", [0, -3])
def test_below_needs_a_positive_bound(n):
    with pytest.raises(ValueError):
        Rng(1).below(n)


def test_draws_counts_each_call_once():
    rng = Rng(3)
    assert rng.draws == 0
    rng.below(6)
    rng.below(10**30)
    rng.below(1)
    assert rng.draws == 3


def test_draw_k_depends_only_on_seed_and_k():
    full = Rng(9)
    sequence = [full.below(100) for _ in range(10)]
    late = Rng(9, draws=6)
    assert [late.below(100) for _ in range(4)] == sequence[6:]


def test_copy_continues_the_same_sequence_independently():
    rng = Rng(5)
    for _ in range(7):
        rng.below(6)
    twin = rng.copy()
    assert (twin.seed, twin.draws) == (5, 7)
    ahead = [twin.below(100) for _ in range(5)]
    assert rng.draws == 7            # the copy moving on does not move the original
    assert [rng.below(100) for _ in range(5)] == ahead
    assert repr(rng) == "Rng(seed=5, draws=12)"


@pytest.mark.parametrize("seed", [True, False, 1.0, 2.5, None, b"x"])
def test_seed_must_be_an_int_or_str(seed):
    with pytest.raises(TypeError, match="seed"):
        Rng(seed)


def test_a_mixture_picks_a_distribution_uniformly_then_draws_from_it():
    coin, die = Dist.uniform("HT"), Dist.die(4)
    mixed = Dist.mixture([coin, die])
    assert mixed["H"] == F(1, 4) and mixed[3] == F(1, 8)
    assert Dist.mixture([die, die]) == die
