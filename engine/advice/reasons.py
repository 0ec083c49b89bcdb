"""One line a player reads for each advised turn: what it does, the odds it wins or moves, and
its value in victory points.

* **An attack** (a Move that brings the seat's ships into a fight) gives the odds of holding the
  sector afterwards, by Fleetlab's own solver: "attack sector 214 with 2 cruisers: 91% to win,
  +2.0 VP against passing". Ships sent into a fight the seat is already in say how the odds move
  ("reinforce sector 214 with 1 cruiser: 80% to win instead of 55%").
* **A research, an upgrade or a build** names the fight whose odds it moves most
  (``stakes.biggest_change``): "research Plasma Cannon: with Plasma Cannon on your interceptors
  you win 64% against Blue's fleet in sector 214 instead of 31%".
* **Anything else** says what it does in words and the estimate in VP.

The value ends every line (``words.vp_text``): the difference to passing when passing was
weighed, else the expected VP margin.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from blueprints import ShipClass
from blueprints.catalogue import tech
from engine.actions.base import Action
from engine.actions.build import Build
from engine.actions.colony import Colonize
from engine.actions.combat import AssignDamage, Attack, KeepReputation, RetreatTo
from engine.actions.diplomacy import AcceptDiplomacy, DeclineDiplomacy, ProposeDiplomacy
from engine.actions.discovery import KeepAsVp, TakeReward
from engine.actions.explore import DiscardSector, ExploreZone, PlaceSector
from engine.actions.influence import InfluenceDisc
from engine.actions.minor_species import AllyMinorSpecies
from engine.actions.move import MoveDamagedShip, MoveShip
from engine.actions.pulsar import ActivatePulsar
from engine.actions.research import Research
from engine.actions.trade import Trade
from engine.actions.turn import Claim, Decline, Pass, TakeAction, TakeReaction
from engine.actions.upgrade import PlacePart, ReturnPart
from engine.advice.position import Position
from engine.advice.stakes import Change, biggest_change
from engine.advice.turns import Turn
from engine.advice.words import (
    classes_text,
    join,
    part_name,
    percent,
    plural,
    ships_text,
    tech_name,
    times,
    vp_text,
)
from engine.enums import ActionKind
from engine.galaxy import is_contested, zone_ring
from engine.hexes import Hex
from engine.planner import OddsBook
from engine.state import NPC, GameState
from engine.upkeep import Abandon, PayUpkeep

STRUCTURES = {"orbital": "an orbital", "monolith": "a monolith"}


def reason(
    position: Position, seat: int, turn: Turn, baseline: float | None, odds: OddsBook
) -> str:
    """The line for a turn (see the module doc)."""
    words, detail = _describe(position, seat, turn, odds)
    extras = _extras(turn.steps)
    if extras:
        words += f" ({extras})"
    passes = any(isinstance(s, Pass) for s in turn.steps)
    value = vp_text(turn.estimate.value, None if passes else baseline)
    return f"{words}: {detail}, {value}" if detail else f"{words}: {value}"


def _kind(steps: Iterable[Action]) -> tuple[ActionKind | None, bool, Hex | None]:
    """The turn's action kind, whether it is a reaction, and the Pulsar it activates."""
    for step in steps:
        if isinstance(step, TakeAction):
            return step.kind, False, None
        if isinstance(step, TakeReaction):
            return step.kind, True, None
        if isinstance(step, ActivatePulsar):
            return step.kind, False, step.where
    return None, False, None


def _describe(position: Position, seat: int, turn: Turn, odds: OddsBook) -> tuple[str, str | None]:
    """The turn in words and the odds it wins or changes (``None``: no fight)."""
    kind, reaction, pulsar = _kind(turn.steps)
    if kind is None:
        return _decision_words(position, turn), None
    described = {
        ActionKind.EXPLORE: _explore,
        ActionKind.RESEARCH: _research,
        ActionKind.UPGRADE: _upgrade,
        ActionKind.BUILD: _build,
        ActionKind.MOVE: _move,
        ActionKind.INFLUENCE: _influence,
    }[kind](position, seat, turn, odds)
    words, detail = described
    if reaction:
        words += " as a reaction"
    if pulsar is not None:
        words = f"activate the Pulsar in {position.sector(pulsar)} to {words}"
    return words, detail


# ----- each action --------------------------------------------------------------------------


def _explore(position: Position, seat: int, turn: Turn, odds: OddsBook) -> tuple[str, str | None]:
    zones = [s.where for s in turn.steps if isinstance(s, ExploreZone)]
    if not zones:
        return "take an Explore action and stop", None
    shown = join(f"{position.zone(z)} (ring {'I' * zone_ring(z)})" for z in zones)
    return f"explore {shown}", None


def _research(position: Position, seat: int, turn: Turn, odds: OddsBook) -> tuple[str, str | None]:
    techs = [s.tech for s in turn.steps if isinstance(s, Research)]
    if not techs:
        return "take a Research action and stop", None
    parts = [p for t in techs if (p := tech(t).unlocks_part) is not None]
    change = biggest_change(turn.before, turn.after, seat, odds, parts)
    words = f"research {join(tech_name(t) for t in techs)}"
    return words, None if change is None else change_text(position, seat, turn.before, change)


def _upgrade(position: Position, seat: int, turn: Turn, odds: OddsBook) -> tuple[str, str | None]:
    placed: dict[ShipClass, list[str]] = {}
    removed: dict[ShipClass, int] = {}
    for s in turn.steps:
        if isinstance(s, PlacePart):
            placed.setdefault(s.ship_class, []).append(part_name(s.part))
        elif isinstance(s, ReturnPart):
            removed[s.ship_class] = removed.get(s.ship_class, 0) + 1
    if placed:
        words = "upgrade " + join(
            f"your {plural(c, 2)} with {join(times(names))}" for c, names in placed.items()
        )
    elif removed:
        words = "take " + join(f"parts off your {plural(c, 2)}" for c in removed)
    else:
        return "take an Upgrade action and stop", None
    change = biggest_change(turn.before, turn.after, seat, odds)
    return words, None if change is None else change_text(position, seat, turn.before, change)


def _build(position: Position, seat: int, turn: Turn, odds: OddsBook) -> tuple[str, str | None]:
    sites: dict[Hex, Counter[str]] = {}
    for s in turn.steps:
        if isinstance(s, Build):
            sites.setdefault(s.where, Counter())[s.item] += 1
    if not sites:
        return "take a Build action and stop", None
    shown = []
    for where, items in sites.items():
        ships = {ShipClass(i): n for i, n in items.items() if i not in STRUCTURES}
        things = [ships_text(ships)] if ships else []
        things += [STRUCTURES[i] for i in items if i in STRUCTURES]
        shown.append(f"{join(things)} in {position.sector(where, turn.after)}")
    change = biggest_change(turn.before, turn.after, seat, odds)
    words = f"build {join(shown)}"
    return words, None if change is None else change_text(position, seat, turn.before, change)


def _move(position: Position, seat: int, turn: Turn, odds: OddsBook) -> tuple[str, str | None]:
    arrivals: dict[Hex, Counter[ShipClass]] = {}
    for s in turn.steps:
        if isinstance(s, (MoveShip, MoveDamagedShip)):
            arrivals.setdefault(s.target, Counter())[s.ship_class] += 1
    if not arrivals:
        return "take a Move action and stop", None
    fights = []
    quiet = []
    for where, ships in arrivals.items():
        after = turn.after.sector(where)
        if after is None or not after.ships_of(seat) or not is_contested(turn.after, after):
            quiet.append(f"{ships_text(ships)} to {position.sector(where, turn.after)}")
            continue
        fights.append((where, ships))
    if not fights:
        return f"move {join(quiet)}", None
    where, ships = fights[0]
    name = position.sector(where, turn.after)
    before = turn.before.sector(where)
    already = before is not None and before.ships_of(seat) and is_contested(turn.before, before)
    verb = "reinforce" if already else "attack"
    words = f"{verb} {name} with {ships_text(ships)}"
    if quiet:
        words += f", and move {join(quiet)}"
    now = odds.sector(turn.after, where)
    if now is None:
        return words, "a battle Fleetlab's solver cannot model"
    detail = f"{percent(now.holds(seat))} to win"
    if already:
        was = odds.sector(turn.before, where)
        if was is not None:
            detail += f" instead of {percent(was.holds(seat))}"
    return words, detail


def _influence(position: Position, seat: int, turn: Turn, odds: OddsBook) -> tuple[str, str | None]:
    taken = []
    back = []
    for s in turn.steps:
        if isinstance(s, InfluenceDisc):
            if s.target is not None:
                taken.append(position.sector(s.target, turn.after))
            elif s.origin is not None:
                back.append(position.sector(s.origin, turn.before))
    shown = []
    if taken:
        shown.append(f"take control of {join(taken)}")
    if back:
        shown.append(f"take the disc back from {join(back)}")
    if not shown:
        return "take an Influence action to turn colony ships face up", None
    return " and ".join(shown) + " with Influence", None


def _decision_words(position: Position, turn: Turn) -> str:
    """A turn that is no action: a pass, a decision inside a battle, upkeep, a free action."""
    for s in turn.steps:
        if isinstance(s, Pass):
            first = (
                not turn.before.pass_order
                and not turn.before.players[turn.before.to_act or 0].passed
            )
            return "pass (first: the start player next round)" if first else "pass"
        if isinstance(s, Attack):
            return "fight on"
        if isinstance(s, RetreatTo):
            return f"retreat to {position.sector(s.where, turn.before)}"
        if isinstance(s, AssignDamage):
            return f"assign the hits: {s.result}"
        if isinstance(s, KeepReputation):
            return f"keep the reputation tile worth {s.value}"
        if isinstance(s, PayUpkeep):
            return "pay upkeep"
        if isinstance(s, Abandon):
            return f"abandon {position.sector(s.where, turn.before)}"
        if isinstance(s, PlaceSector):
            return f"place sector {s.tile}, turned {s.rotation}"
        if isinstance(s, DiscardSector):
            return "discard the drawn sector"
        if isinstance(s, Claim):
            return f"take control of {position.sector(s.where, turn.after)}"
        if isinstance(s, TakeReward):
            return "take the discovery tile's reward"
        if isinstance(s, KeepAsVp):
            return "keep the discovery tile for 2 VP"
        if isinstance(s, ProposeDiplomacy):
            return f"propose diplomatic relations to {position.seat(s.other).short}"
        if isinstance(s, AcceptDiplomacy):
            return "accept diplomatic relations"
        if isinstance(s, DeclineDiplomacy):
            return "decline diplomatic relations"
        if isinstance(s, AllyMinorSpecies):
            return f"ally with the Minor Species {s.species.value.replace('_', ' ')}"
        if isinstance(s, Decline):
            return "decline"
    return str(turn.steps[0]) if turn.steps else "nothing to do"


def _extras(steps: Iterable[Action]) -> str:
    """Free actions taken along the way, counted: trades and colony ships (the steps say
    which)."""
    trades = sum(1 for s in steps if isinstance(s, Trade))
    colonies = sum(1 for s in steps if isinstance(s, Colonize))
    shown = []
    if trades:
        shown.append(f"{trades} trade{'s' if trades > 1 else ''}")
    if colonies:
        shown.append(f"{colonies} colony ship{'s' if colonies > 1 else ''}")
    return f"with {join(shown)}" if shown else ""


# ----- the odds of a fight ------------------------------------------------------------------


def opponents_text(
    position: Position, state: GameState, seat: int, others: Iterable[int], where: Hex
) -> str:
    """Who the seat fights in a sector, in words: "Blue's fleet", "2 Ancients"..."""
    sector = state.sector(where)
    shown = []
    for key in others:
        if key == NPC:
            if sector is None:
                shown.append("the NPCs")
                continue
            npcs = {
                ShipClass.ANCIENT: sector.ancients,
                ShipClass.GUARDIAN: sector.guardian,
                ShipClass.GCDS: sector.gcds,
            }
            shown.append(ships_text(npcs) or "the NPCs")
        else:
            has_ships = sector is not None and sector.ships_of(key)
            name = position.seat(key).short
            shown.append(f"{name}'s fleet" if has_ships else f"{name}'s population")
    return join(shown) or "the defenders"


def change_text(position: Position, seat: int, before: GameState, change: Change) -> str:
    """A stake's odds before and after, in words (see the module doc)."""
    stake = change.stake
    where = position.sector(stake.where, before)
    now, was = percent(change.after.holds), percent(change.before.holds)
    if stake.kind == "defence":
        assert stake.enemy is not None
        enemy = position.seat(stake.enemy).short
        return f"{where} holds {now} against {enemy}'s attack instead of {was}"
    against = opponents_text(position, before, seat, change.before.others, stake.where)
    if change.part is not None and change.ship_class is not None:
        fleet = f"with {part_name(change.part)} on your {plural(change.ship_class, 2)}"
        if stake.kind == "attack":
            return (
                f"{fleet} an attack on {where} would win {now} against {against} instead of {was}"
            )
        return f"{fleet} you win {now} against {against} in {where} instead of {was}"
    classes = change.after.classes or change.before.classes
    if stake.kind == "attack":
        by = f" by your {classes_text(classes)}" if classes else ""
        return f"an attack on {where}{by} would win {now} against {against} instead of {was}"
    who = f"your {classes_text(classes)}" if classes else "you"
    return f"{who} win {now} against {against} in {where} instead of {was}"
