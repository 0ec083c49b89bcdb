"""The fleet designer as the dashboard asks for it (pure functions, no Streamlit, tested as
data): a design file from the battle being edited, an estimate of the search before it runs,
and the ranked designs of the ``fleetlab-design/1`` output as a player reads them.

The page and its worker process exchange the two documented formats: the design file
(``docs/design-file.md``: a battle file plus a ``design`` section) goes to the worker, the
``fleetlab-design/1`` document (what ``fleetlab design --json`` prints) comes back. So the page
shows exactly what the command line computes, and nothing but JSON crosses between processes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from blueprints import Blueprint, Origin, ShipClass, parts, species, tech, techs
from calc import percent
from calc.design import (
    METHOD_WORDS,
    Aggregate,
    DesignRequest,
    Objective,
    parse_design,
)
from ui.battle_editor import stats_line
from ui.wording import count_text, counted, parts_text

OBJECTIVE_WORDS = {
    Objective.WIN: "chance of winning",
    Objective.WIN_PER_MATERIAL: "chance of winning per material spent",
    Objective.EXCHANGE: "material exchange (theirs lost minus ours)",
}


def tech_choices() -> tuple[str, ...]:
    """Techs that change a design: those that unlock a ship part."""
    return tuple(sorted(t.id for t in techs() if t.unlocks_part is not None))


def discovery_choices() -> tuple[str, ...]:
    """The ancient parts found on discovery tiles."""
    return tuple(p.id for p in parts() if p.origin is Origin.DISCOVERY)


def default_upgrades(species_id: str) -> int:
    """Upgrade activations of one Upgrade action for the species."""
    return species(species_id).activations.upgrade


def design_document(
    battle_doc: Mapping[str, Any],
    side: str,
    *,
    techs: Sequence[str],
    discoveries: Sequence[str] = (),
    budget: int = 0,
    upgrades: int | None = None,
    objective: Objective = Objective.WIN,
    aggregate: Aggregate = Aggregate.WORST,
    top: int = 5,
    sector: bool = False,
) -> dict[str, Any]:
    """The design file for designing ``side`` of a battle file against every other side (one
    battle per opponent, or with ``sector`` the whole sector battle). The battle's own method
    options are left out: the designer picks each battle's method by the ladder."""
    for t in techs:
        tech(t)  # an unknown id raises with the legal ones
    doc = dict(battle_doc)
    options = {
        k: v
        for k, v in dict(doc.get("options", {})).items()
        if k not in ("method", "samples", "seed")
    }
    doc["options"] = options
    section: dict[str, Any] = {
        "side": side,
        "techs": list(techs),
        "discoveries": list(discoveries),
        "budget": budget,
        "objective": objective.value,
        "aggregate": aggregate.value,
        "top": top,
        "sector": sector,
    }
    if upgrades is not None:
        section["upgrades"] = upgrades
    doc["design"] = section
    return doc


def design_request(doc: Mapping[str, Any]) -> DesignRequest:
    """The request of a design file (its errors are ``BattleFileError`` naming the path)."""
    request, _ = parse_design(doc)
    return request


# ----- the ranked designs ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DesignLine:
    """One class of a design: its ships, how many are newly built, and their blueprint."""

    count: int
    new: int
    blueprint: Blueprint

    @property
    def ship_class(self) -> ShipClass:
        """The class of the ships."""
        return self.blueprint.ship_class

    def describe(self) -> str:
        """``'3 interceptors (2 new): Plasma Cannon, Nuclear Source, Nuclear Drive'``."""
        built = f" ({self.new} new)" if self.new else ""
        return f"{count_text(self.count, self.ship_class)}{built}: {parts_text(self.blueprint)}"

    def stats(self) -> str:
        """The blueprint's numbers in one line."""
        return stats_line(self.blueprint)


@dataclass(frozen=True, slots=True)
class DesignCard:
    """A ranked design as the page shows it.

    ``ships`` is the design's fleet as battle-file ship groups (JSON), the form
    ``ui.battle_editor.set_fleet`` puts into the battle.
    """

    rank: int
    win: float
    value: float
    cost: int
    upgrades: int
    method: str
    lines: tuple[DesignLine, ...]
    ships: str

    def title(self, objective: Objective) -> str:
        """``'#1 · P(win) 87.30% · 11 materials · 2 upgrades · exact'``."""
        bits = [f"#{self.rank}", f"P(win) {percent(self.win)}"]
        if objective is Objective.WIN_PER_MATERIAL:
            bits.append(f"{self.value:.4f} per material")
        elif objective is Objective.EXCHANGE:
            bits.append(f"exchange {self.value:+.2f}")
        bits.append(counted(self.cost, "material"))
        bits.append(counted(self.upgrades, "upgrade"))
        bits.append(METHOD_WORDS.get(self.method, self.method))
        return " · ".join(bits)

    def fleet(self) -> list[dict[str, Any]]:
        """The fleet as battle-file ship groups."""
        found = json.loads(self.ships)
        assert isinstance(found, list)
        return found


def _blueprint(group: Mapping[str, Any], species_id: str) -> Blueprint:
    cls = ShipClass(group["class"])
    if "parts" not in group:
        return Blueprint.default(species_id, cls)
    return Blueprint.from_parts(species_id, cls, group["parts"], group.get("outside"))


def design_cards(doc: Mapping[str, Any]) -> tuple[DesignCard, ...]:
    """The designs of a ``fleetlab-design/1`` document, best first."""
    species_id = str(doc["species"])
    cards = []
    for d in doc["designs"]:
        built = d.get("built", {})
        lines = tuple(
            DesignLine(int(g["count"]), int(built.get(g["class"], 0)), _blueprint(g, species_id))
            for g in d["ships"]
        )
        cards.append(
            DesignCard(
                int(d["rank"]),
                float(d["win"]),
                float(d["objective"]),
                int(d["cost"]),
                int(d["upgrades"]),
                str(d["method"]),
                lines,
                json.dumps(d["ships"]),
            )
        )
    return tuple(cards)


def search_summary(doc: Mapping[str, Any]) -> str:
    """What the search did, in one sentence (from a ``fleetlab-design/1`` document)."""
    methods = ", ".join(f"{n:,} {METHOD_WORDS.get(m, m)}" for m, n in doc["methods"].items())
    pruning = doc["pruning"]
    mode = (
        "Whole sector (P(win): the side's ships hold the sector at the end). "
        if doc["sector"]
        else ""
    )
    return (
        f"{mode}{doc['candidates']:,} designs in the search space; {doc['evaluated']:,} "
        f"evaluated ({methods or 'none'}); {pruning['dominated']:,} skipped as dominated and "
        f"{pruning['bound']:,} by the bound; {doc['battles']:,} battles solved "
        f"({doc['cache_hits']:,} from the cache) in {doc['seconds']:.1f} s on {doc['backend']}."
    )
