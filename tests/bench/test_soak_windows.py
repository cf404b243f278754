"""The soak's windowing (bench/soak.py) on synthetic samples: which window a move belongs to, the
errors and RSS each window reports, and the summary's growth and spread."""

from __future__ import annotations

from bench.soak import GRACE, Timeline, summary


def _timeline() -> Timeline:
    return Timeline(start=100.0, length=10.0, count=3)


def test_moves_go_to_the_window_they_were_due_in_and_outside_ones_are_dropped():
    line = _timeline()
    for due, ms in [(99.9, 1.0), (100.0, 2.0), (109.99, 4.0), (110.0, 8.0), (129.9, 16.0), (130.0, 32.0)]:
        line.add(due, ms)
    assert {i: list(s) for i, s in line.samples.items()} == {0: [2.0, 4.0], 1: [8.0], 2: [16.0]}


def test_each_window_reports_its_moves_percentiles_errors_and_rss_and_drops_its_samples():
    line = _timeline()
    line.tick(100.0, errors=5, rss=[50.0, 60.0], client_rss=30.0)
    for k in range(100):
        line.add(100.0 + k * 0.1, float(k + 1))  # 1..100 ms in window 1
    line.add(112.0, 7.0)
    for due, ms in [(100.5, 1.0), (101.0, 3.0), (111.0, 9.0)]:
        line.add_floor(due, ms)
    line.tick(110.5, errors=7, rss=[51.0, 61.0], client_rss=30.0)  # window 1 closed, in its grace
    assert line.rows == []
    line.tick(110.0 + GRACE, errors=8, rss=[52.0, 62.0], client_rss=31.0)  # also window 2's end
    assert line.rows == [
        {
            "window": 1,
            "from_s": 0,
            "moves": 100,
            "p50_ms": 50.0,
            "p99_ms": 99.0,
            "floor_p99_ms": 3.0,
            "p99_over_floor": 33.0,
            "errors": 2,
            "server_rss_mb": [51.0, 61.0],
            "client_rss_mb": 30.0,
        }
    ]
    assert 0 not in line.samples and list(line.samples[1]) == [7.0]
    line.tick(130.2, errors=9, rss=[53.0, 63.0], client_rss=31.0)
    rows = line.finish()
    assert [r["window"] for r in rows] == [1, 2, 3]
    assert [r["moves"] for r in rows] == [100, 1, 0]
    assert [r["errors"] for r in rows] == [2, 1, 1]  # 7 -> 8 by 120, 8 -> 9 by 130
    assert [r["server_rss_mb"] for r in rows] == [[51.0, 61.0], [52.0, 62.0], [53.0, 63.0]]
    assert rows[2]["p99_ms"] is None
    assert line.samples == {}


def test_a_window_skipped_by_a_slow_tick_still_gets_its_rss_and_errors():
    line = _timeline()
    line.tick(100.0, errors=0, rss=[10.0], client_rss=1.0)
    line.tick(125.0, errors=4, rss=[11.0], client_rss=1.0)  # windows 1 and 2 both ended
    assert line.errors_at == [0, 4, 4]
    assert line.rss_at == {0: [11.0, 1.0], 1: [11.0, 1.0]}


def test_the_summary_gives_rss_growth_after_the_first_window_and_the_p99_spread():
    rows = [
        {"p99_ms": 20.0, "floor_p99_ms": 4.0, "server_rss_mb": [100.0, 100.0], "client_rss_mb": 50.0},
        {"p99_ms": 22.0, "floor_p99_ms": 5.0, "server_rss_mb": [101.0, 102.0], "client_rss_mb": 50.0},
        {"p99_ms": 25.0, "floor_p99_ms": 6.0, "server_rss_mb": [103.0, 107.0], "client_rss_mb": 51.0},
    ]
    found = summary(rows)
    assert found["soak_windows"] == 3
    assert found["rss_growth_after_first_pct"] == 5.0
    assert found["client_rss_growth_after_first_pct"] == 2.0
    assert (found["p99_min_ms"], found["p99_max_ms"]) == (20.0, 25.0)
    assert found["p99_spread_pct"] == round(5 / 22 * 100, 1)
    assert found["floor_p99_spread_pct"] == 40.0  # (6 - 4) / 5
    # The p99 over the floor: 5.0, 4.4, 4.17; falling by 0.415 a window, 9.2% of its mean 4.52.
    assert (found["p99_over_floor_min"], found["p99_over_floor_max"]) == (4.17, 5.0)
    assert found["p99_over_floor_trend_pct"] == -9.2
    assert found["p99_trend_pct"] == round(2.5 / (67 / 3) * 100, 1)


def test_a_p99_that_climbs_window_by_window_shows_as_a_trend_a_wobble_does_not():
    def rows(p99s):
        return [
            {"p99_ms": p, "floor_p99_ms": 10.0, "server_rss_mb": [1.0], "client_rss_mb": 1.0} for p in p99s
        ]

    assert summary(rows([20, 30, 40, 50, 60, 70]))["p99_over_floor_trend_pct"] == 22.2
    assert abs(summary(rows([30, 50, 30, 50, 30, 50]))["p99_over_floor_trend_pct"]) < 5


def test_the_summary_of_no_windows_is_empty_not_an_error():
    assert summary([])["rss_growth_after_first_pct"] is None
    assert summary([])["p99_spread_pct"] is None


def test_a_soak_plays_400_tables_unless_told_and_is_not_held_to_the_200_s_window():
    from bench.options import parse

    assert parse([]).tables == 200
    soak = parse(["--soak", "1800"])
    assert (soak.tables, soak.seconds, soak.soak_window) == (400, 1800.0, 300.0)
    assert parse(["--soak", "60", "--tables", "10"]).tables == 10


def test_a_soak_refuses_a_window_or_length_of_zero(capsys):
    import pytest

    from bench.options import parse

    for argv in (["--soak", "0"], ["--soak", "10", "--soak-window", "0"], ["--seconds", "300"]):
        with pytest.raises(SystemExit):
            parse(argv)
    assert "must" in capsys.readouterr().err
