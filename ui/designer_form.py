"""The fleet designer as the dashboard asks for it: a request from the battle being edited,
and the ranked designs as rows (pure functions, no Streamlit, tested as data)."""

from __future__ import annotations

from collections.abc import Sequence

from blueprints import Origin, parts, species, tech, techs
from calc import Battle, percent
from calc.design import Aggregate, DesignRequest, DesignResult, Objective, opponents_of

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


def design_request(
    battle: Battle,
    side_index: int,
    *,
    techs: Sequence[str],
    discoveries: Sequence[str] = (),
    budget: int = 0,
    upgrades: int | None = None,
    objective: Objective = Objective.WIN,
    aggregate: Aggregate = Aggregate.WORST,
    top: int = 5,
    sector: bool = False,
) -> DesignRequest:
    """The request for designing ``battle.sides[side_index]`` against every other side: one
    battle per opponent, or with ``sector`` the whole sector battle, all sides together."""
    side = battle.sides[side_index]
    for t in techs:
        tech(t)  # an unknown id raises with the legal ones
    return DesignRequest(
        side=side,
        opponents=opponents_of(battle, side.name),
        techs=tuple(techs),
        discoveries=tuple(discoveries),
        budget=budget,
        upgrades=upgrades,
        objective=objective,
        aggregate=aggregate,
        top=top,
        sector=battle if sector else None,
    )


def design_rows(result: DesignResult) -> list[dict[str, object]]:
    """One row per ranked design."""
    rows: list[dict[str, object]] = []
    for d in result.designs:
        rows.append(
            {
                "rank": d.rank,
                "fleet": d.describe(),
                "materials": d.cost,
                "upgrades used": d.activations,
                "P(win)": percent(d.win),
                "objective": round(d.value, 4),
                "method": d.method,
            }
        )
    return rows


def search_summary(result: DesignResult) -> str:
    """What the search did, in one sentence."""
    methods = ", ".join(f"{n:,} {m}" for m, n in result.methods) or "none"
    mode = (
        "Whole sector (P(win): the side's ships hold the sector at the end). "
        if result.request.whole_sector
        else ""
    )
    return (
        f"{mode}{result.candidates:,} designs in the search space; {result.evaluated:,} evaluated "
        f"({methods}); {result.pruned_dominated:,} skipped as dominated and "
        f"{result.pruned_bound:,} by the bound; {result.battles:,} battles solved "
        f"({result.cache_hits:,} from the cache) in {result.seconds:.1f} s."
    )
