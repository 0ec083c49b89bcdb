"""Small hand-built game states for unit tests of single rules.

``started(...)`` plays setup's chance events with chosen outcomes (the tech tray holds the
techs asked for, then the cheapest others) and returns the state of round 1's first turn.
``with_sector``, ``edit`` and ``with_blueprint`` change a state by hand; ``do`` applies actions by
their text; ``to_combat`` has everyone pass so that the combat phase begins.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from blueprints import Blueprint, ShipClass
from engine.actions.base import Action, parse_action
from engine.decisions import GuardianDraw, ReputationDraw, TechDraw
from engine.enums import Phase, RewardPlacement
from engine.hexes import Hex
from engine.rules import apply, chance_outcomes, legal_actions
from engine.sectors import sector_tile
from engine.setup import new_game
from engine.state import GameConfig, GameState, SectorState, add_ships


def started(
    *species: str,
    tray: Iterable[str] = (),
    guardians: Iterable[int] = (),
    reputation: Iterable[int] = (),
    start_player: int = 0,
    worlds_afar: bool = False,
    reward_placement: RewardPlacement = RewardPlacement.RULEBOOK,
) -> GameState:
    """Round 1, action phase, start player to act; setup's draws chosen by the caller."""
    config = GameConfig(
        tuple(species),
        start_player=start_player,
        worlds_afar=worlds_afar,
        reward_placement=reward_placement,
    )
    state = new_game(config)
    wanted_techs = list(tray)
    wanted_guardians = list(guardians)
    wanted_rep = list(reputation)
    while state.decision is not None and state.to_act == -1:
        options = [str(a) for a, _ in chance_outcomes(state)]
        d = state.decision
        pick = options[0]
        if isinstance(d, TechDraw) and wanted_techs:
            pick = f"draw_tech {wanted_techs.pop(0)}"
        elif isinstance(d, GuardianDraw) and wanted_guardians:
            pick = f"draw_sector {wanted_guardians.pop(0)}"
        elif isinstance(d, ReputationDraw) and wanted_rep:
            pick = f"draw_reputation {wanted_rep.pop(0)}"
        state = apply(state, parse_action(pick))
    return state


def to_combat(state: GameState) -> GameState:
    """Every player passes: the action phase ends and the combat phase begins."""
    while state.phase is Phase.ACTION:
        state = do(state, "pass")
    return state


def with_blueprint(state: GameState, seat: int, notation: str) -> GameState:
    """A copy with one of a player's blueprints replaced (given in the blueprint notation)."""
    bp = Blueprint.parse(notation)
    player = state.players[seat]
    blueprints = tuple(bp if b.ship_class is bp.ship_class else b for b in player.blueprints)
    return state.with_player(replace(player, blueprints=blueprints))


def with_techs(state: GameState, seat: int, *techs: str) -> GameState:
    """A copy with techs added to a player's military track."""
    player = state.players[seat]
    tracks = (player.techs[0] + techs, player.techs[1], player.techs[2])
    return state.with_player(replace(player, techs=tracks))


def do(state: GameState, *texts: str) -> GameState:
    """Apply actions given by their text form, in order."""
    for text in texts:
        state = apply(state, parse_action(text))
    return state


def answers(state: GameState) -> set[str]:
    """The text of every legal action."""
    return {str(a) for a in legal_actions(state)}


def legal(state: GameState, text: str) -> bool:
    """True when the action with this text is legal."""
    return text in answers(state)


def edit(state: GameState, seat: int, **changes: Any) -> GameState:
    """A copy with fields of one player changed."""
    return state.with_player(replace(state.players[seat], **changes))


def sector(
    where: Hex,
    tile: int,
    rotation: int = 0,
    owner: int | None = None,
    ships: Iterable[tuple[int, ShipClass | str, int]] = (),
    cubes: Iterable[int] = (),
    **changes: Any,
) -> SectorState:
    """A sector built by hand (NPCs and discovery as printed unless given)."""
    printed = sector_tile(tile)
    fleet: tuple[tuple[int, ShipClass, int], ...] = ()
    arrivals: list[int] = []
    for seat, cls, n in ships:
        fleet = add_ships(fleet, seat, ShipClass(cls), n)
        if seat not in arrivals:
            arrivals.append(seat)
    filled = set(cubes)
    base = SectorState(
        hex=where,
        tile=tile,
        rotation=rotation,
        owner=owner,
        cubes=tuple(i in filled for i in range(len(printed.squares))),
        ancients=printed.ancients,
        guardian=printed.guardian,
        gcds=printed.gcds,
        ships=fleet,
        arrivals=tuple(arrivals),
    )
    return replace(base, **changes)


def with_sector(state: GameState, new: SectorState) -> GameState:
    """A copy with a sector placed or replaced."""
    return state.with_sector(new)


def first(state: GameState, prefix: str) -> Action:
    """The first legal action whose text starts with ``prefix``."""
    for a in legal_actions(state):
        if str(a).startswith(prefix):
            return a
    raise AssertionError(f"no legal action starts with {prefix!r}: {sorted(answers(state))}")
