"""The `flatlab` command: play, simulate, option errors, and a real `python -m flatlab` run."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from flatlab.cli import main
from flatlab.games.flash_point.board import LAYOUT_DIR

ROOT = Path(__file__).resolve().parents[1]
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"
PYTHON = str(VENV_PYTHON) if VENV_PYTHON.exists() else sys.executable


def run_main(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_play_prints_a_narrated_log(capsys):
    code, out, err = run_main(capsys, ["play", "flash-point", "--seed", "7"])
    assert code == 0
    assert err == ""
    lines = out.rstrip("\n").splitlines()
    assert lines[0].startswith("[turn 0 · set-up] ")
    assert "advance-fire roll" in out
    assert "p = 1/48" in out
    rolls = [line for line in lines if "advance-fire roll" in line]
    assert rolls and all("(p = 1/48)" in line for line in rolls)
    assert re.match(r"The game is over: (won|lost)\.$", lines[-1])
    assert "House A (front side)" in out          # the default layout's board is drawn at the end


def test_play_is_deterministic_and_depends_on_the_seed(capsys):
    _, first, _ = run_main(capsys, ["play", "flash-point", "--seed", "7"])
    _, again, _ = run_main(capsys, ["play", "flash-point", "--seed", "7"])
    _, other, _ = run_main(capsys, ["play", "flash-point", "--seed", "8"])
    assert first == again
    assert first != other


def test_play_with_options(capsys):
    code, out, _ = run_main(capsys, ["play", "flash-point", "--seed", "3", "--policy", "random",
                                     "--players", "4", "--layout", "house-b"])
    assert code == 0
    assert "House B (back side)" in out
    setup_lines = [line for line in out.splitlines() if line.startswith("[turn 0 · set-up]")
                   and " starts at " in line]
    assert len(setup_lines) == 4
    assert out.rstrip().splitlines()[-1].startswith("The game is over")


def test_simulate_prints_a_win_rate_with_its_interval(capsys):
    code, out, err = run_main(capsys, ["simulate", "flash-point", "--games", "20", "--seed", "1",
                                       "--policy", "random"])
    assert code == 0
    assert err == ""
    assert "policy random, 20 games" in out
    win = re.search(r"win rate:\s+(\d+\.\d)% \(95% CI (\d+\.\d)%–(\d+\.\d)%, n=20, simulated\)", out)
    assert win, out
    estimate, lo, hi = (float(x) for x in win.groups())
    assert 0 <= lo <= estimate <= hi <= 100
    assert re.search(r"speed:\s+\d+ games/s", out)
    assert "95% CI" in out and "games/s" in out


def test_simulate_the_experienced_game_with_variants_and_specialists(capsys):
    code, out, err = run_main(capsys, [
        "simulate", "flash-point", "--games", "3", "--seed", "1", "--policy", "random",
        "--mode", "experienced", "--difficulty", "heroic", "--players", "2",
        "--variants", "unmarked-hazards,murphy-strikes", "--specialists", "generalist,paramedic"])
    assert code == 0, err
    assert ("mode=experienced, difficulty=heroic, specialists=['generalist', 'paramedic'], "
            "variants=['unmarked-hazards', 'murphy-strikes']") in out
    assert re.search(r"win rate:\s+\d+\.\d% \(95% CI", out)


@pytest.mark.parametrize(("argv", "names"), [
    (["play", "flash-point", "--mode", "experienced", "--difficulty", "legend"], "difficulty"),
    (["play", "flash-point", "--mode", "experienced", "--variants", "snow"], "variants"),
    (["play", "flash-point", "--mode", "experienced", "--specialists", "chef"], "specialists"),
    (["play", "flash-point", "--difficulty", "heroic"], "difficulty"),
    (["play", "flash-point", "--players", "9"], "players"),
    (["play", "flash-point", "--players", "0"], "players"),
    (["simulate", "flash-point", "--players", "9", "--games", "2"], "players"),
    (["play", "flash-point", "--layout", "nope"], "layout"),
    (["play", "flash-point", "--setup", "weird"], "setup"),
    (["play", "flash-point", "--colour", "red"], "colour"),
    (["play", "flash-point", "--layout"], "game options come as --name value pairs"),
    (["play", "flash-point", "--policy", "clever"], "policy"),
    (["simulate", "flash-point", "--games", "1"], "games"),
])
def test_a_bad_option_returns_2_and_names_it(capsys, argv, names):
    code, out, err = run_main(capsys, argv)
    assert code == 2
    assert out == ""
    assert err.startswith(f"flatlab: {names}")
    assert "Traceback" not in err


def test_a_bad_players_option_says_what_is_allowed(capsys):
    _, _, err = run_main(capsys, ["play", "flash-point", "--players", "9"])
    assert "1 to 6" in err and "9" in err


def test_an_unknown_layout_names_it_and_the_choices(capsys):
    _, _, err = run_main(capsys, ["play", "flash-point", "--layout", "nope"])
    assert "'nope'" in err
    assert "house-a" in err and "house-b" in err and "open" in err


def test_a_broken_layout_file_names_its_line_and_column(capsys, tmp_path):
    text = (LAYOUT_DIR / "open.toml").read_text(encoding="utf-8")
    lines = text.split("\n")
    row1 = lines.index('map = """') + 3          # 0-based index of map row 1
    lines[row1] = lines[row1][:2] + "Q" + lines[row1][3:]
    path = tmp_path / "broken.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    code, _, err = run_main(capsys, ["play", "flash-point", "--layout", str(path)])
    assert code == 2
    assert err.startswith("flatlab: ")
    assert f"broken.toml, line {row1 + 1}, column 3: unknown space mark 'Q' at (1, 1)" in err


def test_an_own_layout_file_plays(capsys, tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text((LAYOUT_DIR / "open.toml").read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = run_main(capsys, ["play", "flash-point", "--layout", str(path), "--seed", "2"])
    assert code == 0
    assert "Open plan (teaching)" in out


@pytest.mark.parametrize("argv", [
    ["play", "chess"],                               # not a game flatlab has
    ["play", "flash-point", "--players", "many"],    # not a number
    [],                                              # no command
])
def test_argparse_rejects_malformed_command_lines_with_exit_2(capsys, argv):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "usage: flatlab" in capsys.readouterr().err


def test_python_m_flatlab_play_is_deterministic(capsys):
    argv = [PYTHON, "-m", "flatlab", "play", "flash-point", "--seed", "7"]
    runs = [subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=60) for _ in range(2)]
    for run in runs:
        assert run.returncode == 0, run.stderr
        assert run.stderr == ""
        assert "p = 1/48" in run.stdout
    assert runs[0].stdout == runs[1].stdout
    # ...and it is the very game that `main` narrates in this process
    _, out, _ = run_main(capsys, ["play", "flash-point", "--seed", "7"])
    assert runs[0].stdout == out
