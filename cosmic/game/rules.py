"""The rules of the game: ``legal_actions(state)``, ``apply(state, action)`` and
``chance_outcomes(state)`` are the whole interface.

A state waits at a ``Step`` for one player's decision, or for chance when its queue holds a
chance event (``to_act`` is then ``CHANCE``). ``apply`` makes the change an action says, then
moves on through every step that needs no decision. The rules are those of the forum seed
(the forum variant's rules post), with the challenge itself resolved by ``cosmic.encounter`` and the
powers' hooks of ``cosmic.powers`` (``cosmic.game.resolution``).

Rulings where the seed is silent (E: the official Eon rules say the same; U: not confirmed, a
decision of Fleetlab's):

* The destiny pile holds four counters of each colour in play; a counter flipped leaves the
  pile; an empty pile is made again (U: the seed does not describe the pile; the Mayfair
  destiny deck has four cards per colour). A player with no colony on its own planets who
  flips its colour flips again (the seed's choice left to it has one option).
* A player with ships in the warp and no base at all frees its ship onto a home planet (U).
* Any planet of the defense's system may be aimed at, empty or not (E).
* The offense sends 1 to 4 ships, leaving one on each base (the seed); from edition 3 an offense
  with no ship to spare anywhere may send the last ship of one base (U: the rulebooks let ships
  come from any base; without it a player down to one ship a base never challenges again, and
  seed 5 of four players ran to the turn cap). An offense that cannot send a ship loses its
  challenge (U). Allies send 1 to 4 ships, always leaving one on each base.
* The defense may invite any player, those the offense invited included (the seed). Invited
  players answer in turn order from the offense's left; one invited by both chooses a side.
* A hand without a challenge card is discarded and a new hand drawn when its holder is about
  to play a card as a main player (the seed says: on your first challenge, or when targeted).
  A second challenge needs a challenge card in hand (the seed).
* Hands have no limit (the seed sets none); the Mutant fills to the deck's hand size (7).
* The draw pile, once empty, is made again from the discard pile (E).
* Consolation: the compromising main player takes at random one card from the attacker's hand
  per ship of its own that was lost, as many as the hand holds (the seed).
* Deals (``cosmic.game.deals``): terms are a base each way on a planet where the other has one,
  cards each way, the Zombie freeing its partner's ships from the warp; the offense makes the
  first offer and the main players answer each other's offers with an acceptance, a refusal or
  a counteroffer, at most ``DEAL_ROUNDS`` offers (U: the stand-in for the seed's 72 hours;
  edition 1: one offer, accepted or refused). No offer or a refusal is a failed deal: each main
  player loses three ships to the warp (the seed). A base granted is one ship from the
  receiver's fullest base, else from its warp (U). An Empath whose compromise forced the deal
  cannot let it fail ("you must make a deal").
* Edicts (``cosmic.game.edicts``): each is offered in every window where it may be played
  (edition 2; the timings of the base-game cards, U where the Eon cards are not confirmed).
* A deal made is a success for the offense: it may challenge again (the seed).
* The game is won at once by every player with five foreign bases (the seed); several may win
  together (E: the Eon rules allow shared wins). With one player left in play it wins. A game
  still going after ``max_turns`` turns is stuck: edition 3 raises ``TurnCapError`` (editions 1
  and 2 ended there without a winner, and their records replay so).
* A player with four ships or fewer in play (after a Void) no longer plays: its remaining ships
  leave the game, its hand is discarded, its counter leaves the destiny pile (the seed's "can
  no longer win and will no longer play"; what happens to its ships is U).

Powers (the seed's texts in ``cosmic.powers``; here, only when each acts in a game):

* Mind: "at any point during a challenge, as any player", before cards: ``look SEAT`` records
  what it saw (a bot may use it); it changes nothing else.
* Trader, Philanthropist, Mutant act before cards (``Step.POWERS``), each once a challenge (the
  Mutant until its hand is full or it passes; each card taken from a hand is a chance event).
* Laser: its opponent's card is a chance event among its challenge cards (every copy equally
  likely). Oracle: its opponent plays first and its card is public.
* Chronos: after the reveal, when it loses (or both lose), it may travel once: its card returns
  to its hand, its opponent's card is set aside (unless it was its last challenge card) and both
  play again; the set-aside card returns afterwards. Edicts played stay in force (U).
* Clone: chooses to keep its card after the challenge. Vulch: may take each edict another player
  plays. Amoeba: chooses its ships with its card (``play CARD SHIPS``).
* A player with two or fewer home bases has no power (the seed); a Cosmic Zap cancels a
  power for the rest of the challenge (``cosmic.game.edicts``).
* Editions (``GameConfig.rules``): a record replays by the rules it was played by; edition 1 is
  that of version-1 records.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations

from cosmic.cards import Card, Edict, edict
from cosmic.decks import preset
from cosmic.encounter import Result
from cosmic.errors import shown
from cosmic.game.actions import (
    Accept,
    Action,
    Again,
    Aim,
    DrawCard,
    FirstPlayer,
    FlipAgain,
    FlipDestiny,
    Give,
    HandOver,
    Invite,
    Join,
    Keep,
    LaserCard,
    Launch,
    Launched,
    Look,
    Mutate,
    Pass,
    PlayCard,
    PlayEdict,
    Propose,
    Refuse,
    Regroup,
    Reward,
    TakeCard,
    TimeTravel,
    Trade,
    VulchTake,
    parse_action,
)
from cosmic.game.deals import answerer, base_source, can_counter, deal_terms, must_deal
from cosmic.game.edicts import effect, holders, lose_to_warp, options
from cosmic.game.errors import GameError, IllegalActionError, TurnCapError
from cosmic.game.resolution import (
    apply_encounter,
    challenge_cards,
    committed_ships,
    encounter_of,
    fullest_base,
    return_commits,
    table_of,
)
from cosmic.game.state import (
    BASES_TO_WIN,
    CHANCE,
    MAX_SHIPS_SENT,
    OUT_OF_PLAY_AT,
    Commit,
    Cone,
    GameState,
    Pending,
    Step,
    Task,
    TaskKind,
    remove_card,
)
from cosmic.powers import Power, rule
from cosmic.sides import Side

# ----- who acts ----------------------------------------------------------------------------------


def to_act(state: GameState) -> int | None:
    """The seat whose decision the game waits for, ``CHANCE``, or ``None`` once it is over."""
    if state.is_over:
        return None
    if state.queue:
        return CHANCE
    c = state.cone
    step = state.step
    if step in _ASKS:
        return c.to_ask[0]
    if step is Step.ZAP and c.use is not None:
        return c.use.ask[0]
    if step is Step.CARD_ZAP and c.played is not None:
        return c.played.ask[0]
    if step is Step.ALLY:
        return c.to_answer[0]
    if step is Step.ALLY_LAUNCH:
        return c.allies[-1][0]
    if step is Step.REWARDS:
        return c.rewards[0][0]
    if step is Step.ANSWER:
        return answerer(state)
    if step is Step.DEAL_CARDS:
        return c.deal_gives[0][0]
    if step is Step.CHRONOS:
        return _main_with(state, Power.CHRONOS)
    if step is Step.CLONE:
        return _main_with(state, Power.CLONE)
    if step is Step.VULCH:
        return state.seat_with(Power.VULCH)
    return state.offense


_ASKS = frozenset(
    {
        Step.INVITE,
        Step.PLAGUE,
        Step.FORCE_FIELD,
        Step.POWERS,
        Step.BEFORE_CARDS,
        Step.CARDS,
        Step.REVEAL,
        Step.QUASH,
    }
)
"""Steps that ask the players of ``Cone.to_ask`` in turn."""


def _main_with(state: GameState, power: Power) -> int:
    for side in Side:
        if state.power(state.main(side)) is power:
            return state.main(side)
    raise GameError(f"no main player has the {power.value} power in force")


# ----- chance ------------------------------------------------------------------------------------


def chance_outcomes(state: GameState) -> tuple[tuple[Action, float], ...]:
    """The outcomes of the chance event waiting, with their probabilities (they sum to 1)."""
    if not state.queue:
        raise GameError("no chance event is waiting")
    task = state.queue[0]
    if task.kind is TaskKind.FIRST:
        n = state.players
        return tuple((FirstPlayer(s), 1 / n) for s in range(n))
    if task.kind is TaskKind.DESTINY:
        counts = Counter(state.destiny)
        total = len(state.destiny)
        return tuple((FlipDestiny(s), k / total) for s, k in sorted(counts.items()))
    if task.kind is TaskKind.DRAW:
        total = state.draw_count()
        return tuple((DrawCard(card), n / total) for card, n in state.draw_pile)
    hand = state.hands[task.source if task.kind is TaskKind.TAKE else task.seat]
    pool = Counter(c for c in hand if task.kind is TaskKind.TAKE or c.is_challenge)
    total = sum(pool.values())
    cls = TakeCard if task.kind is TaskKind.TAKE else LaserCard
    return tuple((cls(card), n / total) for card, n in sorted(pool.items()))


def _apply_chance(state: GameState, action: Action) -> GameState:
    task = state.queue[0]
    rest = state.queue[1:]
    more = () if task.count <= 1 else (replace(task, count=task.count - 1),)
    if isinstance(action, FirstPlayer) and task.kind is TaskKind.FIRST:
        state = replace(state, queue=rest, offense=action.seat)
        return _start_challenge(state)
    if isinstance(action, FlipDestiny) and task.kind is TaskKind.DESTINY:
        destiny = list(state.destiny)
        destiny.remove(action.seat)
        state = replace(state, queue=rest, destiny=tuple(destiny))
        state = state.with_cone(destiny=action.seat)
        if action.seat == state.offense:
            return _goto(state, Step.OWN_COLOUR)
        return _goto(state, Step.AIM)
    if isinstance(action, DrawCard) and task.kind is TaskKind.DRAW:
        state = state.without_drawn(action.card)
        state = state.with_hand(task.seat, (*state.hands[task.seat], action.card))
        state = replace(state, queue=more + rest)
        return _refill_pile(state)
    if isinstance(action, TakeCard) and task.kind is TaskKind.TAKE:
        giver = remove_card(state.hands[task.source], action.card)
        state = state.with_hand(task.source, giver)
        state = state.with_hand(task.seat, (*state.hands[task.seat], action.card))
        if not giver:
            more = ()
        return replace(state, queue=more + rest)
    if isinstance(action, LaserCard) and task.kind is TaskKind.LASER:
        state = replace(state, queue=rest)
        return _played(state, task.seat, action.card, -1)
    raise IllegalActionError(f"{str(action)!r} is not an outcome of the {task.kind.value} event")


def _refill_pile(state: GameState) -> GameState:
    """An empty draw pile is made again from the discard pile; draws that cannot happen (both
    empty) are dropped."""
    if state.draw_count() == 0 and state.discard:
        state = replace(state, draw_pile=tuple(sorted(Counter(state.discard).items())), discard=())
    if state.draw_count() == 0:
        queue = tuple(t for t in state.queue if t.kind is not TaskKind.DRAW)
        state = replace(state, queue=queue)
    return state


def _queue(state: GameState, *tasks: Task) -> GameState:
    state = replace(state, queue=(*state.queue, *tasks))
    return _refill_pile(state)


# ----- legal actions -----------------------------------------------------------------------------


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the player to act may take (chance: every outcome)."""
    seat = to_act(state)
    if seat is None:
        return ()
    if seat == CHANCE:
        return tuple(a for a, _ in chance_outcomes(state))
    return tuple(_LEGAL[state.step](state, seat))


def _legal_mobius(state: GameState, seat: int) -> list[Action]:
    return [PlayEdict(Edict.MOBIUS_TUBES), Pass()]


def _legal_regroup(state: GameState, seat: int) -> list[Action]:
    places = state.bases(seat) or tuple(state.home_planets(seat))
    return [*(Regroup(p) for p in places), Pass()]


def _colonies_at_home(state: GameState, seat: int) -> list[Aim]:
    return [
        Aim(p, other)
        for p in state.home_planets(seat)
        for other in state.in_play()
        if other != seat and state.ships_on(p, other)
    ]


def _legal_own_colour(state: GameState, seat: int) -> list[Action]:
    return [*_colonies_at_home(state, seat), FlipAgain()]


def _legal_aim(state: GameState, seat: int) -> list[Action]:
    target = state.cone.destiny
    return [Aim(p, target) for p in state.home_planets(target)]


def _send_limit(state: GameState, seat: int) -> int:
    """Ships ``seat`` may send: 4, a Macron in force 1."""
    return min(MAX_SHIPS_SENT, rule(state.power(seat)).max_ships_sent)


def _launch_sources(state: GameState, seat: int) -> list[int]:
    """The bases ``seat`` may launch a ship from: those with a ship to spare (the seed: "as long
    as he leaves at least one in each base"). From edition 3, an offense with no ship to spare
    anywhere may take the last ship of a base, which it loses unless the ship comes back (U:
    the seed is silent; the rulebooks let ships come from any base). Without it, a player down
    to one ship a base never challenges again, and a game where the others cannot finish
    either runs forever: seed 5's four players (Oracle out, Amoeba and Trader at five ships on
    five bases, Void losing its attacks) did, 483 challenges to the turn cap."""
    spare = [p for p in state.bases(seat) if state.spare(seat, p)]
    if spare or state.config.rules < 3 or seat != state.offense or state.cone.committed(seat):
        return spare
    return [p for p in state.bases(seat) if state.ships_on(p, seat)]


def _legal_launch(state: GameState, seat: int) -> list[Action]:
    out: list[Action] = []
    if state.cone.committed(seat) < _send_limit(state, seat):
        out = [Launch(p) for p in _launch_sources(state, seat)]
    if state.cone.committed(seat) >= 1:
        out.append(Launched())
    return out


def _legal_invite(state: GameState, seat: int) -> list[Action]:
    others = [s for s in state.left_of(state.offense) if s != state.cone.defense]
    return [Invite(combo) for k in range(len(others) + 1) for combo in combinations(others, k)]


def _legal_ally(state: GameState, seat: int) -> list[Action]:
    out: list[Action] = []
    if any(state.spare(seat, p) for p in state.bases(seat)):
        for i, side in enumerate(Side):
            if seat in state.cone.invited[i]:
                out.append(Join(side))
    return [*out, Pass()]


def _legal_window(state: GameState, seat: int) -> list[Action]:
    return [*options(state, seat, state.step), Pass()]


def _power_options(state: GameState, seat: int) -> list[Action]:
    """What ``seat``'s power offers before cards (empty: nothing)."""
    power = state.power(seat)
    side = state.side_of(seat)
    off, dfn = state.offense, state.cone.defense
    main = seat in (off, dfn)
    hand = state.hands[seat]
    if power is Power.MIND:
        seen = {s for v, s in state.cone.looked if v == seat}
        targets = [s for s in (off, dfn) if s != seat and s not in seen]
        if main:
            targets = [s for s in targets if s == (dfn if seat == off else off)]
        return [Look(s) for s in targets]
    if power is Power.TRADER and main:
        return [Trade()]
    if power is Power.PHILANTHROPIST and side is not None:
        return [Give(card, s) for card in sorted(set(hand)) for s in (off, dfn) if s != seat]
    if power is Power.MUTANT and main and len(hand) < preset(state.config.deck).hand_size:
        out: list[Action] = []
        if state.draw_count() or state.discard:
            out.append(Mutate("draw"))
        out.extend(Mutate("take", s) for s in state.in_play() if s != seat and state.hands[s])
        return out
    return []


def _legal_powers(state: GameState, seat: int) -> list[Action]:
    return [*_power_options(state, seat), Pass()]


def _legal_cards(state: GameState, seat: int) -> list[Action]:
    side = state.side_of(seat)
    assert side is not None
    cards = challenge_cards(state.hands[seat])
    table = table_of(state)
    if table.chooses_ships(side):
        return [PlayCard(c, n) for c in cards for n in table.ship_choices(side)]
    return [PlayCard(c) for c in cards]


def _legal_chronos(state: GameState, seat: int) -> list[Action]:
    return [TimeTravel(), Pass()]


def _legal_rewards(state: GameState, seat: int) -> list[Action]:
    out: list[Action] = []
    if state.warp[seat]:
        out.append(Reward("ship"))
    if state.draw_count() or state.discard:
        out.append(Reward("card"))
    return out or [Pass()]


def _legal_propose(state: GameState, seat: int) -> list[Action]:
    out: list[Action] = [Propose.of(t) for t in deal_terms(state)]
    if not must_deal(state):
        out.append(Pass())
    return out


def _legal_answer(state: GameState, seat: int) -> list[Action]:
    out: list[Action] = [Accept()]
    if can_counter(state):
        out.extend(Propose.of(t) for t in deal_terms(state) if t != state.cone.terms)
    if not must_deal(state):  # an Empath's forced deal is never refused
        out.append(Refuse())
    return out


def _legal_deal_cards(state: GameState, seat: int) -> list[Action]:
    return [HandOver(c) for c in sorted(set(state.hands[seat]))]


def _legal_clone(state: GameState, seat: int) -> list[Action]:
    return [Keep(), Pass()]


def _legal_vulch(state: GameState, seat: int) -> list[Action]:
    return [VulchTake(), Pass()]


def _legal_again(state: GameState, seat: int) -> list[Action]:
    return [Again(), Pass()]


_LEGAL = {
    Step.MOBIUS: _legal_mobius,
    Step.PLAGUE: _legal_window,
    Step.REGROUP: _legal_regroup,
    Step.OWN_COLOUR: _legal_own_colour,
    Step.AIM: _legal_aim,
    Step.LAUNCH: _legal_launch,
    Step.INVITE: _legal_invite,
    Step.ALLY: _legal_ally,
    Step.ALLY_LAUNCH: _legal_launch,
    Step.FORCE_FIELD: _legal_window,
    Step.POWERS: _legal_powers,
    Step.BEFORE_CARDS: _legal_window,
    Step.CARDS: _legal_cards,
    Step.REVEAL: _legal_window,
    Step.CHRONOS: _legal_chronos,
    Step.REWARDS: _legal_rewards,
    Step.PROPOSE: _legal_propose,
    Step.ANSWER: _legal_answer,
    Step.QUASH: _legal_window,
    Step.DEAL_CARDS: _legal_deal_cards,
    Step.CLONE: _legal_clone,
    Step.VULCH: _legal_vulch,
    Step.ZAP: _legal_window,
    Step.CARD_ZAP: _legal_window,
    Step.AGAIN: _legal_again,
}


# ----- apply -------------------------------------------------------------------------------------


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; ``IllegalActionError`` when it is not legal now (the message
    lists what is)."""
    legal = legal_actions(state)
    if action not in legal:
        if state.is_over:
            raise IllegalActionError(f"{str(action)!r}: the game is over")
        listed = ", ".join(repr(str(a)) for a in legal[:12])
        more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
        raise IllegalActionError(
            f"{shown(str(action))} is not legal at step {state.step.value!r} for seat "
            f"{to_act(state)} (legal: {listed}{more})"
        )
    seat = to_act(state)
    if seat == CHANCE:
        state = _apply_chance(state, action)
    elif isinstance(action, _POWER_USES) and not state.config.legacy:
        state = _use_power(state, seat or 0, action)
    else:
        state = _APPLY[state.step](state, seat or 0, action)
    return _settle(state)


_POWER_USES = (Look, Trade, Give, Mutate, TimeTravel, Keep)
"""Actions that use a power by a decision: a Cosmic Zap may cancel each (edition 2)."""


def _use_power(state: GameState, seat: int, action: Action) -> GameState:
    """A power's use waits for the holders of Cosmic Zap (``cosmic.game.edicts``)."""
    use = Pending(seat, str(action), state.step, ())
    ask = holders(state.with_cone(use=use), Step.ZAP, besides=seat)
    if not ask:
        return _APPLY[state.step](state, seat, action)
    return _goto(state, Step.ZAP, use=replace(use, ask=ask))


def _apply_zap(state: GameState, seat: int, action: Action) -> GameState:
    use = state.cone.use
    assert use is not None
    if isinstance(action, PlayEdict):
        return _play_edict(state, seat, action, Step.ZAP)
    return state.with_cone(use=replace(use, ask=use.ask[1:]))


def _enter_zap(state: GameState) -> GameState:
    """The use goes ahead once no holder zaps it; a zapped use never happens."""
    use = state.cone.use
    assert use is not None
    if use.seat in state.cone.zapped:
        return _goto(state, use.resume, use=None)
    ask = use.ask
    while ask and not options(state, ask[0], Step.ZAP):
        ask = ask[1:]
    if ask:
        return state.with_cone(use=replace(use, ask=ask)) if ask != use.ask else state
    state = _goto(state, use.resume, use=None)
    return _APPLY[use.resume](state, use.seat, parse_action(use.action))


def _play_edict(state: GameState, seat: int, action: PlayEdict, resume: Step) -> GameState:
    """``seat`` plays an edict: it leaves the hand; holders of Card Zap may cancel it (edition
    2); else it acts, and the Vulch may take it. The game then returns to ``resume``."""
    card = edict(action.edict)
    state = state.with_hand(seat, remove_card(state.hands[seat], card))
    if action.edict is not Edict.CARD_ZAP and not state.config.legacy:
        played = Pending(seat, str(action), resume, ())
        ask = holders(state.with_cone(played=played), Step.CARD_ZAP, besides=seat)
        if ask:
            return _goto(state, Step.CARD_ZAP, played=replace(played, ask=ask))
    return _to_vulch(effect(state, action), seat, card, resume)


def _apply_card_zap(state: GameState, seat: int, action: Action) -> GameState:
    played = state.cone.played
    assert played is not None
    if not isinstance(action, PlayEdict):
        return state.with_cone(played=replace(played, ask=played.ask[1:]))
    # The edict played is cancelled and discarded; the Card Zap may go to the Vulch.
    cancelled = parse_action(played.action)
    assert isinstance(cancelled, PlayEdict)
    state = state.with_hand(seat, remove_card(state.hands[seat], edict(Edict.CARD_ZAP)))
    state = state.with_discards([edict(cancelled.edict)]).with_cone(played=None)
    return _to_vulch(state, seat, edict(Edict.CARD_ZAP), played.resume)


def _enter_card_zap(state: GameState) -> GameState:
    """No holder cancelled the edict: it acts."""
    played = state.cone.played
    assert played is not None
    if played.ask:
        return state
    action = parse_action(played.action)
    assert isinstance(action, PlayEdict)
    state = _goto(state, played.resume, played=None)
    return _to_vulch(effect(state, action), played.seat, edict(action.edict), played.resume)


def _settle(state: GameState) -> GameState:
    """Enter the present step again once its queued chance events are done (its checks may
    move on, queue more chance, or wait for a decision)."""
    while not state.queue and not state.is_over:
        after = _enter(state)
        if after == state:
            return state
        state = after
    return state


def _goto(state: GameState, step: Step, **cone: object) -> GameState:
    if cone:
        state = state.with_cone(**cone)
    return replace(state, step=step)


def _no_challenge_card(state: GameState, seat: int) -> bool:
    return not challenge_cards(state.hands[seat]) and any(
        c.is_challenge for c, _ in (*state.draw_pile, *((d, 1) for d in state.discard))
    )


def _redraw(state: GameState, seat: int) -> GameState:
    """Discard ``seat``'s hand and draw a new one."""
    state = state.with_discards(state.hands[seat]).with_hand(seat, ())
    return _queue(state, Task(TaskKind.DRAW, seat, preset(state.config.deck).hand_size))


def _enter(state: GameState) -> GameState:
    """The automatic part of the present step (``state`` itself when a decision is awaited)."""
    step = state.step
    seat = state.offense
    if step is Step.START:
        if state.challenge == 1 and _no_challenge_card(state, seat):
            return _redraw(state, seat)
        return _goto(state, Step.MOBIUS)
    if step is Step.MOBIUS:
        if edict(Edict.MOBIUS_TUBES) in state.hands[seat] and any(state.warp):
            return state
        return _after_mobius(state)
    if step is Step.REGROUP:
        return state if state.warp[seat] else _goto(state, Step.DESTINY)
    if step is Step.DESTINY:
        if not state.destiny:
            state = replace(state, destiny=state.full_destiny())
        return _queue(state, Task(TaskKind.DESTINY))
    if step is Step.OWN_COLOUR:
        return state if _colonies_at_home(state, seat) else _goto(state, Step.DESTINY)
    if step is Step.LAUNCH:
        if _no_challenge_card(state, state.cone.defense):
            return _redraw(state, state.cone.defense)
        if not _legal_launch(state, seat):
            return _end_challenge(state)
        return state
    if step is Step.ALLY:
        if not state.cone.to_answer:
            return _to_window(state, Step.FORCE_FIELD)
        return state
    if step in _AFTER_WINDOW:
        c = state.cone
        if c.to_ask and not state.config.legacy and not options(state, c.to_ask[0], step):
            return state.with_cone(to_ask=c.to_ask[1:])  # nothing left to play now
        return state if c.to_ask else _AFTER_WINDOW[step](state)
    if step is Step.ZAP:
        return _enter_zap(state)
    if step is Step.CARD_ZAP:
        return _enter_card_zap(state)
    if step is Step.POWERS:
        c = state.cone
        if c.to_ask and not _power_options(state, c.to_ask[0]):
            return _goto(state, Step.POWERS, to_ask=c.to_ask[1:])
        if c.to_ask:
            return state
        return _to_cards(state) if state.config.legacy else _to_window(state, Step.BEFORE_CARDS)
    if step is Step.CHRONOS and not _mains_with(state, Power.CHRONOS):
        return _settle_encounter(state)  # its power was zapped as it travelled
    if step is Step.CLONE and not _mains_with(state, Power.CLONE):
        return _discard_cards(state, keep=None)  # its power was zapped as it kept its card
    if step is Step.CARDS:
        return _enter_cards(state)
    if step is Step.REWARDS:
        return state if state.cone.rewards else _cleanup(state)
    if step is Step.DEAL_CARDS:
        c = state.cone
        if c.deal_gives and not state.hands[c.deal_gives[0][0]]:
            return _goto(state, Step.DEAL_CARDS, deal_gives=c.deal_gives[1:])
        return state if c.deal_gives else _cleanup(state)
    return state


def _mains_with(state: GameState, power: Power) -> bool:
    return any(state.power(state.main(side)) is power for side in Side)


def _after_mobius(state: GameState) -> GameState:
    if state.config.legacy:
        return _goto(state, Step.REGROUP)
    return _to_window(state, Step.PLAGUE)


def _start_challenge(state: GameState) -> GameState:
    state = replace(state, cone=Cone(), challenges=state.challenges + 1)
    return _goto(state, Step.START)


def _apply_mobius(state: GameState, seat: int, action: Action) -> GameState:
    if isinstance(action, PlayEdict):
        resume = Step.REGROUP if state.config.legacy else Step.MOBIUS
        return _play_edict(state, seat, action, resume)
    return _after_mobius(state)


def _apply_regroup(state: GameState, seat: int, action: Action) -> GameState:
    if isinstance(action, Regroup):
        state = state.with_warp(seat, -1).with_ships(action.planet, seat, 1)
    return _goto(state, Step.DESTINY)


def _apply_own_colour(state: GameState, seat: int, action: Action) -> GameState:
    if isinstance(action, FlipAgain):
        return _goto(state, Step.DESTINY)
    return _apply_aim(state, seat, action)


def _apply_aim(state: GameState, seat: int, action: Action) -> GameState:
    assert isinstance(action, Aim)
    return _goto(state, Step.LAUNCH, planet=action.planet, defense=action.defense)


def _apply_launch(state: GameState, seat: int, action: Action) -> GameState:
    c = state.cone
    side = state.side_of(seat)
    assert side is not None
    if isinstance(action, Launch):
        state = state.with_ships(action.planet, seat, -1)
        commits = list(c.commits)
        for i, x in enumerate(commits):
            if (x.seat, x.planet) == (seat, action.planet):
                commits[i] = replace(x, ships=x.ships + 1)
                break
        else:
            commits.append(Commit(seat, side, action.planet, 1))
        state = state.with_cone(commits=tuple(commits))
        if state.cone.committed(seat) < _send_limit(state, seat) and _launch_sources(state, seat):
            return state
    if state.step is Step.ALLY_LAUNCH:
        return _goto(state, Step.ALLY, to_answer=state.cone.to_answer[1:])
    return _goto(state, Step.INVITE, to_ask=(state.offense, state.cone.defense))


def _apply_invite(state: GameState, seat: int, action: Action) -> GameState:
    assert isinstance(action, Invite)
    c = state.cone
    mine = 0 if seat == state.offense else 1
    invited = (action.seats, c.invited[1]) if mine == 0 else (c.invited[0], action.seats)
    state = state.with_cone(invited=invited, to_ask=c.to_ask[1:])
    if state.cone.to_ask:
        return state
    asked = set(invited[0]) | set(invited[1])
    order = tuple(s for s in state.left_of(state.offense) if s in asked)
    return _goto(state, Step.ALLY, to_answer=order)


def _apply_ally(state: GameState, seat: int, action: Action) -> GameState:
    c = state.cone
    if isinstance(action, Join):
        return _goto(state, Step.ALLY_LAUNCH, allies=(*c.allies, (seat, action.side)))
    return _goto(state, Step.ALLY, to_answer=c.to_answer[1:])


def _to_window(state: GameState, step: Step) -> GameState:
    return _goto(state, step, to_ask=holders(state, step))


def _apply_window(state: GameState, seat: int, action: Action) -> GameState:
    if not isinstance(action, PlayEdict):
        return state.with_cone(to_ask=state.cone.to_ask[1:])
    # The player may still hold another edict of this window: it is asked again.
    return _play_edict(state, seat, action, state.step)


def _to_vulch(state: GameState, seat: int, card: Card, resume: Step) -> GameState:
    """The edict ``seat`` played (out of its hand) goes to the discard pile, or the Vulch may
    take it; then the game returns to ``resume``."""
    vulch = state.seat_with(Power.VULCH)
    if vulch is not None and vulch != seat:
        return _goto(state, Step.VULCH, played_edict=(seat, card), resume=resume)
    return _goto(state.with_discards([card]), resume)


def _apply_vulch(state: GameState, seat: int, action: Action) -> GameState:
    _, card = state.cone.played_edict
    assert card is not None
    if isinstance(action, VulchTake):
        state = state.with_hand(seat, (*state.hands[seat], card))
    else:
        state = state.with_discards([card])
    return _goto(state, state.cone.resume, played_edict=(-1, None))


def _to_powers(state: GameState) -> GameState:
    off, dfn = state.offense, state.cone.defense
    order = (off, dfn, *(s for s, _ in state.cone.allies))
    others = tuple(s for s in state.left_of(off) if s not in order and state.power(s) is Power.MIND)
    return _goto(state, Step.POWERS, to_ask=(*order, *others))


def _apply_powers(state: GameState, seat: int, action: Action) -> GameState:
    c = state.cone
    done = state.with_cone(to_ask=c.to_ask[1:])
    if isinstance(action, Pass):
        return done
    if isinstance(action, Look):
        return state.with_cone(looked=(*c.looked, (seat, action.seat)))
    if isinstance(action, Trade):
        other = c.defense if seat == state.offense else state.offense
        mine, theirs = state.hands[seat], state.hands[other]
        return done.with_hand(seat, theirs).with_hand(other, mine)
    if isinstance(action, Give):
        state = done.with_hand(seat, remove_card(state.hands[seat], action.card))
        return state.with_hand(action.seat, (*state.hands[action.seat], action.card))
    assert isinstance(action, Mutate)
    if action.how == "draw":
        return _queue(state, Task(TaskKind.DRAW, seat, 1))
    return _queue(state, Task(TaskKind.TAKE, seat, 1, action.seat))


def _to_cards(state: GameState) -> GameState:
    off, dfn = state.offense, state.cone.defense
    oracle_offense = state.power(off) is Power.ORACLE
    order = (dfn, off) if oracle_offense else (off, dfn)
    return _goto(state, Step.CARDS, to_ask=order, cards=(None, None))


def _enter_cards(state: GameState) -> GameState:
    c = state.cone
    if not c.to_ask:
        return _to_window(state, Step.REVEAL)
    seat = c.to_ask[0]
    if not challenge_cards(state.hands[seat]):
        if _no_challenge_card(state, seat):
            return _redraw(state, seat)
        # No challenge card is left anywhere: the player plays a compromise it does not hold
        # (U: cannot happen with the presets' 55 or more challenge cards among 3-6 hands).
        raise GameError("no challenge card is left in the deck")
    opponent = c.defense if seat == state.offense else state.offense
    if state.power(opponent) is Power.LASER:
        return _queue(state, Task(TaskKind.LASER, seat))
    return state


def _played(state: GameState, seat: int, card: Card, ships: int) -> GameState:
    """``seat`` plays ``card`` (an Amoeba with ``ships``)."""
    side = state.side_of(seat)
    assert side is not None
    state = state.with_hand(seat, remove_card(state.hands[seat], card))
    c = state.cone
    i = 0 if side is Side.OFFENSE else 1
    cards = list(c.cards)
    cards[i] = card
    counts = list(c.ships)
    counts[i] = committed_ships(state, side) if ships < 0 else ships
    opponent = c.defense if side is Side.OFFENSE else state.offense
    first = len(c.to_ask) == 2
    shown_first = c.shown_first or (first and state.power(opponent) is Power.ORACLE)
    return state.with_cone(
        cards=(cards[0], cards[1]),
        ships=(counts[0], counts[1]),
        to_ask=c.to_ask[1:],
        shown_first=shown_first,
    )


def _apply_cards(state: GameState, seat: int, action: Action) -> GameState:
    assert isinstance(action, PlayCard)
    return _played(state, seat, action.card, action.ships)


def _resolve(state: GameState) -> GameState:
    e = encounter_of(state)
    for side in Side:
        seat = state.main(side)
        if state.power(seat) is Power.CHRONOS and not state.cone.traveled and e.result.lost(side):
            return _goto(state, Step.CHRONOS)
    return _settle_encounter(state)


def _winners(state: GameState) -> tuple[int, ...]:
    """Players in play with five foreign bases (or the last player in play)."""
    winners = tuple(s for s in state.in_play() if state.foreign_bases(s) >= BASES_TO_WIN)
    if not winners and len(state.in_play()) == 1:
        winners = state.in_play()
    return winners


def _won(state: GameState) -> GameState | None:
    """The game over, when someone has won (the seed: "whenever this happens")."""
    winners = _winners(state)
    return replace(state, step=Step.OVER, winners=winners, queue=()) if winners else None


def _settle_encounter(state: GameState) -> GameState:
    e = encounter_of(state)
    state = apply_encounter(state, e)
    over = _won(state)
    if over is not None:
        return over
    if e.result is Result.DEAL:
        return _goto(state, Step.PROPOSE)
    if state.cone.rewards:
        return _goto(state, Step.REWARDS)
    return _cleanup(state)


def _apply_chronos(state: GameState, seat: int, action: Action) -> GameState:
    if isinstance(action, Pass):
        return _settle_encounter(state)
    c = state.cone
    side = state.side_of(seat)
    assert side is not None
    mine, theirs = c.card(side), c.card(side.other)
    assert mine is not None and theirs is not None
    other = state.main(side.other)
    state = state.with_hand(seat, (*state.hands[seat], mine))
    aside: tuple[int, Card | None] = (-1, None)
    if challenge_cards(state.hands[other]):
        aside = (other, theirs)
    else:
        state = state.with_hand(other, (*state.hands[other], theirs))
    state = state.with_cone(traveled=True, aside=aside)
    return _to_cards(state)


def _apply_rewards(state: GameState, seat: int, action: Action) -> GameState:
    c = state.cone
    ally, left = c.rewards[0]
    rest = ((ally, left - 1), *c.rewards[1:]) if left > 1 else c.rewards[1:]
    state = state.with_cone(rewards=rest)
    if isinstance(action, Reward) and action.kind == "ship":
        to = fullest_base(state, seat)
        place = to if to is not None else state.home_planets(seat)[0]
        return state.with_warp(seat, -1).with_ships(place, seat, 1)
    if isinstance(action, Reward):
        return _queue(state, Task(TaskKind.DRAW, seat, 1))
    return state.with_cone(rewards=())


def _apply_propose(state: GameState, seat: int, action: Action) -> GameState:
    if not isinstance(action, Propose):
        return _fail_deal(state)
    if state.config.legacy:
        return _goto(state, Step.ANSWER, terms=action.terms)
    return _goto(state, Step.ANSWER, terms=action.terms, proposer=seat, proposals=1)


def _apply_answer(state: GameState, seat: int, action: Action) -> GameState:
    if isinstance(action, Refuse):
        return _fail_deal(state)
    if isinstance(action, Propose):  # a counteroffer: the other main player answers it
        return state.with_cone(
            terms=action.terms, proposer=seat, proposals=state.cone.proposals + 1
        )
    return _to_window(state, Step.QUASH)


def _fail_deal(state: GameState) -> GameState:
    """Each main player loses three ships to the warp (a Zombie none)."""
    for side in Side:
        state = lose_to_warp(state, state.main(side))
    return _cleanup(state.with_cone(terms=None))


def _establish(state: GameState, seat: int, planet: int) -> GameState:
    """``seat`` puts one ship on ``planet``: from its fullest base with a spare ship, else from
    the warp."""
    spare = [p for p in state.bases(seat) if state.spare(seat, p)]
    if spare:
        source = max(spare, key=lambda p: state.ships_on(p, seat))
        return state.with_ships(source, seat, -1).with_ships(planet, seat, 1)
    return state.with_warp(seat, -1).with_ships(planet, seat, 1)


def _make_deal(state: GameState) -> GameState:
    t = state.cone.terms
    if t is None:  # quashed
        return _fail_deal(state)
    off, dfn = state.offense, state.cone.defense
    if t.offense_base >= 0 and base_source(state, off, t.offense_base):
        state = _establish(state, off, t.offense_base)
    if t.defense_base >= 0 and base_source(state, dfn, t.defense_base):
        state = _establish(state, dfn, t.defense_base)
    if t.zombie_frees:
        partner = dfn if state.power(off) is Power.ZOMBIE else off
        n = state.warp[partner]
        to = fullest_base(state, partner)
        place = to if to is not None else state.home_planets(partner)[0]
        state = state.with_warp(partner, -n).with_ships(place, partner, n)
    over = _won(state)
    if over is not None:
        return over
    gives = tuple((s, n) for s, n in ((off, t.offense_gives), (dfn, t.defense_gives)) if n)
    return _goto(state, Step.DEAL_CARDS, deal_gives=gives, succeeded=True)


def _apply_deal_cards(state: GameState, seat: int, action: Action) -> GameState:
    assert isinstance(action, HandOver)
    c = state.cone
    other = c.defense if seat == state.offense else state.offense
    state = state.with_hand(seat, remove_card(state.hands[seat], action.card))
    state = state.with_hand(other, (*state.hands[other], action.card))
    giver, left = c.deal_gives[0]
    rest = ((giver, left - 1), *c.deal_gives[1:]) if left > 1 else c.deal_gives[1:]
    return state.with_cone(deal_gives=rest)


def _cleanup(state: GameState) -> GameState:
    """After the challenge: the set-aside card returns, the Clone may keep its card."""
    c = state.cone
    owner, aside = c.aside
    if aside is not None:
        state = state.with_hand(owner, (*state.hands[owner], aside)).with_cone(aside=(-1, None))
    for side in Side:
        if state.power(state.main(side)) is Power.CLONE and c.card(side) is not None:
            return _goto(state, Step.CLONE)
    return _discard_cards(state, keep=None)


def _apply_clone(state: GameState, seat: int, action: Action) -> GameState:
    return _discard_cards(state, keep=seat if isinstance(action, Keep) else None)


def _discard_cards(state: GameState, keep: int | None) -> GameState:
    c = state.cone
    for side in Side:
        card = c.card(side)
        if card is None:
            continue
        seat = state.main(side)
        if seat == keep:
            state = state.with_hand(seat, (*state.hands[seat], card))
        else:
            state = state.with_discards([card])
    state = state.with_cone(cards=(None, None))
    return _end_challenge(state)


def _end_challenge(state: GameState) -> GameState:
    """Winners, players out of play, then a second challenge or the next turn."""
    state = return_commits(state, tuple(range(state.players)))
    state = _take_out(state)
    over = _won(state)
    if over is not None:
        return over
    seat = state.offense
    if (
        state.cone.succeeded
        and state.challenge == 1
        and not state.out[seat]
        and challenge_cards(state.hands[seat])
    ):
        return _goto(state, Step.AGAIN)
    return _next_turn(state)


def _take_out(state: GameState) -> GameState:
    """Players with four ships or fewer in play leave the game."""
    for seat in state.in_play():
        if state.ships_in_play(seat) > OUT_OF_PLAY_AT:
            continue
        for pid in range(len(state.planets)):
            n = state.ships_on(pid, seat)
            if n:
                state = state.with_ships(pid, seat, -n).with_removed(seat, n)
        state = state.with_removed(seat, state.warp[seat]).with_warp(seat, -state.warp[seat])
        state = state.with_discards(state.hands[seat]).with_hand(seat, ())
        out = list(state.out)
        out[seat] = True
        state = replace(state, out=tuple(out), destiny=tuple(d for d in state.destiny if d != seat))
    return state


def _apply_again(state: GameState, seat: int, action: Action) -> GameState:
    if isinstance(action, Again):
        return _start_challenge(replace(state, challenge=2))
    return _next_turn(state)


def _next_turn(state: GameState) -> GameState:
    if state.turn >= state.config.max_turns:
        if state.config.rules < 3:  # editions 1 and 2 ended there; their records replay so
            return replace(state, step=Step.OVER, winners=())
        raise TurnCapError(state.turn, tuple(p.value for p in state.config.powers))
    nxt = state.left_of(state.offense)[0]
    state = replace(state, turn=state.turn + 1, offense=nxt, challenge=1)
    return _start_challenge(state)


_AFTER_WINDOW = {
    Step.PLAGUE: lambda state: _goto(state, Step.REGROUP),
    Step.FORCE_FIELD: _to_powers,
    Step.BEFORE_CARDS: _to_cards,
    Step.REVEAL: _resolve,
    Step.QUASH: _make_deal,
}
"""Where each window leads once every holder has answered."""

_APPLY = {
    Step.MOBIUS: _apply_mobius,
    Step.PLAGUE: _apply_window,
    Step.REGROUP: _apply_regroup,
    Step.OWN_COLOUR: _apply_own_colour,
    Step.AIM: _apply_aim,
    Step.LAUNCH: _apply_launch,
    Step.INVITE: _apply_invite,
    Step.ALLY: _apply_ally,
    Step.ALLY_LAUNCH: _apply_launch,
    Step.FORCE_FIELD: _apply_window,
    Step.POWERS: _apply_powers,
    Step.BEFORE_CARDS: _apply_window,
    Step.CARDS: _apply_cards,
    Step.REVEAL: _apply_window,
    Step.CHRONOS: _apply_chronos,
    Step.REWARDS: _apply_rewards,
    Step.PROPOSE: _apply_propose,
    Step.ANSWER: _apply_answer,
    Step.QUASH: _apply_window,
    Step.DEAL_CARDS: _apply_deal_cards,
    Step.CLONE: _apply_clone,
    Step.VULCH: _apply_vulch,
    Step.ZAP: _apply_zap,
    Step.CARD_ZAP: _apply_card_zap,
    Step.AGAIN: _apply_again,
}
