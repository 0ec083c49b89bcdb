"""Actions: frozen dataclasses with a text form, grouped by the rules they answer to.

Each module defines its actions and the functions that list and apply them; ``engine.rules``
dispatches on the pending decision.
"""

from engine.actions.base import Action, format_action, parse_action, verbs

__all__ = ["Action", "format_action", "parse_action", "verbs"]
