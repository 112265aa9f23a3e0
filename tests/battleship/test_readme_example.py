"""The README's library example runs as it is written and prints what its comments say."""

import contextlib
import io
import re
from pathlib import Path

from battleship import Coordinate

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_example_plays_a_seeded_game_and_asks_the_admiral():
    example = re.search(r"## The library\n.*?```python\n(.*?)```", README.read_text(), re.S)
    assert example, "the README has no library example"
    code = example.group(1)
    assert len(code.splitlines()) <= 10
    printed = io.StringIO()
    scope: dict[str, object] = {}
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "README.md", "exec"), scope)  # noqa: S102 (our own README)
    first, advice = printed.getvalue().splitlines()
    assert first == "False 1"  # as its comment says: a miss, player 1 to move
    game = scope["game"]
    cell = Coordinate.parse(advice)
    assert cell not in game.view_for(0).targeted  # a cell player 0 may fire at next
    assert game.current_player == 0
