"""Allies one by one: ships, powers (Macron, Virus, Zombie, Mind, Philanthropist), rewards and
bases, and the advice on whom to invite and how many ships to send (closed forms)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cosmic import (
    Ally,
    BySide,
    ChallengeError,
    Edict,
    OpponentModel,
    PlayedEdict,
    Power,
    PowerOptions,
    Side,
    VirusAllies,
    anonymous_allies,
    solve,
)
from cosmic.advice import invitations, ships_to_send
from cosmic.fileformat import challenge_to_dict, parse_challenge
from tests.cosmic.support import reveal, tiny

F = Fraction


def allies(
    offense: tuple[Ally, ...] = (), defense: tuple[Ally, ...] = ()
) -> BySide[tuple[Ally, ...]]:
    return BySide(offense, defense)


def test_an_allied_macron_ship_counts_four_and_it_sends_one() -> None:
    # Your 5 with 2 ships and an ally's 1 ship against 8 + 2 = 10: 8 loses; the allied Macron's
    # ship counts 4: 11 wins.
    plain = tiny(["attack:5"], ["attack:8"], 1, allies=allies((Ally(1),)))
    assert solve(plain).row("attack:5").win == 0
    macron = tiny(["attack:5"], ["attack:8"], 1, allies=allies((Ally(1, Power.MACRON),)))
    assert solve(macron).row("attack:5").win == 1
    assert reveal(macron, "attack:5", "attack:8").totals == BySide(11, 10)
    with pytest.raises(
        ChallengeError, match=r"allies\.offense\[0\]\.ships: 2 ships; an allied macron"
    ):
        tiny(["attack:5"], ["attack:8"], 1, allies=allies((Ally(2, Power.MACRON),)))
    with pytest.raises(
        ChallengeError, match=r"allies\.defense\[0\]\.ships: 5 ships; an ally sends 1 to 4"
    ):
        tiny(["attack:5"], ["attack:8"], 1, allies=allies((), (Ally(5),)))


def test_a_virus_multiplies_an_allied_macron_and_an_allied_virus_adds() -> None:
    # A Virus's 5 with 2 ships and an allied Macron (worth 4): the text multiplies every ship on
    # the side, 5 x (2 + 4) = 30; the published rules 5 x 2 + 4 = 14.
    text = tiny(["attack:5"], ["attack:20"], 1, powers=BySide(Power.VIRUS, None),
                allies=allies((Ally(1, Power.MACRON),)))  # fmt: skip
    assert reveal(text, "attack:5", "attack:20").totals == BySide(30, 22)
    published = tiny(["attack:5"], ["attack:20"], 1, powers=BySide(Power.VIRUS, None),
                     allies=allies((Ally(1, Power.MACRON),)),
                     options=PowerOptions(virus_allies=VirusAllies.ADD))  # fmt: skip
    assert reveal(published, "attack:5", "attack:20").totals == BySide(14, 22)
    # An allied Virus is not a main player: its 3 ships add 3.
    ally_virus = tiny(["attack:5"], ["attack:20"], 1, allies=allies((Ally(3, Power.VIRUS),)))
    assert reveal(ally_virus, "attack:5", "attack:20").totals == BySide(10, 22)


def test_losing_allies_go_to_the_warp_unless_zombie_and_a_void_removes_them() -> None:
    # Your 1 (offense) loses to 20: your ally's 3 ships go to the warp, an allied Zombie's do
    # not; against a winning Void both are removed from the game (a Zombie is not immune).
    c = tiny(["attack:1"], ["attack:20"], 1, allies=allies((Ally(3), Ally(2, Power.ZOMBIE))))
    e = reveal(c, "attack:1", "attack:20")
    assert (e.ally_warp.offense, e.ally_removed.offense) == ((3, 0), (0, 0))
    void = tiny(["attack:1"], ["attack:20"], 1, powers=BySide(None, Power.VOID),
                allies=allies((Ally(3), Ally(2, Power.ZOMBIE))))  # fmt: skip
    e = reveal(void, "attack:1", "attack:20")
    assert (e.ally_warp.offense, e.ally_removed.offense) == ((0, 0), (3, 2))
    odds = solve(void).row("attack:1")
    assert [(a.name, a.win, a.lost) for a in odds.allies] == [
        ("offense ally 1", 0, 3),
        ("offense ally 2", 0, 2),
    ]


def test_rewards_of_defensive_allies_and_bases_of_offensive_allies() -> None:
    # Its random card of {20, 1}. Your 6 with 2 ships and 1 allied ship (9) against 20 + 2 + 3
    # defending allied ships: the defense wins, each defensive ally takes one reward per ship;
    # against 1 + 2 + 3 = 6 the offense wins, the offensive ally lands: a base.
    c = tiny(["attack:6"], ["attack:20", "attack:1"], 1, opponent=OpponentModel.RANDOM,
             allies=allies((Ally(1, name="red"),), (Ally(3, name="blue"),)))  # fmt: skip
    red, blue = solve(c).row("attack:6").allies
    assert (red.name, red.win, red.bases, red.lost) == ("red", F(1, 2), F(1, 2), F(1, 2))
    assert (blue.name, blue.win, blue.rewards, blue.lost) == ("blue", F(1, 2), F(3, 2), F(3, 2))
    # Ionic Gas played: no rewards (and no consolation).
    gas = c.replace(edicts=(PlayedEdict(Edict.IONIC_GAS),))
    assert solve(gas).row("attack:6").allies[1].rewards == 0


def test_a_compromising_side_loses_its_allies_and_a_deal_sends_them_home() -> None:
    c = tiny(["compromise"], ["attack:4", "compromise"], 1, opponent=OpponentModel.RANDOM,
             allies=allies((Ally(2),), (Ally(1),)))  # fmt: skip
    e = reveal(c, "compromise", "attack:4")
    assert e.ally_warp.offense == (2,) and e.ally_warp.defense == (0,)
    deal = reveal(c, "compromise", "compromise")
    assert deal.ally_warp == BySide((0,), (0,)) and deal.rewards == (0,)


def test_an_allied_mind_shows_you_the_hand() -> None:
    # As for your own Mind (tests/cosmic/test_powers.py): the hand is one of {10, C}; seeing it
    # you play the morph or the attack and always win.
    c = tiny(["attack:1", "morph"], ["attack:10", "compromise"], 1, ships=(4, 1),
             allies=allies((Ally(1, Power.MIND),)))  # fmt: skip
    report = solve(c)
    assert report.plan("mind").odds.win == 1
    opposing = tiny(["attack:1", "morph"], ["attack:10", "compromise"], 1, ships=(4, 1),
                    allies=allies((), (Ally(1, Power.MIND),)))  # fmt: skip
    assert [p.name for p in solve(opposing).plans] == ["play"]


def test_the_opponents_allied_philanthropist_gives_it_an_unseen_card() -> None:
    # Without a gift it holds one random card of {20, C}: your 12 wins 1/2 (highest: the 20 or
    # the compromise). With its ally's gift it holds both and plays the 20: you never win.
    base = {"opponent": OpponentModel.HIGHEST,
            "allies": allies((), (Ally(1, Power.PHILANTHROPIST),))}  # fmt: skip
    c = tiny(["attack:12"], ["attack:20", "compromise"], 1, **base)
    assert solve(c).row("attack:12").win == F(1, 2)
    gift = c.replace(options=PowerOptions(philanthropist_gives=True))
    assert gift.opponent_random == 2
    assert solve(gift).row("attack:12").win == 0
    with pytest.raises(ChallengeError, match="philanthropist_gives"):
        c.replace(allies=allies(), options=PowerOptions(philanthropist_gives=True))


def test_allies_together_read_as_anonymous_allies_and_files_round_trip() -> None:
    assert [a.ships for a in anonymous_allies(9)] == [4, 4, 1]
    c = tiny(["attack:5"], ["attack:8"], 1, allies=BySide(6, 0))
    assert [a.ships for a in c.allies.offense] == [4, 2]
    from cosmic import preset
    from cosmic.challenge import Challenge

    real = Challenge(preset("eon"), Side.DEFENSE, (), BySide(2, 3),
                     allies((Ally(1, Power.MACRON, "red"),), (Ally(4, None, "blue"),)), 7)  # fmt: skip
    doc = challenge_to_dict(real)
    assert doc["allies"] == {
        "offense": [{"ships": 1, "power": "macron", "name": "red"}],
        "defense": [{"ships": 4, "power": None, "name": "blue"}],
    }
    assert parse_challenge(doc) == real
    with pytest.raises(ChallengeError, match="already offense's power"):
        tiny(["attack:5"], ["attack:8"], 1, powers=BySide(Power.MACRON, None),
             ships=(1, 1), allies=allies((), (Ally(1, Power.MACRON),)))  # fmt: skip


def test_whom_to_invite() -> None:
    # Your 5 with 2 ships against 8 + 2 = 10. Alone: 7 loses. With green's 4 ships: 11 wins and
    # green gains a base. With yellow's 2: 9 loses. With both: 13 wins, two bases given away.
    # Best: green alone (the same win, fewer bases for rivals).
    c = tiny(["attack:5"], ["attack:8"], 1)
    rows, best = invitations(c, (Ally(4, name="green"), Ally(2, name="yellow")))
    got = {r.label: (r.odds.win, r.ally_bases) for r in rows}
    assert got == {"nobody": (0, 0), "green": (1, 1), "yellow": (0, 0), "green, yellow": (1, 2)}
    assert best.label == "green"


def test_ships_to_send() -> None:
    # Its random card of {4, 7} with 2 defending ships (6 or 9). Your 5 with n ships: n = 1
    # (6) loses both; n = 2 or 3 beats the 4 only; n = 4 (9) ties the 7: the defense wins.
    # Each count from 2 wins 1/2; the fewest ships lose the least: send 2 (1 ship lost on
    # average, against 1.5 for 3 and 2 for 4).
    c = tiny(["attack:5"], ["attack:4", "attack:7"], 1, opponent=OpponentModel.RANDOM)
    rows, best = ships_to_send(c)
    assert [(r.ships, r.odds.win, r.odds.lost) for r in rows] == [
        (1, 0, 1),
        (2, F(1, 2), 1),
        (3, F(1, 2), F(3, 2)),
        (4, F(1, 2), 2),
    ]
    assert best.ships == 2 and str(best.card) == "attack:5"
    with pytest.raises(ChallengeError, match="only the offense"):
        ships_to_send(c.replace(you=Side.DEFENSE))
    macron = tiny(["attack:5"], ["attack:4"], 1, ships=(1, 2), powers=BySide(Power.MACRON, None))
    assert [r.ships for r in ships_to_send(macron)[0]] == [1]
