"""`python -m loadtest.friend_latency` runs through, small, and says per connection what the
streams actually open cost."""

from __future__ import annotations

import pytest

from loadtest import friend_latency
from loadtest.run import redis_reachable


def test_the_command_runs_through_on_sqlite(capsys):
    if not redis_reachable(friend_latency.REDIS_URL):
        pytest.skip("no Redis")
    args = ["--database", "sqlite", "--moves", "2", "--streams", "4", "--idle-games", "1"]
    assert friend_latency.main([*args, "--probe", "2"]) == 0
    printed = capsys.readouterr().out
    assert "POST to the other player's event, 2 moves" in printed
    assert "4 idle event streams (1 games) on one worker process" in printed
    assert "moves of another game reached its other player" in printed


def test_the_figure_per_connection_divides_by_the_streams_open():
    held = {"before": 1000, "after": 2000, "open_at_rss": 10, "opened_in": 1.0}
    assert friend_latency.per_connection_kib(held) == 100
    line = friend_latency.idle_streams_line(held, streams=20, idle_games=2)
    assert line.startswith("10 idle event streams (20 asked for) (2 games)")
    assert line.endswith("100.0 KiB per connection")
