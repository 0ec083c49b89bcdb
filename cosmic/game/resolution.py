"""From the cards revealed to ships moved: the game asks ``cosmic.encounter.resolve``.

The challenge rules and the powers that act at the reveal (morph, Empath, Emotion Control,
Macron, Virus, Void, Zombie, Ionic Gas, the Amoeba's count) live in ``cosmic.encounter`` and
``cosmic.powers``, the same code the odds solver uses. This module only builds the ``Table``
from the game state (``table_of``) and moves the ships and cards the ``Encounter`` says.

Where the seed is silent, the game decides (and says so in ``cosmic.game.rules``):

* ships leaving the cone without loss go back to the planets they came from;
* an Amoeba oozes in ships from its bases, one from the base with the most ships at a time,
  leaving one ship on each base (the seed's "from anywhere" read as from its bases); ships it
  oozes out go back where they came from (a defending Amoeba's to its base with the most ships,
  else to another of its home planets);
* a Zombie's ships that would go to the warp go back to the planet they came from (a defending
  Zombie's to its base with the most ships, else another home planet): the seed lets it place
  them on any base;
* three ships lost for a failed deal are taken one at a time from the base with the most ships
  (home planets first on ties).
"""

from __future__ import annotations

from dataclasses import replace

from cosmic.cards import Card, CardKind
from cosmic.encounter import Encounter, Play, Result, resolve
from cosmic.game.state import Commit, GameState, Task, TaskKind
from cosmic.powers import AmoebaTiming, PowerOptions, rule
from cosmic.sides import BySide, Side
from cosmic.table import Ally, Table


def allies_of(state: GameState, side: Side) -> tuple[int, ...]:
    """The allies of ``side``, in the order they joined."""
    return tuple(seat for seat, s in state.cone.allies if s is side)


def amoeba_reserve(state: GameState, side: Side) -> int:
    """Ships the Amoeba on ``side`` could ooze in: one less than each base holds (the defended
    planet excepted)."""
    seat = state.main(side)
    return sum(state.spare(seat, p) for p in state.bases(seat) if p != state.cone.planet)


def committed_ships(state: GameState, side: Side) -> int:
    """A main player's ships in the challenge before the reveal: in the cone for the offense,
    on the planet for the defense."""
    seat = state.main(side)
    if side is Side.OFFENSE:
        return state.cone.committed(seat)
    return state.ships_on(state.cone.planet, seat)


def table_of(state: GameState) -> Table:
    """What is on the table for the encounter of ``state``'s challenge."""
    powers = BySide(state.power(state.offense), state.power(state.cone.defense))
    reserve = None
    for side in Side:
        if rule(powers.of(side)).oozes:
            reserve = amoeba_reserve(state, side)
    allies = BySide(
        tuple(
            Ally(state.cone.committed(s), state.power(s), str(s))
            for s in allies_of(state, Side.OFFENSE)
        ),
        tuple(
            Ally(state.cone.committed(s), state.power(s), str(s))
            for s in allies_of(state, Side.DEFENSE)
        ),
    )
    options = PowerOptions(
        virus_allies=state.config.virus_allies,
        amoeba_reserve=reserve,
        amoeba_timing=AmoebaTiming.TEXT,
    )
    ships = BySide(committed_ships(state, Side.OFFENSE), committed_ships(state, Side.DEFENSE))
    return Table(ships, allies, powers, options, frozenset(state.cone.edicts))


def plays_of(state: GameState) -> BySide[Play]:
    """Each main player's play at the reveal (its card and its ships, an Amoeba's chosen)."""
    cards = state.cone.cards
    assert cards[0] is not None and cards[1] is not None
    return BySide(Play(cards[0], state.cone.ships[0]), Play(cards[1], state.cone.ships[1]))


def encounter_of(state: GameState) -> Encounter:
    """The result of the cards revealed (pure: nothing moves yet)."""
    plays = plays_of(state)
    return resolve(table_of(state), plays.offense, plays.defense)


# ----- moving ships ------------------------------------------------------------------------------


def return_commits(state: GameState, seats: tuple[int, ...]) -> GameState:
    """Ships of ``seats`` in the cone go back to the planets they came from."""
    kept: list[Commit] = []
    for c in state.cone.commits:
        if c.seat in seats:
            state = state.with_ships(c.planet, c.seat, c.ships)
        else:
            kept.append(c)
    return state.with_cone(commits=tuple(kept))


def _take_from_cone(state: GameState, seat: int, ships: int) -> tuple[GameState, list[Commit]]:
    """Take ``ships`` of ``seat`` out of the cone (last committed first); the pieces taken."""
    taken: list[Commit] = []
    commits = list(state.cone.commits)
    for i in range(len(commits) - 1, -1, -1):
        c = commits[i]
        if ships == 0:
            break
        if c.seat != seat:
            continue
        n = min(ships, c.ships)
        ships -= n
        taken.append(replace(c, ships=n))
        if n == c.ships:
            del commits[i]
        else:
            commits[i] = replace(c, ships=c.ships - n)
    return state.with_cone(commits=tuple(commits)), taken


def fullest_base(state: GameState, seat: int, besides: int = -1) -> int | None:
    """``seat``'s base with the most ships other than ``besides`` (home planets first on ties)."""
    best: int | None = None
    for p in state.bases(seat):
        if p != besides and (best is None or state.ships_on(p, seat) > state.ships_on(best, seat)):
            best = p
    return best


def shelter(state: GameState, seat: int, besides: int) -> int:
    """Where ``seat``'s ships leaving planet ``besides`` go: its fullest other base, else another
    of its home planets."""
    base = fullest_base(state, seat, besides)
    if base is not None:
        return base
    return next(p for p in state.home_planets(seat) if p != besides)


def _ooze(state: GameState, side: Side, wanted: int) -> GameState:
    """Move an Amoeba's ships so that it has ``wanted`` in the encounter."""
    seat = state.main(side)
    have = committed_ships(state, side)
    planet = state.cone.planet
    if wanted < have:
        if side is Side.OFFENSE:
            state, taken = _take_from_cone(state, seat, have - wanted)
            for c in taken:
                state = state.with_ships(c.planet, seat, c.ships)
            return state
        to = shelter(state, seat, planet)
        return state.with_ships(planet, seat, wanted - have).with_ships(to, seat, have - wanted)
    for _ in range(wanted - have):
        source = max(
            (p for p in state.bases(seat) if p != planet and state.spare(seat, p)),
            key=lambda p: state.ships_on(p, seat),
        )
        state = state.with_ships(source, seat, -1)
        if side is Side.OFFENSE:
            state = state.with_cone(commits=(*state.cone.commits, Commit(seat, side, source, 1)))
        else:
            state = state.with_ships(planet, seat, 1)
    return state


def _lose(state: GameState, seat: int, warp: int, removed: int) -> GameState:
    return state.with_warp(seat, warp).with_removed(seat, removed)


def _cone_losses(state: GameState, seat: int, warp: int, removed: int) -> GameState:
    """``seat``'s ships leave the cone: ``warp`` to the warp, ``removed`` from the game, the rest
    (a Zombie's) back where they came from."""
    to_lose = warp + removed
    for c in state.cone.commits:
        if c.seat == seat:
            lost = min(c.ships, to_lose)
            to_lose -= lost
            if c.ships > lost:
                state = state.with_ships(c.planet, seat, c.ships - lost)
    state = state.with_cone(commits=tuple(c for c in state.cone.commits if c.seat != seat))
    return _lose(state, seat, warp, removed)


def _planet_losses(state: GameState, seat: int, ships: int, warp: int, removed: int) -> GameState:
    """The defense's ``ships`` leave the planet: to the warp, removed, or (a Zombie's) to
    shelter."""
    planet = state.cone.planet
    state = state.with_ships(planet, seat, -ships)
    rest = ships - warp - removed
    if rest:
        state = state.with_ships(shelter(state, seat, planet), seat, rest)
    return _lose(state, seat, warp, removed)


def _land(state: GameState, seats: tuple[int, ...]) -> GameState:
    """The ships of ``seats`` in the cone land on the planet attacked."""
    planet = state.cone.planet
    for seat in seats:
        n = state.cone.committed(seat)
        state = state.with_cone(commits=tuple(c for c in state.cone.commits if c.seat != seat))
        state = state.with_ships(planet, seat, n)
    return state


def apply_encounter(state: GameState, e: Encounter) -> GameState:
    """Move ships and queue cards as encounter ``e`` says; set ``cone.succeeded`` and the
    defensive allies' rewards. A deal only sends the ships home (``cosmic.game.deals``)."""
    off = state.offense
    for side in Side:
        if e.ships.of(side) != committed_ships(state, side):
            state = _ooze(state, side, e.ships.of(side))
    offense_allies = allies_of(state, Side.OFFENSE)
    defense_allies = allies_of(state, Side.DEFENSE)
    if e.result is Result.DEAL:
        state = return_commits(state, (off, *offense_allies, *defense_allies))
        return state
    for side in Side:
        if not e.result.lost(side):
            continue
        seat = state.main(side)
        if side is Side.OFFENSE:
            state = _cone_losses(state, seat, e.warp.offense, e.removed.offense)
        else:
            state = _planet_losses(state, seat, e.ships.defense, e.warp.defense, e.removed.defense)
        allies = offense_allies if side is Side.OFFENSE else defense_allies
        for i, ally in enumerate(allies):
            state = _cone_losses(state, ally, e.ally_warp.of(side)[i], e.ally_removed.of(side)[i])
    if e.result is Result.OFFENSE_WINS:
        state = _land(state, (off, *offense_allies))
    elif e.result is Result.DEFENSE_WINS:
        state = return_commits(state, defense_allies)
        rewards = tuple((a, n) for a, n in zip(defense_allies, e.rewards, strict=True) if n)
        state = state.with_cone(rewards=rewards)
    state = state.with_cone(succeeded=e.result is Result.OFFENSE_WINS)
    if e.consolation:
        winner = e.result.winner()
        assert winner is not None
        giver, taker = state.main(winner), state.main(winner.other)
        n = min(e.consolation, len(state.hands[giver]))
        if n:
            state = replace(state, queue=(*state.queue, Task(TaskKind.TAKE, taker, n, giver)))
    return state


def challenge_cards(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The distinct challenge cards of a hand, in order."""
    return tuple(sorted({c for c in hand if c.is_challenge}))


def is_compromise(card: Card | None) -> bool:
    """True for a compromise card."""
    return card is not None and card.kind is CardKind.COMPROMISE
