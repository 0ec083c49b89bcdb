"""Cosmic Encounter: decks, powers and exact challenge odds."""
