"""The engine's whole interface: ``legal_actions(state)`` and ``apply(state, action)``.

The pending decision on top of ``state.pending`` says who acts and what may be answered;
``legal_actions`` lists every legal answer, ``apply`` checks the action is one of them, applies
it and moves the game on (``engine.flow``) to the next decision. At a chance event (``to_act ==
CHANCE``) the answers are the possible outcomes, and ``chance_outcomes`` gives their odds; a
driver samples one (``engine.play``) or a game record supplies it.

Free actions: during their own action or reaction a player may also use colony ships, trade,
(with 4+ players) propose diplomacy and (New Dangers) establish relations with a Minor Species;
at the start of a turn (before choosing an action, reaction or pass) trade, diplomacy and Minor
Species but not colony ships, which the rules allow only "during your action or reaction";
during upkeep colony ships and trading. At the start of a turn a player may also activate a
Pulsar (instead of an action) and bring back ships due from a Black Hole.

>>> from engine.setup import new_game
>>> from engine.state import GameConfig
>>> s = new_game(GameConfig(("terran_directorate", "planta")))
>>> s = apply(s, legal_actions(s)[0])
>>> s.tech_tray[0], s.to_act
(1, -1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine import battle, combat, supernova
from engine.actions import (
    black_hole,
    colony,
    diplomacy,
    discovery,
    explore,
    influence,
    minor_species,
    pulsar,
    trade,
    upgrade,
)
from engine.actions.base import Action
from engine.actions.build import Build, apply_build, legal_build
from engine.actions.move import MoveDamagedShip, MoveShip, apply_move, legal_move
from engine.actions.research import Research, apply_research, legal_research
from engine.actions.turn import EndAction, apply_turn, legal_turn
from engine.chance import (
    apply_black_hole_draw,
    apply_guardian_draw,
    apply_reputation_draw,
    apply_tech_draw,
    black_hole_outcomes,
    guardian_outcomes,
    reputation_outcomes,
    tech_outcomes,
)
from engine.combat import apply_claims, legal_claims
from engine.decisions import (
    Activations,
    AssignHits,
    BattleActivation,
    BattleReputationDraw,
    BlackHoleDraw,
    BlackHoleReturn,
    BlackHoleRoll,
    CubeRemoval,
    CubeReturn,
    Decision,
    DiplomacyAnswer,
    DiscoveryChoice,
    DiscoveryReveal,
    ExploreControl,
    GraveyardChoice,
    GuardianDraw,
    MinorSpeciesDraw,
    PartInstall,
    PopulationRoll,
    ReputationDraw,
    ReputationKeep,
    ResourceChoice,
    SectorChoice,
    SectorClaims,
    SectorDraw,
    SectorPlacement,
    StalemateRetreat,
    SupernovaRoll,
    TechChoice,
    TechDraw,
    TokenCube,
    TurnStart,
    Upkeep,
    VolleyRoll,
)
from engine.enums import ActionKind, Phase
from engine.errors import IllegalActionError
from engine.flow import advance
from engine.state import CHANCE, GameState
from engine.upkeep import apply_upkeep, legal_upkeep

Legal = Callable[[GameState, Any], Sequence[Action]]
Apply = Callable[[GameState, Any, Any], GameState]
Outcomes = Callable[[GameState, Any], Sequence[tuple[Action, float]]]

_KIND_LEGAL: dict[ActionKind, Callable[[GameState, Activations], list[Action]]] = {
    ActionKind.EXPLORE: explore.legal_explore,
    ActionKind.RESEARCH: legal_research,
    ActionKind.UPGRADE: upgrade.legal_upgrade,
    ActionKind.BUILD: legal_build,
    ActionKind.MOVE: legal_move,
    ActionKind.INFLUENCE: influence.legal_influence,
}


def activation_options(state: GameState, seat: int, kind: ActionKind) -> list[Action]:
    """What a player could do with the first activation of an action of ``kind`` now (the
    bots look ahead with this before they choose an action)."""
    return _KIND_LEGAL[kind](state, Activations(seat, kind, 1))


def _free(state: GameState, seat: int, *, colonize: bool = True) -> list[Action]:
    out: list[Action] = list(colony.legal_colonize(state, seat)) if colonize else []
    out.extend(trade.legal_trade(state, seat))
    out.extend(diplomacy.legal_propose(state, seat))
    out.extend(minor_species.legal_ally(state, seat))
    return out


def _apply_free(state: GameState, seat: int, action: Action) -> GameState | None:
    if isinstance(action, colony.Colonize):
        return colony.apply_colonize(state, seat, action)
    if isinstance(action, trade.Trade):
        return trade.apply_trade(state, seat, action)
    if isinstance(action, diplomacy.ProposeDiplomacy):
        return diplomacy.apply_propose(state, seat, action)
    if isinstance(action, minor_species.AllyMinorSpecies):
        return minor_species.apply_ally(state, seat, action)
    return None


def _legal_turn(state: GameState, d: TurnStart) -> list[Action]:
    # Colony ships only "during your action or reaction" (the rules text): not before choosing
    # one, and not by a passed player who takes no reaction.
    return [
        *legal_turn(state, d),
        *pulsar.legal_pulsars(state, d),
        *black_hole.legal_returns(state, d),
        *_free(state, d.seat, colonize=False),
    ]


def _apply_turn(state: GameState, d: TurnStart, action: Action) -> GameState:
    done = _apply_free(state, d.seat, action)
    if done is not None:
        return done
    if isinstance(action, pulsar.ActivatePulsar):
        return pulsar.apply_pulsar(state, d, action)
    if isinstance(action, black_hole.ReturnShip):
        return black_hole.apply_due_return(state, d.seat, action)
    return apply_turn(state, d, action)


def _legal_activations(state: GameState, d: Activations) -> list[Action]:
    out = list(_KIND_LEGAL[d.kind](state, d))
    if (
        d.kind is not ActionKind.UPGRADE
        or d.ship_class is None
        or upgrade.removal_ok(state.players[d.seat], d.ship_class, d.returned)
    ):
        out.append(EndAction())
    out.extend(_free(state, d.seat))
    return out


def _apply_activations(state: GameState, d: Activations, action: Action) -> GameState:
    done = _apply_free(state, d.seat, action)
    if done is not None:
        return done
    if isinstance(action, EndAction):
        if d.kind is ActionKind.UPGRADE:
            return upgrade.finish_upgrade(state, d)
        return state.with_pending(pop=1)
    if isinstance(action, explore.ExploreZone):
        return explore.apply_explore(state, d, action)
    if isinstance(action, Research):
        return apply_research(state, d, action)
    if isinstance(action, upgrade.ReturnPart | upgrade.PlacePart):
        return upgrade.apply_upgrade(state, d, action)
    if isinstance(action, Build):
        return apply_build(state, d, action)
    if isinstance(action, MoveShip | MoveDamagedShip):
        return apply_move(state, d, action)
    assert isinstance(action, influence.InfluenceDisc)
    return influence.apply_influence(state, d, action)


def _legal_upkeep(state: GameState, d: Upkeep) -> list[Action]:
    return legal_upkeep(state, d)


def _apply_upkeep(state: GameState, d: Upkeep, action: Action) -> GameState:
    if isinstance(action, colony.Colonize):
        return colony.apply_colonize(state, d.seat, action)
    if isinstance(action, trade.Trade):
        return trade.apply_trade(state, d.seat, action)
    return apply_upkeep(state, d, action)


_CHANCE: dict[type[Decision], tuple[Outcomes, Apply]] = {
    SectorDraw: (explore.draw_outcomes, explore.apply_draw),
    DiscoveryReveal: (discovery.reveal_outcomes, discovery.apply_reveal),
    TechDraw: (lambda s, d: tech_outcomes(s), apply_tech_draw),
    GuardianDraw: (lambda s, d: guardian_outcomes(s), apply_guardian_draw),
    ReputationDraw: (lambda s, d: reputation_outcomes(s), apply_reputation_draw),
    VolleyRoll: (battle.volley_outcomes, battle.apply_volley_roll),
    BattleReputationDraw: (combat.reputation_outcomes, combat.apply_reputation_draw),
    PopulationRoll: (combat.population_outcomes, combat.apply_population_roll),
    BlackHoleDraw: (black_hole_outcomes, apply_black_hole_draw),
    MinorSpeciesDraw: (minor_species.draw_outcomes, minor_species.apply_draw),
    BlackHoleRoll: (black_hole.roll_outcomes, black_hole.apply_roll),
    SupernovaRoll: (supernova.outcomes, supernova.apply_roll),
}

_CHOICES: dict[type[Decision], tuple[Legal, Apply]] = {
    TurnStart: (_legal_turn, _apply_turn),
    Activations: (_legal_activations, _apply_activations),
    SectorPlacement: (explore.legal_placement, explore.apply_placement),
    ExploreControl: (explore.legal_control, explore.apply_control),
    DiscoveryChoice: (discovery.legal_choice, discovery.apply_choice),
    ResourceChoice: (discovery.legal_resource, discovery.apply_resource),
    TechChoice: (discovery.legal_tech_choice, discovery.apply_tech_choice),
    SectorChoice: (discovery.legal_sector_choice, discovery.apply_sector_choice),
    PartInstall: (upgrade.legal_install, upgrade.apply_install),
    CubeReturn: (influence.legal_return_cube, influence.apply_return_cube),
    DiplomacyAnswer: (diplomacy.legal_answer, diplomacy.apply_answer),
    SectorClaims: (legal_claims, apply_claims),
    BattleActivation: (battle.legal_activation, battle.apply_activation),
    AssignHits: (battle.legal_assignments, battle.apply_assignment),
    StalemateRetreat: (battle.legal_stalemate, battle.apply_stalemate),
    ReputationKeep: (combat.legal_keep, combat.apply_keep),
    CubeRemoval: (combat.legal_cube_removal, combat.apply_cube_removal),
    GraveyardChoice: (combat.legal_graveyard, combat.apply_graveyard),
    Upkeep: (_legal_upkeep, _apply_upkeep),
    BlackHoleReturn: (black_hole.legal_return, black_hole.apply_return),
    TokenCube: (minor_species.legal_token_cube, minor_species.apply_token_cube),
}

# One-entry cache: a driver usually asks for the legal actions and then applies one of them.
_last: list[tuple[GameState, tuple[Action, ...], frozenset[Action]]] = []


def _cached(state: GameState) -> tuple[GameState, tuple[Action, ...], frozenset[Action]] | None:
    """The cache's entry if it is this state's. The entry is read once: the dashboard runs
    sessions in threads, and another thread may replace it between two reads."""
    entry = _last[0] if _last else None
    return entry if entry is not None and entry[0] is state else None


def chance_outcomes(state: GameState) -> tuple[tuple[Action, float], ...]:
    """The outcomes of the pending chance event with their probabilities (empty otherwise)."""
    d = state.decision
    if d is None or d.seat != CHANCE:
        return ()
    outcomes, _ = _CHANCE[type(d)]
    found = outcomes(state, d)
    return found if isinstance(found, tuple) else tuple(found)


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal answer to the pending decision (chance outcomes at a chance event)."""
    cached = _cached(state)
    if cached is not None:
        return cached[1]
    d = state.decision
    if d is None:
        actions: tuple[Action, ...] = ()
    elif d.seat == CHANCE:
        actions = tuple(a for a, _ in chance_outcomes(state))
    else:
        legal, _ = _CHOICES[type(d)]
        actions = tuple(legal(state, d))
    _last[:] = [(state, actions, frozenset(actions))]
    return actions


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; ``IllegalActionError`` if it is not legal here."""
    d = state.decision
    if d is None or state.phase is Phase.GAME_OVER:
        raise IllegalActionError(f"the game is over; {str(action)!r} cannot be played")
    legal = legal_actions(state)
    cached = _cached(state)
    allowed = cached[2] if cached is not None else frozenset(legal)
    if action not in allowed:
        sample = ", ".join(repr(str(a)) for a in legal[:6])
        more = f" and {len(legal) - 6} more" if len(legal) > 6 else ""
        raise IllegalActionError(
            f"{str(action)!r} is not legal now ({d.label}); legal: {sample}{more}"
        )
    if d.seat == CHANCE:
        _, handler = _CHANCE[type(d)]
    else:
        _, handler = _CHOICES[type(d)]
    return advance(handler(state, d, action))
