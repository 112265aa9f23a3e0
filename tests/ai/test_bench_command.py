import json

from django.core.management import call_command

from games.ai.benchmark import fleets_to_json, measure, random_fleets
from games.engine import RuleSet


def test_it_prints_a_table_for_one_level(capsys):
    call_command("bench_ai", "--level", "3", "--games", "3", "--seed", "2")
    out = capsys.readouterr().out
    assert "Lieutenant" in out
    assert "mean" in out


def test_it_prints_json_for_fleets_read_from_a_file(tmp_path, capsys):
    layouts = tmp_path / "fleets.json"
    layouts.write_text(fleets_to_json(random_fleets(RuleSet.standard(), 2, 5)))
    call_command("bench_ai", "--level", "5", "--games", "2", "--layouts", str(layouts), "--json")
    (result,) = json.loads(capsys.readouterr().out)
    assert result["name"] == "Admiral"
    assert result["games"] == 2
    assert 17 <= result["shots"]["mean"] <= 100


def test_it_compares_placements(capsys):
    call_command("bench_ai", "--placement", "--games", "2", "--seed", "1")
    out = capsys.readouterr().out
    assert "Captain" in out
    assert "Admiral" in out


def test_the_levels_are_ordered_on_the_same_fleets():
    fleets = random_fleets(RuleSet.standard(), 16, 7)
    means = [measure(level, fleets, seed=7).mean for level in (1, 2, 3, 4, 5)]
    assert means[0] > means[1] > means[2] > max(means[3], means[4])
