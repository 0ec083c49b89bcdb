"""Cosmic Encounter: decks, powers, exact challenge odds and a challenge advisor.

``cosmic.decks`` holds the decks (data in ``cosmic/data/decks.toml``), ``cosmic.cards`` the
cards, ``cosmic.powers`` the 15 original powers as rule modules, ``cosmic.edicts`` the edicts
that change a challenge, ``cosmic.table`` and ``cosmic.encounter`` what a pair of revealed cards
does (pure, for any caller, a game engine included), ``cosmic.hands`` the exact enumeration of
hidden hands, ``cosmic.solver`` the enumeration of one challenge, ``cosmic.odds`` the report,
``cosmic.mutant`` the exact draws before a choice, ``cosmic.equilibrium`` the zero-sum card game,
``cosmic.advice`` ships to send and allies to invite, ``cosmic.invitation`` an ally's choice,
``cosmic.simulate`` a seeded simulation that checks the solver, and ``cosmic.fileformat`` the
challenge file.

No package attribute hides a submodule: ``cosmic.cards`` is the module, the function that reads
cards from their text is ``parse_cards``.
"""

from cosmic.budget import Budget
from cosmic.cards import Card, CardKind, Edict, parse_cards
from cosmic.challenge import Challenge, Objective, OpponentModel, anonymous_allies
from cosmic.decks import Deck, preset, presets
from cosmic.edicts import PlayedEdict
from cosmic.encounter import Encounter, Play, Result, resolve
from cosmic.errors import (
    BudgetExceededError,
    ChallengeError,
    ChallengeFileError,
    CosmicError,
    NotModelledError,
)
from cosmic.odds import Report, solve
from cosmic.outcomes import AllyOdds, CardOdds, Odds, Plan
from cosmic.powers import AmoebaTiming, MutantRule, Power, PowerOptions, VirusAllies
from cosmic.sides import BySide, Side
from cosmic.table import Ally, Table

__all__ = [
    "Ally",
    "AllyOdds",
    "AmoebaTiming",
    "Budget",
    "BudgetExceededError",
    "BySide",
    "Card",
    "CardKind",
    "CardOdds",
    "Challenge",
    "ChallengeError",
    "ChallengeFileError",
    "CosmicError",
    "Deck",
    "Edict",
    "Encounter",
    "MutantRule",
    "NotModelledError",
    "Objective",
    "Odds",
    "OpponentModel",
    "Plan",
    "Play",
    "PlayedEdict",
    "Power",
    "PowerOptions",
    "Report",
    "Result",
    "Side",
    "Table",
    "VirusAllies",
    "anonymous_allies",
    "parse_cards",
    "preset",
    "presets",
    "resolve",
    "solve",
]
