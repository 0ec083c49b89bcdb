"""``PlannerPlayer``: a bot that plays a whole game the way a player does, by Fleetlab's odds.

It answers every decision of the engine with one of the legal actions it is offered:

* **Its turn** (``TurnStart``): colony ships first (free production), diplomacy with neighbours
  it does not mean to attack, then the action worth the most: an attack it is likely to win
  (``war.attack_plans``), warships for one (``war.build_plans``), an upgrade (``fleet``), a
  tech (``valuation``), exploring, influence; each less the upkeep of the disc it takes
  (``economy.action_price``: money while the round's income covers it, else the science or
  materials traded for it at the species' rate; idle stock first). An exploration whose claim
  it cannot pay this round is still worth half (the hex goes down unclaimed, for Influence to
  claim later); Influence is worth the cubes its turned colony ships place. Money it can spare
  buys the science of a tech or the materials of a build that then pays. It passes when
  nothing pays or the round's upkeep could not be paid even by trading. After passing it uses
  reactions to defend a sector that opponents have entered or to finish an attack.
* **Activations**: the explored zone, the placement and rotation of the hex, the tech, the parts
  (the what-if ranking), the ships to build, the moves, the discs to place.
* **Battles**: hits and retreats by ``planner.battle``; the best reputation tile.
* Everything else (discoveries, cubes, graveyards, claims, upkeep, diplomacy answers) by the
  seat's economy (``economy``) and the values of ``valuation``.

Its choices are deterministic given the state and its generator (ties are broken by the text of
the action, never by chance), and its odds come from ``OddsBook``, whose Monte Carlo seeds come
from the battles themselves: two runs of a game with the same seed are the same game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

import numpy as np

from blueprints import DRACO, ShipClass
from blueprints import species as find_species
from engine.actions.base import Action
from engine.actions.build import Build
from engine.actions.colony import Colonize
from engine.actions.combat import DestroyCube, RetreatTo, ToGraveyard
from engine.actions.diplomacy import AcceptDiplomacy, DeclineDiplomacy, ProposeDiplomacy
from engine.actions.discovery import (
    ChooseResource,
    ChooseSector,
    ChooseTech,
    KeepAsVp,
    TakeReward,
)
from engine.actions.explore import DiscardSector, ExploreZone, PlaceSector, legal_explore
from engine.actions.influence import InfluenceDisc, ReturnCube, legal_influence
from engine.actions.minor_species import AllyMinorSpecies
from engine.actions.move import MoveShip
from engine.actions.pulsar import ActivatePulsar
from engine.actions.research import Research, legal_research, research_cost, track_of
from engine.actions.trade import Trade
from engine.actions.turn import (
    Claim,
    Decline,
    EndAction,
    Pass,
    TakeAction,
    TakeReaction,
    activation_count,
    legal_turn,
)
from engine.actions.upgrade import InstallPart, commit, legal_upgrade
from engine.board import production, trade_rate
from engine.decisions import (
    Activations,
    AssignHits,
    BattleActivation,
    BlackHoleReturn,
    CubeRemoval,
    CubeReturn,
    Decision,
    DiplomacyAnswer,
    DiscoveryChoice,
    ExploreControl,
    GraveyardChoice,
    PartInstall,
    ReputationKeep,
    ResourceChoice,
    SectorChoice,
    SectorClaims,
    SectorPlacement,
    StalemateRetreat,
    TechChoice,
    TokenCube,
    TurnStart,
    Upkeep,
)
from engine.discoveries import DiscoveryKind, discovery_tile
from engine.enums import ActionKind, Resource
from engine.galaxy import (
    board_edges,
    connected_sectors,
    entering_creates_conflict,
    has_wormhole_generator,
    zone_ring,
)
from engine.hexes import Hex, rotate_mask
from engine.module_choices import black_hole_dive, return_from_black_hole, token_cube_track
from engine.modules import minor_token
from engine.planner import battle, war
from engine.planner.economy import (
    RESOURCE_VP,
    action_price,
    affordable,
    balance,
    least_needed,
    money_price,
    neediest,
    production_gain,
    rounds_left,
)
from engine.planner.fleet import fleet_counts, fleet_score, opponent_side, rank_upgrades
from engine.planner.modules import dive_value, evacuation_value, explosion_risk, token_value
from engine.planner.odds import OddsBook, PlannerBudget
from engine.planner.valuation import (
    DISCOVERY_VP,
    Plan,
    choose_plan,
    claim_value,
    research_gain,
    sector_value,
    tech_value,
)
from engine.players import best_reputation_keep
from engine.sectors import sector_tile
from engine.state import GameState, PlayerState
from engine.upkeep import Abandon, PayUpkeep

PASS_BELOW = 0.0
"""An action or reaction must be worth at least this many VP (after its disc's upkeep) to be
taken: every one that pays for its disc is taken."""
STAGING_VP = 0.35
"""What moving one warship to where it can join the next attack is worth."""
UPGRADE_STAKES = 6.0
"""VP a fleet's whole gain in score (P(win) and losses against the reference) is worth."""
BUILD_DELAY = 0.75
"""Share of an attack's value that building for it is worth (the attack comes a turn later)."""
MONOLITH_VP = 3.0
COLONY_WEIGHT = {Resource.MONEY: 1.0, Resource.SCIENCE: 1.6, Resource.MATERIALS: 1.0}
"""How much a colony ship's production gain counts, by resource. Science counts most: seats
that had put their cubes on money (1.5 against 1.0 for science) passed with money to spare and
no science for a tech; the ``neediest`` bonus still sends a cube to money when the round's
upkeep is short. Measured over 16 all-planner league games: actions per player-round 3.57 with
the old weights, 3.61 with science 1.3, 3.64 with 1.6, 3.60 with 2.2."""
SPARE_MONEY = 3
"""Money kept beyond this round's upkeep (with two more actions) before trading it away."""
UNCLAIMED_SHARE = 0.5
"""Share of an exploration's value left when its hex cannot be claimed this round."""
FLIP_VP = 0.8
"""The least a colony ship turned face up by Influence is worth."""
GOAL_MEMO = 256
"""Fleet goal lists a planner keeps (forgotten all at once when full)."""
UNPAYABLE_VP = 3.0
"""How much less ``turn_values`` says an action is worth when the seat cannot pay its upkeep
this round even by trading everything (it would lose a sector or its stock at upkeep)."""
MATERIAL_PRICE = 0.5 * RESOURCE_VP
"""What a material spent on warships costs the planner: ships are not used up by winning."""


@dataclass(frozen=True, slots=True)
class Choice:
    """An action worth taking this turn, its value (VP) and what it is for."""

    kind: ActionKind
    value: float
    intent: object = None
    spent: int | None = None
    """The science (research) or materials (build) the action spends, if known: the rest of
    that resource may still be traded for its upkeep."""


class PassReason(Enum):
    """Why the planner passed (``PlannerPlayer.passes``): what bounds its actions a round."""

    NO_DISCS = "no discs"
    """No disc left on the influence track."""
    NOTHING = "nothing to do"
    """No action would do anything worth having."""
    UNAFFORDABLE = "cannot pay"
    """Something is worth doing, but not even trading everything pays one more disc's upkeep."""
    LOW = "not worth its disc"
    """The best affordable action is worth less than its disc's upkeep."""


class PlannerPlayer:
    """Plays by plans and Fleetlab's odds (see the module doc). ``rng`` is kept for the
    ``Player`` interface; the planner's choices need no chance."""

    def __init__(
        self,
        rng: np.random.Generator | None = None,
        budget: PlannerBudget | None = None,
        trace: bool = False,
        goal_memo: dict[tuple[object, ...], list[war.FleetGoal]] | None = None,
    ) -> None:
        self.rng = rng if rng is not None else np.random.default_rng(0)
        self.trace: list[str] | None = [] if trace else None
        self.passes: list[tuple[int, PassReason]] = []
        """Every pass of the action phase: its round and why (reactions are not passes)."""
        self.book = OddsBook(budget)
        self.plan: Plan | None = None
        self._intent: tuple[int, ActionKind, object] | None = None
        self._proposed: set[tuple[int, int]] = set()
        # Fleet goals depend only on what ``goal_key`` names, so planners of one seat may share
        # the memo (the search bot's rollouts do).
        self._goal_memo = goal_memo if goal_memo is not None else {}
        handlers: dict[
            type[Decision], Callable[[GameState, int, Any, Sequence[Action]], Action | None]
        ]
        handlers = {
            TurnStart: self._turn,
            Activations: self._activation,
            AssignHits: lambda s, seat, d, a: battle.choose_hits(s, d, a, self.book),
            BattleActivation: lambda s, seat, d, a: battle.choose_activation(s, d, a, self.book),
            ReputationKeep: lambda s, seat, d, a: best_reputation_keep(a),
            StalemateRetreat: self._stalemate,
            SectorPlacement: self._placement,
            ExploreControl: self._explore_control,
            SectorClaims: self._claims,
            DiscoveryChoice: self._discovery,
            ResourceChoice: self._resource,
            TechChoice: self._tech_choice,
            SectorChoice: self._sector_choice,
            PartInstall: self._install,
            CubeReturn: self._cube_return,
            GraveyardChoice: self._graveyard,
            CubeRemoval: self._cube_removal,
            DiplomacyAnswer: self._diplomacy_answer,
            Upkeep: self._upkeep,
            BlackHoleReturn: lambda s, seat, d, a: return_from_black_hole(s, seat, a),
            TokenCube: lambda s, seat, d, a: token_cube_track(s, seat, a),
        }
        self._handlers = handlers

    # ----- the Player interface -------------------------------------------------------------

    def choose(self, state: GameState, actions: Sequence[Action]) -> Action:
        """The planner's choice for the pending decision (always one of ``actions``)."""
        d = state.decision
        seat = state.to_act
        assert d is not None and seat is not None and actions
        if self.plan is None:
            self.plan = choose_plan(state, seat)
        handler = self._handlers.get(type(d))
        choice = handler(state, seat, d, actions) if handler is not None else None
        if choice is None or choice not in actions:
            return _fallback(actions)
        return choice

    def turn_values(self, state: GameState) -> list[tuple[TakeAction | TakeReaction, float]]:
        """What each action (or, after passing, each reaction) of the seat to act is worth to
        the planner now, less its disc's upkeep (VP), best first: the ones it can pay at their
        value, the others at their value less ``UNPAYABLE_VP`` (the search bot takes these as
        its move prior). Empty outside a ``TurnStart``."""
        d = state.decision
        seat = state.to_act
        if not isinstance(d, TurnStart) or seat is None:
            return []
        if self.plan is None:
            self.plan = choose_plan(state, seat)
        player = state.players[seat]
        reaction = player.passed
        options = legal_turn(state, d)
        if reaction:
            kinds = {a.kind for a in options if isinstance(a, TakeReaction)}
        else:
            kinds = {a.kind for a in options if isinstance(a, TakeAction)}
        price = action_price(player, 1, rounds_left(state))
        order = list(ActionKind)
        out: list[tuple[TakeAction | TakeReaction, float]] = []
        for c in sorted(
            self._choices(state, seat, kinds, reaction=reaction),
            key=lambda c: order.index(c.kind),
        ):
            paid = _payable(player, c)
            value = (paid.value if paid is not None else c.value - UNPAYABLE_VP) - price
            out.append((TakeReaction(c.kind) if reaction else TakeAction(c.kind), value))
        out.sort(key=lambda av: -av[1])  # stable: ties keep the order of ActionKind
        return out

    def overruled(self, state: GameState, action: Action) -> None:
        """Someone else (the search bot) answered this turn with ``action`` instead of the
        planner's choice: forget the build the planner had in mind unless ``action`` takes
        that same action."""
        kind = action.kind if isinstance(action, TakeAction | TakeReaction) else None
        if self._intent is not None and self._intent[1] is not kind:
            self._intent = None

    # ----- the turn -------------------------------------------------------------------------

    def _turn(self, state: GameState, seat: int, d: TurnStart, actions: Sequence[Action]) -> Action:
        player = state.players[seat]
        back = return_from_black_hole(state, seat, actions)
        if back is not None:
            return back  # a ship due back is lost unless it comes back before an action
        free = self._free_action(state, seat, actions)
        if free is not None:
            return free
        ally = self._minor_species(state, seat, actions)
        if ally is not None:
            return ally
        if player.passed:
            return self._reaction(state, seat, actions)
        proposal = self._proposal(state, seat, actions)
        if proposal is not None:
            return proposal
        pulsar = self._pulsar(state, seat, actions)
        if pulsar is not None:
            return pulsar
        kinds = {a.kind for a in actions if isinstance(a, TakeAction)}
        if not kinds:
            self.passes.append((state.round, PassReason.NO_DISCS))
            return Pass()
        trade = self._surplus_trade(state, seat, kinds, actions)
        if trade is not None:
            return trade
        choices = self._choices(state, seat, kinds)
        price = action_price(player, 1, rounds_left(state))
        best = _best(_payable(player, c) for c in choices)
        if self.trace is not None:
            shown = ", ".join(f"{c.kind.value} {c.value:.2f}" for c in choices)
            self.trace.append(
                f"r{state.round} seat {seat} money {player.money} bal {balance(player, 1)} "
                f"price {price:.2f}: {shown}"
            )
        if best is None or best.value - price < PASS_BELOW:
            bought = self._trade_to_act(state, seat, kinds, actions, price)
            if bought is not None:
                return bought
            why = (
                PassReason.NOTHING
                if not choices
                else (PassReason.UNAFFORDABLE if best is None else PassReason.LOW)
            )
            self.passes.append((state.round, why))
            if self.trace is not None:
                self.trace.append(
                    f"PASS r{state.round} {why.value}: m{player.money} s{player.science} "
                    f"mt{player.materials} bal{balance(player, 1)} kinds {len(kinds)}"
                )
            return Pass()
        self._intent = (state.round, best.kind, best.intent)
        return TakeAction(best.kind)

    def _minor_species(
        self, state: GameState, seat: int, actions: Sequence[Action]
    ) -> Action | None:
        """The Minor Species token worth the most over its credits (at the price of money, from
        money the seat can spare beyond this round's upkeep with two more actions), if one pays."""
        offers = [a for a in actions if isinstance(a, AllyMinorSpecies)]
        if not offers:
            return None
        player = state.players[seat]
        spare = min(player.money, balance(player, 2) - SPARE_MONEY)
        price = money_price(player, 2, rounds_left(state))
        best: tuple[float, str, Action] | None = None
        for a in offers:
            credits = minor_token(a.species).credits
            if credits > spare:
                continue
            net = token_value(state, seat, a.species) - credits * price
            if net > PASS_BELOW and (best is None or (net, str(a)) > best[:2]):
                best = (net, str(a), a)
        return None if best is None else best[2]

    def _pulsar(self, state: GameState, seat: int, actions: Sequence[Action]) -> Action | None:
        """A Pulsar activation (one activation of move, upgrade or build, no disc off the
        track) whose activation pays, the one worth the most."""
        offers = {a.kind: a for a in actions if isinstance(a, ActivatePulsar)}
        if not offers:
            return None
        choices = self._choices(state, seat, set(offers), reaction=True)
        best = _best(choices)
        if best is None or best.value <= PASS_BELOW:
            return None
        self._intent = (state.round, best.kind, best.intent)
        return offers[best.kind]

    def _surplus_trade(
        self, state: GameState, seat: int, kinds: set[ActionKind], actions: Sequence[Action]
    ) -> Action | None:
        """A resource the seat can spare (money beyond this round's upkeep, materials beyond
        its fleet goal's ships) traded for the science of a tech worth having, or money traded
        for the materials of the goal's next ship."""
        player = state.players[seat]
        rate = trade_rate(player)
        goals = self._goals(state, seat) if ActionKind.BUILD in kinds else []
        board = find_species(player.species)
        wanted = sum(board.build_cost(c.value) for c in goals[0].builds) if goals else 0
        price = money_price(player, 2, rounds_left(state))
        spare = {
            Resource.MONEY: balance(player, 2) - SPARE_MONEY,
            Resource.MATERIALS: player.materials - wanted,
        }
        if ActionKind.RESEARCH in kinds:
            gives = [
                r for r, n in spare.items() if n >= rate and Trade(r, Resource.SCIENCE) in actions
            ]
            if gives:
                extra = sum(spare[r] // rate for r in gives)
                now = self._research_value(state, seat)
                richer = state.with_player(player.with_resource(Resource.SCIENCE, extra))
                paid = sum(
                    (spare[r] // rate) * rate * (price if r is Resource.MONEY else MATERIAL_PRICE)
                    for r in gives
                )
                if self._research_value(richer, seat) >= now + paid + PASS_BELOW:
                    give = max(gives, key=lambda r: (spare[r], r is Resource.MATERIALS))
                    return Trade(give, Resource.SCIENCE)
        if goals and goals[0].builds and spare[Resource.MONEY] >= rate:
            need = board.build_cost(goals[0].builds[0].value) - player.materials
            trade = Trade(Resource.MONEY, Resource.MATERIALS)
            if 0 < need <= spare[Resource.MONEY] // rate and trade in actions:
                return trade
        return None

    def _trade_to_act(
        self,
        state: GameState,
        seat: int,
        kinds: set[ActionKind],
        actions: Sequence[Action],
        price: float,
    ) -> Action | None:
        """Instead of passing: money the seat can spare (beyond this round's upkeep with two
        more actions) traded for the science of a research or the materials of a build that
        would then pay for the action and the money. Money buys nothing else, and none of it
        counts at the end of the game."""
        player = state.players[seat]
        rate = trade_rate(player)
        spare = balance(player, 2) - SPARE_MONEY
        if spare < rate:
            return None
        best: tuple[float, str, Action] | None = None
        wanted = ((ActionKind.RESEARCH, Resource.SCIENCE), (ActionKind.BUILD, Resource.MATERIALS))
        for kind, get in wanted:
            trade = Trade(Resource.MONEY, get)
            if kind not in kinds or trade not in actions:
                continue
            extra = min(spare, player.money) // rate
            if extra <= 0:
                continue
            richer = player.with_resource(Resource.MONEY, -extra * rate).with_resource(get, extra)
            found = self._choices(state.with_player(richer), seat, {kind})
            if not found:
                continue
            paid = extra * rate * money_price(player, 2, rounds_left(state))
            net = found[0].value - price - paid
            if net >= PASS_BELOW and (best is None or net > best[0]):
                best = (net, str(trade), trade)
        return None if best is None else best[2]

    def _research_value(self, state: GameState, seat: int) -> float:
        found = self._research_choice(state, seat, False)
        return 0.0 if found is None else found.value

    def _choices(
        self, state: GameState, seat: int, kinds: set[ActionKind], reaction: bool = False
    ) -> list[Choice]:
        """What each action (or, after passing, each reaction) among ``kinds`` is worth."""
        out: list[Choice] = []
        for kind, value_of in (
            (ActionKind.MOVE, self._move_choice),
            (ActionKind.BUILD, self._build_choice),
            (ActionKind.RESEARCH, self._research_choice),
            (ActionKind.EXPLORE, self._explore_choice),
            (ActionKind.INFLUENCE, self._influence_choice),
            (ActionKind.UPGRADE, self._upgrade_choice),
        ):
            if kind in kinds:
                found = value_of(state, seat, reaction)
                if found is not None:
                    out.append(found)
        return out

    def _reaction(self, state: GameState, seat: int, actions: Sequence[Action]) -> Action:
        """After passing: one upgrade, build or move activation when it pays, if affordable
        (defending a sector, finishing an attack, a ship for a fleet goal, an upgrade)."""
        player = state.players[seat]
        kinds = {a.kind for a in actions if isinstance(a, TakeReaction)}
        if not kinds:
            return Pass()
        choices = self._choices(state, seat, kinds, reaction=True)
        best = _best(_payable(player, c) for c in choices)
        price = action_price(player, 1, rounds_left(state))
        if best is None or best.value - price < PASS_BELOW:
            return Pass()
        self._intent = (state.round, best.kind, best.intent)
        return TakeReaction(best.kind)

    def _free_action(self, state: GameState, seat: int, actions: Sequence[Action]) -> Action | None:
        """A colony ship, when one can place a cube (free production)."""
        colonize = [a for a in actions if isinstance(a, Colonize)]
        if not colonize:
            return None
        player = state.players[seat]
        need = neediest(player)

        def key(a: Colonize) -> tuple[float, int, str]:
            gain = colony_gain(player, a.resource)
            return (gain + (2 if a.resource is need else 0), int(a.square >= 0), str(a))

        return max(colonize, key=key)

    # ----- values of the actions ------------------------------------------------------------

    def _moves(self, state: GameState, seat: int) -> list[MoveShip]:
        d = Activations(seat, ActionKind.MOVE, 1)
        from engine.actions.move import legal_move

        return [a for a in legal_move(state, d) if isinstance(a, MoveShip)]

    def _move_choice(self, state: GameState, seat: int, reaction: bool) -> Choice | None:
        n = activation_count(state, seat, ActionKind.MOVE, reaction)
        plans = war.attack_plans(state, seat, self.book, self._moves(state, seat), n)
        good = [p for p in plans if p.holds >= war.MIN_HOLDS and p.value > 0]
        if good:
            return Choice(ActionKind.MOVE, good[0].value, good[0])
        moves = self._moves(state, seat)
        side = self._side_move(state, seat, moves)
        staging = self._staging_moves(state, seat, moves)
        value = STAGING_VP * min(n, len(staging), 2) if staging else 0.0
        if side is not None and side[0] > value:
            return Choice(ActionKind.MOVE, side[0], None)
        return Choice(ActionKind.MOVE, value, None) if staging else None

    def _side_move(
        self, state: GameState, seat: int, moves: Sequence[MoveShip]
    ) -> tuple[float, MoveShip] | None:
        """The best move that is not an attack (New Dangers): a dive into a Black Hole that
        still holds its discovery tile (``modules.dive_value``), or a ship taken out of a
        Supernova that may explode at this round's upkeep (``modules.evacuation_value``)."""
        best: tuple[float, str, MoveShip] | None = None
        dive = black_hole_dive(state, seat, moves)
        if isinstance(dive, MoveShip):
            value = dive_value(state, seat, dive, DISCOVERY_VP)
            if value > 0:
                best = (value, str(dive), dive)
        for m in moves:
            origin = state.sector(m.origin)
            if origin is None or explosion_risk(state, origin) <= 0:
                continue
            target = state.sector(m.target)
            if target is None or entering_creates_conflict(state, seat, target):
                continue
            value = evacuation_value(state, seat, m)
            if value > 0 and (best is None or (value, str(m)) > best[:2]):
                best = (value, str(m), m)
        return None if best is None else (best[0], best[2])

    def _staging_moves(
        self, state: GameState, seat: int, moves: Sequence[MoveShip]
    ) -> list[MoveShip]:
        """Moves that bring warships too far from the best fleet goal's target to join its
        attack next turn into a safe sector from which they can (strongest ships first)."""
        goals = self._goals(state, seat)
        if not goals or goals[0].value < 2.0:
            return []
        target = goals[0].target
        generator = has_wormhole_generator(state, seat)
        near = {s.hex for s in connected_sectors(state, target, generator)}
        player = state.players[seat]
        out = []
        for m in moves:
            if m.origin in near or m.target not in near or m.ship_class not in war.WARSHIPS:
                continue
            origin, dest = state.sector(m.origin), state.sector(m.target)
            assert origin is not None and dest is not None
            if entering_creates_conflict(state, seat, origin) or entering_creates_conflict(
                state, seat, dest
            ):
                continue
            if explosion_risk(state, dest) > explosion_risk(state, origin):
                continue  # never into a Supernova that may explode at this upkeep
            out.append(m)
        out.sort(key=lambda m: (-war.ship_power(player.blueprint(m.ship_class)), str(m)))
        return out

    def _goals(self, state: GameState, seat: int) -> list[war.FleetGoal]:
        """Fleet goals for every hostile neighbour, the best net value first (memoised by what
        they depend on: ``goal_key``)."""
        reach = activation_count(state, seat, ActionKind.MOVE, False)
        key = goal_key(state, seat, reach)
        found = self._goal_memo.get(key)
        if found is not None:
            return found
        goals = []
        for target in war.hostile_targets(state, seat):
            goal = war.fleet_goal(state, seat, self.book, target, reach)
            if goal is not None:
                goals.append(goal)
        goals.sort(key=lambda g: (-(g.value - g.cost * MATERIAL_PRICE), g.cost, g.target))
        if len(self._goal_memo) >= GOAL_MEMO:
            self._goal_memo.clear()
        self._goal_memo[key] = goals
        return goals

    def _build_choice(self, state: GameState, seat: int, reaction: bool) -> Choice | None:
        n = activation_count(state, seat, ActionKind.BUILD, reaction)
        options: list[Choice] = []
        player = state.players[seat]
        board = find_species(player.species)
        for goal in self._goals(state, seat)[:1]:
            net = goal.value - goal.cost * MATERIAL_PRICE
            if not goal.builds or net <= 0:
                continue
            now: list[ShipClass] = []
            materials = player.materials
            for cls in goal.builds[:n]:
                cost = board.build_cost(cls.value)
                if cost <= materials:
                    now.append(cls)
                    materials -= cost
            if now:
                share = len(now) / len(goal.builds)
                value = BUILD_DELAY * share * net
                spent = player.materials - materials
                intent = ("goal", goal.site, tuple(now))
                options.append(Choice(ActionKind.BUILD, value, intent, spent=spent))
        defence = self._defence_build(state, seat, n)
        if defence is not None:
            options.append(defence)
        structure = self._structure_build(state, seat)
        if structure is not None:
            options.append(structure)
        return max(options, key=lambda c: c.value, default=None)

    def _defence_build(self, state: GameState, seat: int, builds: int) -> Choice | None:
        """Ships or a starbase in the most threatened sector, when it lowers the danger."""
        found = war.threats(state, seat, self.book)
        if not found or found[0].loses < 0.3:
            return None
        worst = found[0]
        player = state.players[seat]
        board = find_species(player.species)
        best: tuple[float, tuple[ShipClass, ...]] | None = None
        for cls in (ShipClass.STARBASE, ShipClass.CRUISER, ShipClass.INTERCEPTOR):
            if cls not in board.ship_classes:
                continue
            if cls is ShipClass.STARBASE and not player.has_tech("starbase"):
                continue
            try:
                cost = board.build_cost(cls.value)
            except ValueError:
                continue
            count = min(builds, player.materials // cost) if cost else 0
            if count <= 0:
                continue
            after = war.add_ships(state, seat, worst.where, (cls,) * count)
            again = [t for t in war.threats(after, seat, self.book) if t.where == worst.where]
            left = again[0].value if again else 0.0
            gain = worst.value - left - cost * count * RESOURCE_VP
            if best is None or gain > best[0]:
                best = (gain, (cls,) * count)
        if best is None or best[0] <= 0:
            return None
        spent = sum(board.build_cost(c.value) for c in best[1])
        return Choice(ActionKind.BUILD, best[0], ("defend", worst.where, best[1]), spent=spent)

    def _structure_build(self, state: GameState, seat: int) -> Choice | None:
        """A monolith (3 VP) or an orbital (a square) in a controlled sector."""
        player = state.players[seat]
        board = find_species(player.species)
        mine = list(state.controlled(seat))
        if not mine:
            return None
        best: Choice | None = None
        if player.has_tech("monolith"):
            cost = board.build_cost("monolith")
            free = [s for s in mine if not s.monolith]
            if free and player.materials >= cost:
                value = MONOLITH_VP - cost * RESOURCE_VP * 0.6
                where = max(free, key=lambda s: (s.ships_of(seat), -s.hex.ring, s.hex)).hex
                best = Choice(ActionKind.BUILD, value, ("monolith", where), spent=cost)
        if player.has_tech("orbital"):
            cost = board.build_cost("orbital")
            free = [s for s in mine if not s.orbital]
            if free and player.materials >= cost and rounds_left(state) >= 2:
                gain = max(production_gain(player, r) for r in (Resource.MONEY, Resource.SCIENCE))
                value = gain * (rounds_left(state) + 1) * RESOURCE_VP - cost * RESOURCE_VP
                where = max(free, key=lambda s: (s.ships_of(seat), -s.hex.ring, s.hex)).hex
                if best is None or value > best.value:
                    best = Choice(ActionKind.BUILD, value, ("orbital", where), spent=cost)
        return best

    def _research_choice(self, state: GameState, seat: int, reaction: bool) -> Choice | None:
        n = activation_count(state, seat, ActionKind.RESEARCH, reaction)
        options = legal_research(state, Activations(seat, ActionKind.RESEARCH, 1))
        assert self.plan is not None
        player = state.players[seat]
        gains = sorted(
            (
                research_gain(state, seat, a.tech, a.track, self.plan),
                str(a),
                research_cost(a.tech, len(player.techs[track_of(a.track)])),
            )
            for a in options
            if isinstance(a, Research)
        )
        gains.reverse()
        if not gains or gains[0][0] <= 0:
            return None
        second = n > 1 and len(gains) > 1 and gains[1][0] > 0
        value = gains[0][0] + (gains[1][0] * 0.7 if second else 0.0)
        spent = gains[0][2] + (gains[1][2] if second else 0)
        return Choice(ActionKind.RESEARCH, value, spent=spent)

    def _explore_choice(self, state: GameState, seat: int, reaction: bool) -> Choice | None:
        zones = legal_explore(state, Activations(seat, ActionKind.EXPLORE, 1))
        if not zones:
            return None
        n = activation_count(state, seat, ActionKind.EXPLORE, reaction)
        values = sorted(
            (self._zone_value(state, seat, z.where) for z in zones if isinstance(z, ExploreZone)),
            reverse=True,
        )
        value = sum(values[:n])
        return Choice(ActionKind.EXPLORE, value) if value > 0 else None

    def _zone_value(self, state: GameState, seat: int, zone: Hex) -> float:
        """Expected worth of exploring a zone: the mean value of the hexes its ring may give."""
        ring = zone_ring(zone)
        pool = state.stacks[ring - 1].pool or state.stacks[ring - 1].discard
        if not pool:
            return 0.0
        total = 0.0
        for tile in pool:
            total += self._tile_worth(state, seat, tile)
        return total / len(pool)

    def _tile_worth(self, state: GameState, seat: int, tile: int) -> float:
        printed = sector_tile(tile)
        claim = claim_value(state, seat, tile)
        player = state.players[seat]
        if printed.guardian or printed.gcds or (printed.ancients and player.species != DRACO):
            return 0.35 * max(0.0, claim)  # conquered later, maybe
        return max(0.2, claim)

    def _influence_choice(self, state: GameState, seat: int, reaction: bool) -> Choice | None:
        player = state.players[seat]
        n = activation_count(state, seat, ActionKind.INFLUENCE, reaction)
        options = legal_influence(state, Activations(seat, ActionKind.INFLUENCE, n))
        gains = []
        for a in options:
            if isinstance(a, InfluenceDisc) and a.origin is None and a.target is not None:
                sector = state.sector(a.target)
                assert sector is not None
                gains.append(claim_value(state, seat, sector.tile, sector.discovery))
        gains.sort(reverse=True)
        value = sum(g for g in gains[:n] if g > 0)
        # Influence also turns two used colony ships face up: each places a cube (production
        # for the rest of the game) on an open square.
        cubes = _open_square_gains(state, seat)
        flips = min(2, player.colony_used, len(cubes))
        rounds = rounds_left(state) + 1
        value += sum(max(FLIP_VP, g * rounds * RESOURCE_VP) for g in cubes[:flips])
        return Choice(ActionKind.INFLUENCE, value) if value > 0 else None

    def _upgrade_choice(self, state: GameState, seat: int, reaction: bool) -> Choice | None:
        if not war.hostile_targets(state, seat) and not self._warships(state, seat):
            return None
        actions = legal_upgrade(state, Activations(seat, ActionKind.UPGRADE, 1))
        if not actions:
            return None
        target = self._target(state, seat)
        planned = self._planned(state, seat)
        base, ranked = rank_upgrades(state, seat, actions, self.book, target, planned=planned)
        if not ranked or ranked[0].score <= base + 0.01:
            return None
        n = activation_count(state, seat, ActionKind.UPGRADE, reaction)
        gain = (ranked[0].score - base) * (1.0 + 0.5 * (n - 1))
        return Choice(ActionKind.UPGRADE, UPGRADE_STAKES * gain)

    def _warships(self, state: GameState, seat: int) -> int:
        return sum(s.ships_of(seat, c) for s in state.sectors for c in war.WARSHIPS)

    def _target(self, state: GameState, seat: int) -> Hex | None:
        """The sector the seat means to attack next: its best fleet goal's target, else the
        hostile neighbour it is likeliest to beat with the fleet it would build."""
        goals = self._goals(state, seat)
        if goals:
            return goals[0].target
        targets = war.hostile_targets(state, seat)
        if not targets:
            return None
        player = state.players[seat]
        counts = fleet_counts(state, seat, self._planned(state, seat))
        best: tuple[float, Hex] | None = None
        for t in targets:
            foe = opponent_side(state, seat, t)
            score = fleet_score(self.book, state, player, counts, foe)
            key = (score, t)
            if best is None or key > best:
                best = key
        return None if best is None else best[1]

    def _planned(self, state: GameState, seat: int) -> tuple[ShipClass, ...]:
        """Ships the seat means to build: its best fleet goal's."""
        goals = self._goals(state, seat)
        return goals[0].builds if goals else ()

    # ----- activations ----------------------------------------------------------------------

    def _activation(
        self, state: GameState, seat: int, d: Activations, actions: Sequence[Action]
    ) -> Action:
        free = self._free_action(state, seat, actions)
        if free is not None:
            return free
        end: Action = next((a for a in actions if isinstance(a, EndAction)), _fallback(actions))
        handler = {
            ActionKind.EXPLORE: self._do_explore,
            ActionKind.RESEARCH: self._do_research,
            ActionKind.UPGRADE: self._do_upgrade,
            ActionKind.BUILD: self._do_build,
            ActionKind.MOVE: self._do_move,
            ActionKind.INFLUENCE: self._do_influence,
        }[d.kind]
        found = handler(state, seat, d, actions)
        return found if found is not None else end

    def _do_explore(
        self, state: GameState, seat: int, d: Activations, actions: Sequence[Action]
    ) -> Action | None:
        zones = [a for a in actions if isinstance(a, ExploreZone)]
        if not zones:
            return None
        return max(zones, key=lambda a: (round(self._zone_value(state, seat, a.where), 6), str(a)))

    def _do_research(
        self, state: GameState, seat: int, d: Activations, actions: Sequence[Action]
    ) -> Action | None:
        assert self.plan is not None
        plan = self.plan
        options = [
            (research_gain(state, seat, a.tech, a.track, plan), str(a), a)
            for a in actions
            if isinstance(a, Research)
        ]
        options = [o for o in options if o[0] > 0]
        if not options:
            return None
        return max(options, key=lambda o: (round(o[0], 6), o[1]))[2]

    def _do_upgrade(
        self, state: GameState, seat: int, d: Activations, actions: Sequence[Action]
    ) -> Action | None:
        target = self._target(state, seat)
        base, ranked = rank_upgrades(
            state,
            seat,
            actions,
            self.book,
            target,
            d.returned,
            d.ship_class,
            self._planned(state, seat),
        )
        if ranked and (
            ranked[0].score > base + 0.005 or not any(isinstance(a, EndAction) for a in actions)
        ):
            return ranked[0].action
        return None

    def _do_build(
        self, state: GameState, seat: int, d: Activations, actions: Sequence[Action]
    ) -> Action | None:
        builds = [a for a in actions if isinstance(a, Build)]
        if not builds:
            return None
        intent = self._intent[2] if self._intent and self._intent[1] is ActionKind.BUILD else None
        found = self._next_build(intent, builds)
        if found is not None:
            return found
        # Nothing left of the plan: build again only if it still pays.
        choice = self._build_choice(state, seat, d.reaction)
        if choice is None or choice.value < PASS_BELOW:
            return None
        self._intent = (state.round, ActionKind.BUILD, choice.intent)
        return self._next_build(choice.intent, builds)

    def _next_build(self, intent: object, builds: Sequence[Build]) -> Build | None:
        """The next build of a build intent that is legal now (taken out of the intent)."""
        if not isinstance(intent, tuple) or len(intent) < 2:
            return None
        what, where = intent[0], intent[1]
        rest: tuple[ShipClass, ...] = intent[2] if len(intent) > 2 else ()
        items = [c.value for c in rest] if what in ("goal", "defend") else [str(what)]
        for i, item in enumerate(items):
            wanted = Build(item, where)
            if wanted in builds:
                assert self._intent is not None
                left = rest[:i] + rest[i + 1 :] if rest else ()
                rnd, kind, _ = self._intent
                self._intent = (rnd, kind, (what, where, left) if left else None)
                return wanted
        return None

    def _do_move(
        self, state: GameState, seat: int, d: Activations, actions: Sequence[Action]
    ) -> Action | None:
        moves = [a for a in actions if isinstance(a, MoveShip)]
        if not moves:
            return None
        plans = war.attack_plans(state, seat, self.book, moves, d.left)
        good = [p for p in plans if p.holds >= war.MIN_HOLDS and p.value > 0]
        if good:
            for m in good[0].moves():
                if m in moves:
                    return m
        found = self._reinforce(state, seat, moves)
        if found is not None:
            return found
        side = self._side_move(state, seat, moves)
        if side is not None and side[0] >= STAGING_VP:
            return side[1]
        staging = self._staging_moves(state, seat, moves)
        if staging:
            return staging[0]
        return side[1] if side is not None and side[0] >= PASS_BELOW else None

    def _reinforce(self, state: GameState, seat: int, moves: Sequence[MoveShip]) -> Action | None:
        """Join a battle the seat is already in when that raises its chance of holding it."""
        fronts = {
            s.hex
            for s in state.sectors
            if s.ships_of(seat) and entering_creates_conflict(state, seat, s)
        }
        best: tuple[float, str, MoveShip] | None = None
        for m in moves:
            if m.target not in fronts:
                continue
            before, _ = war.sustained(state, seat, m.target, self.book)
            after_state = war.relocate(state, seat, [(m.origin, m.ship_class)], m.target)
            after, _ = war.sustained(after_state, seat, m.target, self.book)
            origin = state.sector(m.origin)
            if origin is not None and entering_creates_conflict(state, seat, origin):
                continue
            gain = after - before
            if gain > 0.05 and (best is None or gain > best[0]):
                best = (gain, str(m), m)
        return None if best is None else best[2]

    def _do_influence(
        self, state: GameState, seat: int, d: Activations, actions: Sequence[Action]
    ) -> Action | None:
        player = state.players[seat]
        if not affordable(player, 1):
            return None
        best: tuple[float, str, Action] | None = None
        for a in actions:
            if not isinstance(a, InfluenceDisc) or a.origin is not None or a.target is None:
                continue
            sector = state.sector(a.target)
            assert sector is not None
            value = claim_value(state, seat, sector.tile, sector.discovery)
            if value > 0.2 and (best is None or value > best[0]):
                best = (value, str(a), a)
        return None if best is None else best[2]

    # ----- exploring ------------------------------------------------------------------------

    def _placement(
        self, state: GameState, seat: int, d: SectorPlacement, actions: Sequence[Action]
    ) -> Action:
        places = [a for a in actions if isinstance(a, PlaceSector)]
        if not places:
            return next(a for a in actions if isinstance(a, DiscardSector))
        generator = has_wormhole_generator(state, seat)

        def key(a: PlaceSector) -> tuple[float, str]:
            worth = self._tile_worth(state, seat, a.tile)
            mask = rotate_mask(sector_tile(a.tile).wormhole_mask, a.rotation)
            links = 0
            opening = 0
            for direction, other, edge in board_edges(state, d.zone):
                if not (mask >> direction) & 1:
                    continue
                neighbour = state.sector(other)
                if neighbour is None:
                    opening += 1
                    continue
                back = (neighbour.wormholes >> edge) & 1
                if back or generator:
                    links += 2 if neighbour.owner == seat else 1
            return (worth + 0.3 * links + 0.1 * opening, str(a))

        return max(places, key=key)

    def _explore_control(
        self, state: GameState, seat: int, d: ExploreControl, actions: Sequence[Action]
    ) -> Action:
        claim = next((a for a in actions if isinstance(a, Claim)), None)
        sector = state.sector(d.where)
        if claim is None or sector is None:
            return Decline()
        player = state.players[seat]
        value = claim_value(state, seat, sector.tile, sector.discovery)
        if value > 0 and affordable(player, 1):
            return claim
        return Decline()

    def _claims(
        self, state: GameState, seat: int, d: SectorClaims, actions: Sequence[Action]
    ) -> Action:
        player = state.players[seat]
        best: tuple[float, str, Action] | None = None
        for a in actions:
            if isinstance(a, Claim):
                sector = state.sector(a.where)
                assert sector is not None
                value = claim_value(state, seat, sector.tile, sector.discovery)
                if best is None or value > best[0]:
                    best = (value, str(a), a)
        if best is not None and best[0] > 0 and affordable(player, 1):
            return best[2]
        return Decline()

    # ----- discoveries ----------------------------------------------------------------------

    def _discovery(
        self, state: GameState, seat: int, d: DiscoveryChoice, actions: Sequence[Action]
    ) -> Action:
        tile = discovery_tile(d.tile)
        player = state.players[seat]
        left = rounds_left(state)
        kind = tile.kind
        reward: float
        if kind is DiscoveryKind.RESOURCES:
            amount = tile.money + tile.science + tile.materials + tile.any
            reward = amount * RESOURCE_VP * (1.0 + left / 7)
        elif kind is DiscoveryKind.TECH:
            reward = 3.0 if left >= 1 else 1.5
        elif kind is DiscoveryKind.PART:
            reward = 3.5 if left >= 2 else 1.0
        elif kind is DiscoveryKind.ANCIENT_CRUISER:
            reward = 3.0 if left >= 2 else 1.0
        elif kind is DiscoveryKind.ORBITAL:
            reward = 2.5 if left >= 3 else 1.0
        elif kind is DiscoveryKind.MONOLITH:
            reward = 3.0
        elif kind is DiscoveryKind.WARP_PORTAL:
            reward = float(tile.vp) + 0.5
        elif kind is DiscoveryKind.ARTIFACT_CODEX:
            reward = float(sum(s.printed.artifacts for s in state.controlled(seat))) + 0.5
        else:  # Ancient Might: 1 VP per 3 reputation at the end
            reward = (sum(player.reputation) + 3) / 3
        wanted = TakeReward() if reward > 2.0 else KeepAsVp()
        return wanted if wanted in actions else _fallback(actions)

    def _resource(
        self, state: GameState, seat: int, d: ResourceChoice, actions: Sequence[Action]
    ) -> Action:
        return ChooseResource(neediest(state.players[seat]))

    def _tech_choice(
        self, state: GameState, seat: int, d: TechChoice, actions: Sequence[Action]
    ) -> Action:
        assert self.plan is not None
        plan = self.plan
        return max(
            (a for a in actions if isinstance(a, ChooseTech)),
            key=lambda a: (round(tech_value(state, seat, a.tech, plan), 6), a.tech),
        )

    def _sector_choice(
        self, state: GameState, seat: int, d: SectorChoice, actions: Sequence[Action]
    ) -> Action:
        choices = [a for a in actions if isinstance(a, ChooseSector)]
        if not choices:
            return _fallback(actions)

        def key(a: ChooseSector) -> tuple[int, int, int, str]:
            sector = state.sector(a.where)
            assert sector is not None
            return (sector.ships_of(seat), sector.printed.vp, -a.where.ring, str(a))

        return max(choices, key=key)

    def _install(
        self, state: GameState, seat: int, d: PartInstall, actions: Sequence[Action]
    ) -> Action:
        installs = [a for a in actions if isinstance(a, InstallPart)]
        if not installs:
            return Decline()
        player = state.players[seat]
        counts = fleet_counts(state, seat)
        foe = opponent_side(state, seat, self._target(state, seat))
        base = fleet_score(self.book, state, player, counts, foe)
        best: tuple[float, str, Action] | None = None
        for a in installs:
            if a.ship_class not in counts:
                continue
            after = commit(state, seat, a.ship_class, (), (a.slot, d.part))
            score = fleet_score(self.book, after, after.players[seat], counts, foe)
            if best is None or score > best[0]:
                best = (score, str(a), a)
        if best is not None and best[0] >= base - 1e-9:
            return best[2]
        return Decline()

    # ----- cubes, graveyards, diplomacy ------------------------------------------------------

    def _cube_return(
        self, state: GameState, seat: int, d: CubeReturn, actions: Sequence[Action]
    ) -> Action:
        options = tuple(a.resource for a in actions if isinstance(a, ReturnCube))
        return ReturnCube(least_needed(state.players[seat], options))

    def _graveyard(
        self, state: GameState, seat: int, d: GraveyardChoice, actions: Sequence[Action]
    ) -> Action:
        options = tuple(a.resource for a in actions if isinstance(a, ToGraveyard))
        return ToGraveyard(least_needed(state.players[seat], options))

    def _cube_removal(
        self, state: GameState, seat: int, d: CubeRemoval, actions: Sequence[Action]
    ) -> Action:
        sector = state.sector(d.where)
        cubes = [a for a in actions if isinstance(a, DestroyCube)]
        if sector is None or sector.owner is None or not cubes:
            return _fallback(actions)
        victim = state.players[sector.owner]

        def hurt(a: DestroyCube) -> tuple[int, int]:
            if a.square < 0:
                return (production_gain(victim, Resource.MONEY), a.square)
            resource = sector.printed.squares[a.square].type.resource
            if resource is None:
                return (0, a.square)
            return (production(victim, resource), a.square)

        return max(cubes, key=hurt)

    def _proposal(self, state: GameState, seat: int, actions: Sequence[Action]) -> Action | None:
        proposals = [a for a in actions if isinstance(a, ProposeDiplomacy)]
        if not proposals:
            return None
        player = state.players[seat]
        target = self._target(state, seat)
        target_owner = None
        if target is not None:
            sector = state.sector(target)
            target_owner = None if sector is None else sector.owner
        need = neediest(player)
        for a in sorted(
            proposals, key=lambda a: (a.drop is not None, a.resource is not need, str(a))
        ):
            if (state.round, a.other) in self._proposed or a.other == target_owner:
                continue
            if a.drop is not None:
                continue  # never give up a reputation tile for an ambassador
            self._proposed.add((state.round, a.other))
            return a
        return None

    def _diplomacy_answer(
        self, state: GameState, seat: int, d: DiplomacyAnswer, actions: Sequence[Action]
    ) -> Action:
        accepts = [a for a in actions if isinstance(a, AcceptDiplomacy) and a.drop is None]
        if not accepts:
            return next(a for a in actions if isinstance(a, DeclineDiplomacy))
        need = neediest(state.players[seat])
        return min(accepts, key=lambda a: (a.resource is not need, str(a)))

    # ----- upkeep and the rest --------------------------------------------------------------

    def _upkeep(self, state: GameState, seat: int, d: Upkeep, actions: Sequence[Action]) -> Action:
        colonize = self._free_action(state, seat, actions)
        if colonize is not None:
            return colonize
        player = state.players[seat]
        if balance(player) >= 0 and PayUpkeep() in actions:
            return PayUpkeep()
        trades = [a for a in actions if isinstance(a, Trade) and a.get is Resource.MONEY]
        if trades:
            give = least_needed(player, tuple(a.give for a in trades))
            return next(a for a in trades if a.give is give)
        abandon = [a for a in actions if isinstance(a, Abandon)]
        if abandon:

            def worth(a: Abandon) -> tuple[float, str]:
                sector = state.sector(a.where)
                assert sector is not None
                return (sector_value(state, seat, sector.tile, False), str(a))

            return min(abandon, key=worth)
        return PayUpkeep() if PayUpkeep() in actions else _fallback(actions)

    def _stalemate(
        self, state: GameState, seat: int, d: StalemateRetreat, actions: Sequence[Action]
    ) -> Action:
        retreats = [a for a in actions if isinstance(a, RetreatTo)]
        if not retreats:
            return _fallback(actions)

        def key(a: RetreatTo) -> tuple[int, str]:
            sector = state.sector(a.where)
            return (0 if sector is None else sector.ships_of(seat), str(a))

        return max(retreats, key=key)


def goal_key(state: GameState, seat: int, reach: int) -> tuple[object, ...]:
    """What a seat's fleet goals depend on: the galaxy, the round, the reputation bag and the
    players as they stand, but not the money, science and materials in their storage (a goal
    is the ships that take a sector, whatever they cost: the trades and what-ifs of a turn,
    which change only storage, ask for the same goals)."""
    players = tuple(replace(p, money=0, science=0, materials=0) for p in state.players)
    return (seat, reach, state.round, state.sectors, players, state.reputation_bag)


def _spends(choice: Choice) -> Resource | None:
    """The resource a choice's action spends, which cannot also be traded for its upkeep."""
    return {ActionKind.RESEARCH: Resource.SCIENCE, ActionKind.BUILD: Resource.MATERIALS}.get(
        choice.kind
    )


def colony_gain(player: PlayerState, resource: Resource) -> float:
    """What a colony ship's cube of ``resource`` is worth to the seat: the production it adds,
    weighted by ``COLONY_WEIGHT``."""
    return production_gain(player, resource) * COLONY_WEIGHT[resource]


def _best(choices: Iterable[Choice | None]) -> Choice | None:
    """The choice worth the most (None ones left out); ties go to the kind listed first in
    ``ActionKind``."""
    order = list(ActionKind)
    found = [c for c in choices if c is not None]
    return max(found, key=lambda c: (c.value, -order.index(c.kind)), default=None)


def _payable(player: PlayerState, choice: Choice) -> Choice | None:
    """``choice`` if the seat can pay the upkeep of its disc and of the sector it claims; an
    exploration whose claim it cannot pay is still worth ``UNCLAIMED_SHARE`` of its value (the
    hex is placed unclaimed: it opens the zones behind it and Influence may claim it later);
    otherwise None."""
    if affordable(player, 1 + _claims(choice), keep=_spends(choice), kept=choice.spent):
        return choice
    if choice.kind is ActionKind.EXPLORE and affordable(player, 1):
        return replace(choice, value=choice.value * UNCLAIMED_SHARE)
    return None


def _claims(choice: Choice) -> int:
    """Extra discs a choice will put on sectors (explore and influence claim them)."""
    return 1 if choice.kind in (ActionKind.EXPLORE, ActionKind.INFLUENCE) else 0


def _open_square_gains(state: GameState, seat: int) -> list[float]:
    """``colony_gain`` of a cube on each empty square the seat could fill now, best first
    (each square counted once, at its best resource)."""
    from engine.actions.colony import square_options

    player = state.players[seat]
    out: list[float] = []
    for s in state.controlled(seat):
        best: dict[int, float] = {}
        for i, r in square_options(player, s):
            best[i] = max(best.get(i, 0.0), colony_gain(player, r))
        out.extend(best.values())
    return sorted(out, reverse=True)


def _fallback(actions: Sequence[Action]) -> Action:
    """A safe answer when the planner has no opinion: decline, end or pass if offered."""
    for kind in (Decline, EndAction, Pass, DiscardSector, PayUpkeep):
        for a in actions:
            if isinstance(a, kind):
                return a
    return actions[0]
