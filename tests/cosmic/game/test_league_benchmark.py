"""A smoke test of ``benchmarks/cosmic_league.py`` (its 800 games are a benchmark): a few games
end by the rules and the report states what the issue asks for."""

from __future__ import annotations

from benchmarks.cosmic_league import PUBLISHED, Played, play, report, wilson


def test_a_few_league_games_end_by_the_rules_and_are_reported() -> None:
    games = [play(players, seed) for players in (3, 6) for seed in range(2)]
    assert all(g.ended in ("five_foreign_bases", "last_in_play") for g in games)
    text = report(games)
    assert "3 players: 2/2 ended by the rules" in text and "6 players: 2/2" in text
    assert "95% interval" in text


def test_a_stuck_game_is_named_with_the_command_that_plays_it() -> None:
    stuck = Played(4, 5, ("oracle", "amoeba", "void", "trader"), (), "stuck", 400, -1, 1.0)
    done = Played(
        4, 6, ("mind", "zombie", "laser", "clone"), (1,), "five_foreign_bases", 9, 14, 1.0
    )
    text = report([stuck, done])
    assert "4 players: 1/2 ended by the rules" in text
    assert "stuck: fleetlab cosmic-play --players 4 --seed 5" in text


def test_the_rank_correlation_is_that_of_the_win_shares() -> None:
    # Powers that win in the published order agree perfectly; reversed, they disagree.
    order = sorted(PUBLISHED, key=PUBLISHED.__getitem__)

    def games(ranked: list[str]) -> list[Played]:
        return [
            Played(3, i, (p, "mind", "vulch"), (0,) if i < 2 * rank else (1,), "x", 1, 1, 0.0)
            for rank, p in enumerate(ranked)
            for i in range(2 * len(ranked))
        ]

    assert "both have: +1.00" in report(games(order))
    assert "both have: -1.00" in report(games(order[::-1]))


def test_the_wilson_interval_holds_the_share() -> None:
    low, high = wilson(3, 10)
    assert low < 0.3 < high and low >= 0 and high <= 1
