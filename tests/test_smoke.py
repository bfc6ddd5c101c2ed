import flatlab


def test_a_seeded_game_plays_to_the_end():
    g = flatlab.new_game("flash-point", players=3, seed=7)
    from flatlab.games.flash_point.bots import heuristic_policy

    assert g.play(heuristic_policy(7)) in ("won", "lost")
    assert g.over
