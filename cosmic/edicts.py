"""The edicts that change a challenge, as the sources describe them, and the ones that do not.

The forum text says only that edicts "can turn the tides of the conflict" and are played when
the card says. Their effects below are those of the base-game edicts as the Cosmic Encounter
wiki lists them (FFG's artifacts, "previously Edicts"):

* Cosmic Zap: cancel a power as its player attempts to use it.
* Emotion Control: at the reveal, every revealed attack card becomes a compromise.
* Force Field: during alliances, cancel the alliances of the player's choice.
* Ionic Gas: at the resolution, no compensation (consolation) or rewards are collected.
* Quash: kill a deal after it is made; both players suffer the penalty of a failed deal.

Card Zap (cancel an edict as it is played), Mobius Tubes (free ships from the warp) and Plague
(a player loses ships and cards) act outside the resolution of one challenge or on other edicts:
the odds of one challenge do not model them (they are cards that take places in a hand); the
whole game plays them (``cosmic.game.edicts``).

An edict can change a challenge in two ways, and the challenge file has one place for each:

* **played**: already on the table (``Challenge.edicts``, ``PlayedEdict``), a fact the odds take
  as given: a zapped power is absent, cancelled alliances are gone, Emotion Control or Ionic Gas
  act at the reveal, a quashed deal fails.
* **held**: a named edict in your hand (``edict:cosmic_zap``) is yours to play. At the reveal you
  play Emotion Control, or a Cosmic Zap on a power that acts at the reveal, when doing so
  improves your odds (``Solver.reveal_choice``); before cards you may zap a power that acts
  before cards or raise a Force Field against the opponent's allies (plans). A held Ionic Gas or
  Quash changes nothing your objective weighs (consolation cards, allies' rewards; killing a
  deal costs you three ships), so Fleetlab does not play them for you. Edicts the opponent may
  hold are unknown cards: the opponent models do not play them.

>>> EDICTS[Edict.EMOTION_CONTROL].changes_challenge, EDICTS[Edict.PLAGUE].changes_challenge
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from cosmic.cards import Edict

__all__ = ["EDICTS", "EdictRule", "PlayedEdict"]


@dataclass(frozen=True, slots=True)
class EdictRule:
    """What one edict does to a challenge (``changes_challenge`` false: nothing modelled)."""

    edict: Edict
    changes_challenge: bool
    summary: str
    targets: bool = False


EDICTS: dict[Edict, EdictRule] = {
    r.edict: r
    for r in (
        EdictRule(Edict.COSMIC_ZAP, True, "cancel a power as it is used", targets=True),
        EdictRule(Edict.EMOTION_CONTROL, True, "at the reveal, attack cards become compromises"),
        EdictRule(Edict.FORCE_FIELD, True, "cancel the alliances of one side", targets=True),
        EdictRule(Edict.IONIC_GAS, True, "no consolation or rewards are collected"),
        EdictRule(Edict.QUASH, True, "kill a deal after it is made: it fails"),
        EdictRule(Edict.CARD_ZAP, False, "cancel an edict as it is played (not modelled)"),
        EdictRule(Edict.MOBIUS_TUBES, False, "free ships from the warp (not in a challenge)"),
        EdictRule(Edict.PLAGUE, False, "a player loses ships and cards (not in a challenge)"),
    )
}

TARGETS = ("offense", "defense")


@dataclass(frozen=True, slots=True)
class PlayedEdict:
    """An edict already played on this challenge.

    ``target`` names what it acts on: for a Cosmic Zap the player whose power it cancels
    (``offense``, ``defense``, ``offense.allies[0]`` ...); for a Force Field the side whose
    alliances it cancels (``offense``, ``defense``) or one ally (``defense.allies[1]``). Other
    edicts take no target.
    """

    edict: Edict
    target: str = ""

    def __str__(self) -> str:
        return f"{self.edict.value}:{self.target}" if self.target else self.edict.value
