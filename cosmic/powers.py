"""The 15 alien powers of the original game as rule modules.

Each power is a ``PowerRule`` subclass that overrides the hooks where the power changes a
challenge; the solver (``cosmic.solver``) and the encounter rules (``cosmic.encounter``) ask the
rule of each player and never test for a power by name. The docstring of each class says what the
forum rules text says, how Fleetlab reads it where the text is silent about odds, and which
``PowerOptions`` choose between the text and the published rules.

Main players' powers act as their texts say. Allies' powers act where their texts speak of
allies or of any player (``acts_as_ally``): an allied Macron's ship counts 4 and it sends one,
an allied Zombie's ships never reach the warp, an allied Mind may look at a main player's hand,
an allied Philanthropist may give a card. An allied Virus adds its ships: it multiplies only
"when you are the main player". A player with two or fewer home bases loses its power; leave
its power out of the challenge in that case.

>>> rule(Power.VIRUS).total(card=8, own=3, allies=2, options=PowerOptions())
40
>>> rule(Power.VIRUS).total(8, 3, 2, PowerOptions(virus_allies=VirusAllies.ADD))
26
>>> macron = rule(Power.MACRON)
>>> macron.total(8, macron.worth(1), 2, PowerOptions()), rule(None).total(8, 1, 2, PowerOptions())
(14, 11)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from cosmic.cards import Card


class Power(StrEnum):
    """The 15 alien powers of the Eon base game."""

    AMOEBA = "amoeba"
    CHRONOS = "chronos"
    CLONE = "clone"
    EMPATH = "empath"
    LASER = "laser"
    MACRON = "macron"
    MIND = "mind"
    MUTANT = "mutant"
    ORACLE = "oracle"
    PHILANTHROPIST = "philanthropist"
    TRADER = "trader"
    VIRUS = "virus"
    VOID = "void"
    VULCH = "vulch"
    ZOMBIE = "zombie"


class VirusAllies(StrEnum):
    """How a Virus counts allies' ships: the text multiplies them too, published rules add them."""

    MULTIPLY = "multiply"
    ADD = "add"


class AmoebaTiming(StrEnum):
    """When an Amoeba oozes.

    ``text``: "when playing a Challenge card", so it chooses its card and its ship count
    together, before the reveal (the forum text; the Mayfair text says the same: after cards are
    selected, before they are revealed). ``after_reveal``: once both cards are known (the reading
    Fleetlab had before; the Mayfair Amoeba's optional "Pro" rule lets it ooze out after the
    reveal).
    """

    TEXT = "text"
    AFTER_REVEAL = "after_reveal"


class MutantRule(StrEnum):
    """Where a Mutant's new cards come from: the text lets it take from other hands."""

    TEXT = "text"
    DECK = "deck"


@dataclass(frozen=True, slots=True)
class PowerOptions:
    """Choices where the rules text and the published rules differ, or a power needs a number.

    Attributes:
        virus_allies: ``multiply`` (the text: card times every ship on the Virus's side) or
            ``add`` (published: card times the Virus's own ships, plus its allies).
        mutant_rule: ``text`` (a Mutant may take cards from other players' hands; Fleetlab's
            opposing Mutant takes ``mutant_takes`` of them at random from yours) or ``deck`` (it
            draws every card from the deck).
        mutant_takes: how many cards an opposing Mutant takes from your hand under the text rule;
            ``None`` means one (the text's "taking one from a hapless player").
        amoeba_reserve: ships an Amoeba can ooze in besides those it committed; ``None`` means
            all its other ships: 20 tokens, less one left on each of its 5 home planets, less
            those already in the challenge.
        amoeba_timing: when an Amoeba oozes (``AmoebaTiming``): with its card (the text) or
            after the reveal.
        trader_swaps: whether an opposing Trader swaps hands with you (its choice, made before
            cards without sight of your hand, so you say what it does).
        vulch_holds: cards an opposing Vulch took when other players used them; they are among
            the ``seen`` cards and sit in its hand.
        philanthropist_gives: an allied Philanthropist on the opponent's side gives the opponent
            one card before cards are chosen (a card you have not seen: one more unseen card in
            its hand). A gift to you is seen: enter it in your hand.
    """

    virus_allies: VirusAllies = VirusAllies.MULTIPLY
    mutant_rule: MutantRule = MutantRule.TEXT
    mutant_takes: int | None = None
    amoeba_reserve: int | None = None
    trader_swaps: bool = True
    vulch_holds: tuple[Card, ...] = ()
    amoeba_timing: AmoebaTiming = AmoebaTiming.TEXT
    philanthropist_gives: bool = False

    @property
    def takes_from_hands(self) -> int:
        """Cards an opposing Mutant takes from your hand under the chosen rule."""
        if self.mutant_rule is MutantRule.DECK:
            return 0
        return 1 if self.mutant_takes is None else self.mutant_takes


AMOEBA_TOKENS = 20
HOME_PLANETS = 5


class PowerRule:
    """The rules as they are without a power; each power overrides the hooks where it acts."""

    power: ClassVar[Power | None] = None
    max_ships_sent: ClassVar[int] = 4
    acts_as_ally: ClassVar[bool] = False
    acts_at_reveal: ClassVar[bool] = False
    empathic: ClassVar[bool] = False
    oozes: ClassVar[bool] = False
    warp_proof: ClassVar[bool] = False
    destroys: ClassVar[bool] = False
    keeps_card: ClassVar[bool] = False
    time_travels: ClassVar[bool] = False
    randomises_opponent: ClassVar[bool] = False
    sees_card_first: ClassVar[bool] = False
    sees_hand: ClassVar[bool] = False
    trades: ClassVar[bool] = False
    refills: ClassVar[bool] = False
    gives: ClassVar[bool] = False
    takes_used_cards: ClassVar[bool] = False

    def worth(self, ships: int) -> int:
        """What ``ships`` of this player count for in a total (a Macron's count 4 each)."""
        return ships

    def total(self, card: int, own: int, allies: int, options: PowerOptions) -> int:
        """A main player's side's total: the card plus what its ships and its allies' count."""
        return card + own + allies


class Amoeba(PowerRule):
    """Oozes ships into or out of the challenge as a main player; it cannot ooze as an ally.

    The text: "when playing a Challenge card, you may also elect to remove your ships from or put
    more ships into the encounter ... and can exceed the 4-ships-per-attack limit". Under
    ``AmoebaTiming.TEXT`` (the default) the Amoeba chooses its card and its ship count together,
    before the reveal: any count from 0 to its committed ships plus its reserve
    (``PowerOptions.amoeba_reserve``). When you are the Amoeba each card is shown with its best
    count; an opposing Amoeba's count follows the opponent model (``ooze_by_model``).

    Under ``AmoebaTiming.AFTER_REVEAL`` it acts once both cards are known: it keeps its ships if
    it already wins, adds the fewest ships that make it win if its reserve allows, and otherwise
    removes every ship so that it loses none. Removed ships are not destroyed, so a compromising
    Amoeba that removes its ships receives no consolation.
    """

    power = Power.AMOEBA
    oozes = True


class Chronos(PowerRule):
    """Replays the challenge once: Time Travel.

    After the cards are revealed, a Chronos that loses (or both lose) takes its card back; its
    opponent sets its card aside unless it was its last challenge card. Cards are chosen again
    and the second result stands; the set-aside card then returns to its owner's hand. Fleetlab's
    Chronos travels exactly when the first result is a loss for it (a deal is kept). The player
    facing a replay chooses its second card knowing only the first cards revealed; a Chronos
    may choose any card of its hand, the one it took back included.
    """

    power = Power.CHRONOS
    time_travels = True
    acts_at_reveal = True


class Clone(PowerRule):
    """Keeps the challenge card it played instead of discarding it.

    It does not change who wins this challenge; it changes ``again``, the chance that the offense
    may challenge a second time, which needs a challenge card left in hand after any consolation
    cards are given. The Clone's card returns to its hand after the challenge, so a Clone that
    succeeds always holds a challenge card.
    """

    power = Power.CLONE
    keeps_card = True
    acts_at_reveal = True


class Empath(PowerRule):
    """When the Empath plays a compromise, its opponent's card becomes a compromise.

    The challenge then ends in a deal (or both lose three ships). An Empath that plays an attack
    plays it normally.
    """

    power = Power.EMPATH
    empathic = True
    acts_at_reveal = True


class Laser(PowerRule):
    """As a main player, its opponent's challenge card is chosen at random.

    Fleetlab draws the card uniformly among the opponent's challenge cards (each copy equally
    likely), whatever the opponent model says. When you face a Laser, no card is yours to
    choose: the table shows each card as if drawn, and the plan averages them.
    """

    power = Power.LASER
    randomises_opponent = True


class Macron(PowerRule):
    """Each Macron ship counts 4 in the total, and a Macron sends only one ship.

    A ship still counts as one ship for every other effect (ships lost, consolation, rewards).
    An attacking or allying Macron commits at most one ship (an error otherwise); as the defense,
    all its ships on the planet count 4 each. Its allies' ships count normally; as an ally its
    one ship counts 4 for the side it joins.
    """

    power = Power.MACRON
    max_ships_sent = 1
    acts_as_ally = True
    acts_at_reveal = True

    def worth(self, ships: int) -> int:
        return 4 * ships


class Mind(PowerRule):
    """Sees a main player's hand before cards are played, "as any player".

    When you are the Mind, or your ally is, the plan "look, then choose" picks the best card for
    the hand you see (the hand is enumerated as usual; an allied Mind shows it to you). An
    opposing Mind, main player or ally, learns your hand, which none of the opponent models uses
    (``highest`` and ``random`` ignore your cards, ``best_response`` already knows the card you
    play, ``equilibrium`` already guards against an opponent who knows your strategy), so it
    changes nothing.
    """

    power = Power.MIND
    sees_hand = True
    acts_as_ally = True


class Mutant(PowerRule):
    """Fills its hand to a full hand before playing a card, when it holds fewer.

    A full hand is 7 in the text (the deck's hand size for other decks). Under the text
    (``MutantRule.TEXT``) the Mutant may take cards from any player's hand: cards from players
    outside the challenge are unseen cards, which for the odds is the same as the deck, so the
    only difference is taking from its opponent. An opposing Mutant takes
    ``PowerOptions.mutant_takes`` cards from your hand at random, then draws the rest; you see
    which cards you lost before you choose. When you are the Mutant you draw from the deck (never
    the opponent's cards), see the new cards, then choose: plan ``mutant``, computed exactly by
    ``cosmic.mutant``, also for a hand without a challenge card, which you may fill instead of
    discarding it. Under ``MutantRule.DECK`` every card comes from the deck.
    """

    power = Power.MUTANT
    refills = True


class Oracle(PowerRule):
    """Its opponent must reveal its card first.

    When you are the Oracle, the plan "see its card, then reply" replies to each card it shows; a
    ``best_response`` opponent then plays the card whose best reply is worst for you. An opposing
    Oracle sees your card before choosing, so it best-responds whatever the opponent model (a
    Laser still makes its card random).
    """

    power = Power.ORACLE
    sees_card_first = True


class Philanthropist(PowerRule):
    """May give one card from its hand to a main player other than itself before cards are chosen.

    When you are the Philanthropist, each gift is a plan: the card joins the opponent's hand as a
    known card and leaves yours. An opposing Philanthropist's gift is seen before you choose:
    enter your hand and its hand size as they are after it. As an ally ("as a main player or
    ally") it may give a card to either main player: a gift to you is seen (enter it in your
    hand); a gift from the opponent's allied Philanthropist to the opponent is a card you have not
    seen (``PowerOptions.philanthropist_gives``).
    """

    power = Power.PHILANTHROPIST
    gives = True
    acts_as_ally = True


class Trader(PowerRule):
    """May swap hands with its opponent before cards are played.

    When you are the Trader, the plan "trade hands" gives you the opponent's (unseen, enumerated)
    hand and it yours; you see your new hand before choosing, and it plays your old hand by its
    model. Facing a Trader, ``PowerOptions.trader_swaps`` says whether it swaps; if it does,
    your present hand is no longer yours to play, so the table of cards is empty and the plan
    gives the odds with the hand you receive.
    """

    power = Power.TRADER
    trades = True


class Virus(PowerRule):
    """Multiplies its card by its ships instead of adding them.

    The text multiplies by "the sum total of ships", allies included
    (``VirusAllies.MULTIPLY``); the published rules multiply by the Virus's own ships and add
    its allies (``VirusAllies.ADD``).
    """

    power = Power.VIRUS
    acts_at_reveal = True

    def total(self, card: int, own: int, allies: int, options: PowerOptions) -> int:
        if options.virus_allies is VirusAllies.MULTIPLY:
            return card * (own + allies)
        return card * own + allies


class Void(PowerRule):
    """Ships that a player loses to a winning Void are removed from the game, not sent to the warp.

    Fleetlab counts them in ``removed`` instead of ``warp``; a Zombie is not immune. A failed deal
    is not lost *to* the Void, so its three ships go to the warp. The Void's own lost ships go to
    the warp as usual.
    """

    power = Power.VOID
    destroys = True
    acts_at_reveal = True


class Vulch(PowerRule):
    """Takes the edicts that other players use instead of letting them be discarded.

    Such cards were seen when used (list them in ``seen``) but sit in an opposing Vulch's hand:
    ``PowerOptions.vulch_holds`` names them, and they take places in its hand that random cards
    would otherwise fill. When you are the Vulch, the cards you took are simply in your hand.
    """

    power = Power.VULCH
    takes_used_cards = True


class Zombie(PowerRule):
    """Its ships never go to the warp: it puts them back on its bases instead.

    Its lost ships count 0 in ``warp`` (deals included), as a main player and as an ally
    ("whenever your ships go to the Warp"), except when it loses to a Void, which removes them.
    Freeing ships from the warp in a deal is not modelled.
    """

    power = Power.ZOMBIE
    warp_proof = True
    acts_as_ally = True
    acts_at_reveal = True


RULES: dict[Power, PowerRule] = {
    r.power: r
    for r in (
        Amoeba(),
        Chronos(),
        Clone(),
        Empath(),
        Laser(),
        Macron(),
        Mind(),
        Mutant(),
        Oracle(),
        Philanthropist(),
        Trader(),
        Virus(),
        Void(),
        Vulch(),
        Zombie(),
    )
    if r.power is not None
}

NO_POWER = PowerRule()


def rule(power: Power | None) -> PowerRule:
    """The rule module of a power (``None``: the rules without a power)."""
    return NO_POWER if power is None else RULES[power]
