"""Cosmic Encounter: decks, powers and exact challenge odds.

``cosmic.decks`` holds the decks (data in ``cosmic/data/decks.toml``), ``cosmic.powers`` the 15
original powers as rule modules, ``cosmic.resolve`` what a pair of revealed cards does,
``cosmic.hands`` the exact enumeration of hidden hands, ``cosmic.odds`` the solver,
``cosmic.mutant`` the exact plan of your own Mutant's draw, ``cosmic.simulate`` a seeded
simulation that checks the solver, and ``cosmic.fileformat`` the challenge file.
"""

from cosmic.cards import Card, CardKind
from cosmic.challenge import BySide, Challenge, Objective, OpponentModel, Side, cards
from cosmic.decks import Deck, preset, presets
from cosmic.errors import ChallengeError, ChallengeFileError, CosmicError
from cosmic.odds import Odds, Plan, Report, solve
from cosmic.powers import MutantRule, Power, PowerOptions, VirusAllies

__all__ = [
    "BySide",
    "Card",
    "CardKind",
    "Challenge",
    "ChallengeError",
    "ChallengeFileError",
    "CosmicError",
    "Deck",
    "MutantRule",
    "Objective",
    "Odds",
    "OpponentModel",
    "Plan",
    "Power",
    "PowerOptions",
    "Report",
    "Side",
    "VirusAllies",
    "cards",
    "preset",
    "presets",
    "solve",
]
