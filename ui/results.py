"""A ``BattleResult`` as the dashboard shows it: headline, badge, tables and the CSV download.

Pure functions over the result (no Streamlit), so what the page shows is tested as data.
Percentages use ``calc.battle.report.percent``; Monte Carlo values carry their 95% half-width.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass

from calc import BattleResult, Method, SideResult, percent
from ui.wording import wins_label


@dataclass(frozen=True, slots=True)
class Headline:
    """One headline number: a label, its text and a tooltip."""

    label: str
    value: str
    help: str


def _se(result: BattleResult, key: str) -> float | None:
    return None if result.standard_error is None else result.standard_error.get(key)


def half_width(result: BattleResult) -> str | None:
    """The 95% half-width of P(attacker wins) in percentage points (Monte Carlo only)."""
    se = _se(result, "attacker_wins")
    if se is None:
        return None
    text = percent(result.attacker_wins, se)
    return text.split("± ")[1] + "%"


def badge(result: BattleResult) -> tuple[str, str]:
    """The method badge, ``("Exact", "green")`` or ``("Approximate ± 0.43%", "orange")``."""
    if result.method is Method.EXACT:
        return "Exact", "green"
    width = half_width(result)
    return (f"Approximate ± {width}" if width else "Approximate"), "orange"


def policy_text(result: BattleResult) -> str:
    """Which damage-assignment policy each side used, in words."""
    words = {"optimal": "optimal play", "greedy": "greedy", "npc": "the NPC rule"}
    text = "; ".join(f"{s.name}: {words[s.policy.value]}" for s in result.sides)
    if result.optimal_approximated:
        text += " (optimal play approximated by greedy)"
    return text


def _wins(side: SideResult) -> str:
    """``Red wins``; ``NPCs win`` (an NPC side is named as many ships)."""
    return wins_label(side.name, plural=side.npc and side.name.endswith("s"))


def population_headlines(result: BattleResult) -> list[Headline]:
    """For the side whose population cubes are attacked (only the side controlling the sector
    has cubes there): the cubes destroyed (expected, of how many) and the chance that all of
    them go. The labels stay short (a metric's label is cut on a narrow column); the help names
    the side."""
    out = []
    for side in result.sides:
        cubes = side.population_destroyed
        if len(cubes) < 2:
            continue
        n = len(cubes) - 1
        expected = sum(k * p for k, p in enumerate(cubes))
        out.append(
            Headline(
                "Cubes destroyed",
                f"{expected:.2f} of {n}",
                f"Expected population cubes of {side.name} destroyed by the ships left in the "
                "sector after the battles (each hit destroys a cube; Neutron Bombs destroy "
                "them all).",
            )
        )
        out.append(
            Headline(
                f"All {n} cubes destroyed",
                percent(cubes[-1]),
                f"The chance that {side.name} loses every population cube in the sector.",
            )
        )
    return out


def _fights(result: BattleResult) -> bool:
    """True when two sides with ships meet (else only population is attacked)."""
    return sum(1 for s in result.sides if any(g.count for g in s.groups)) >= 2


def headline(result: BattleResult) -> tuple[Headline, ...]:
    """Who wins how often, the draw and stalemate when they can happen, the attack on
    population when there is one, and the rounds. With more than two sides: who holds the
    sector at the end."""
    att = result.sides[result.attacker]
    dfn = result.sides[result.defender]
    if len(result.sides) > 2:
        out = [
            Headline(
                f"{s.name} holds the sector",
                percent(s.holds_sector),
                f"{s.name}'s ships are the ones left in the sector after all the battles.",
            )
            for s in result.sides
        ]
        out.append(
            Headline(
                "Nobody left",
                percent(result.draw, _se(result, "draw")),
                "The last battle destroys both sides' last ships.",
            )
        )
        out += population_headlines(result)
        out.append(
            Headline(
                "Engagement rounds",
                f"{result.expected_rounds:.2f}",
                "Expected number of engagement rounds over all the battles of the sector.",
            )
        )
        return tuple(out)
    out = [
        Headline(
            _wins(att),
            percent(result.attacker_wins, _se(result, "attacker_wins")),
            f"{att.name} attacks; it wins when it has ships left and {dfn.name} has none.",
        )
    ]
    if any(g.count for g in dfn.groups):
        out.append(
            Headline(
                _wins(dfn),
                percent(result.defender_wins, _se(result, "defender_wins")),
                f"{dfn.name} controls the sector; a stalemate counts for it.",
            )
        )
    if result.draw > 0:
        out.append(
            Headline(
                "Both destroyed",
                percent(result.draw, _se(result, "draw")),
                "Both sides lose their last ships in the same volley (rift dice can do that).",
            )
        )
    if result.stalemate > 0:
        out.append(
            Headline(
                "Stalemate",
                percent(result.stalemate, _se(result, "stalemate")),
                "Neither side can ever damage the other; it counts for the defender.",
            )
        )
    out += population_headlines(result)
    if _fights(result):
        out.append(
            Headline(
                "Engagement rounds",
                f"{result.expected_rounds:.2f}",
                "Expected number of engagement rounds (missile volleys not counted).",
            )
        )
    return tuple(out)


def summary_line(result: BattleResult) -> str:
    """The odds in one short line for the top of a phone's screen: each side's chance (who
    holds the sector, with more than two sides), the cubes destroyed, and the method."""
    if len(result.sides) > 2:
        bits = [f"{s.name} {percent(s.holds_sector)}" for s in result.sides]
    else:
        att = result.sides[result.attacker]
        dfn = result.sides[result.defender]
        bits = [f"{att.name} {percent(result.attacker_wins)}"]
        if any(g.count for g in dfn.groups):
            bits.append(f"{dfn.name} {percent(result.defender_wins)}")
    for side in result.sides:
        cubes = side.population_destroyed
        if len(cubes) >= 2:
            expected = sum(k * p for k, p in enumerate(cubes))
            bits.append(f"{expected:.1f} of {len(cubes) - 1} cubes destroyed")
    text, _ = badge(result)
    return " · ".join(bits) + f" · {text}"


def side_rows(result: BattleResult) -> list[dict[str, object]]:
    """One row per side: role, policy, who holds the sector, materials and ships lost,
    reputation (tiles drawn and the best one kept, expected), and when they happen, retreats
    and population cubes destroyed. Kept narrow enough for a laptop screen."""
    rows: list[dict[str, object]] = []
    any_retreat = any(s.retreats > 0 for s in result.sides)
    any_population = any(s.population_destroyed for s in result.sides)
    for i, side in enumerate(result.sides):
        role = "defender" if i == result.defender else "attacker"
        tiles = side.reputation_tiles
        row: dict[str, object] = {
            "side": side.name,
            "role": role,
            "policy": side.policy.value,
            "holds the sector": percent(side.holds_sector),
            "materials lost": round(side.expected_material_lost, 2),
            "ships lost": round(sum(g.expected_destroyed for g in side.groups), 2),
            "reputation tiles": "none (NPC)"
            if side.npc
            else f"{sum(k * p for k, p in enumerate(tiles)):.2f}",
            "best tile kept": "" if side.expected_best is None else f"{side.expected_best:.2f}",
        }
        if any_retreat:
            row["retreats"] = percent(side.retreats)
            row["ships saved"] = round(side.expected_saved, 2)
        if any_population:
            cubes = side.population_destroyed
            row["cubes destroyed"] = (
                f"{sum(k * p for k, p in enumerate(cubes)):.2f}" if cubes else ""
            )
        rows.append(row)
    return rows


def reputation_rows(result: BattleResult) -> list[dict[str, object]]:
    """The distributions behind the expected reputation: tiles drawn (0-5) and the value of
    the best tile kept (1-4), one row per player side."""
    rows: list[dict[str, object]] = []
    for side in result.sides:
        if side.npc:
            continue
        row: dict[str, object] = {"side": side.name}
        for k, p in enumerate(side.reputation_tiles):
            row[f"{k} tiles"] = percent(p)
        for v, p in enumerate(side.reputation_best[1:], start=1):
            row[f"best {v}"] = percent(p)
        rows.append(row)
    return rows


def group_rows(result: BattleResult) -> list[dict[str, object]]:
    """One row per ship group: ships, expected survivors, P(all survive), P(none survive)."""
    rows: list[dict[str, object]] = []
    for side in result.sides:
        for g in side.groups:
            rows.append(
                {
                    "side": side.name,
                    "group": g.label,
                    "ships": g.count,
                    "expected survivors": round(g.expected_survivors, 2),
                    "all survive": percent(g.survivors[-1]),
                    "none survive": percent(g.survivors[0]),
                    "build cost each": g.cost,
                }
            )
    return rows


def survivor_rows(result: BattleResult) -> list[dict[str, object]]:
    """The survivor distributions as a table: one row per ship group, one column per number of
    ships left (``0 left`` ... up to the largest group), the chance in each cell."""
    most = max((g.count for s in result.sides for g in s.groups), default=0)
    rows: list[dict[str, object]] = []
    for side in result.sides:
        for g in side.groups:
            row: dict[str, object] = {"side": side.name, "group": g.label}
            for k in range(most + 1):
                row[f"{k} left"] = percent(g.survivors[k]) if k < len(g.survivors) else ""
            rows.append(row)
    return rows


CSV_COLUMNS = ("quantity", "side", "group", "k", "value", "standard_error")


def result_csv(result: BattleResult) -> str:
    """The result as one long CSV table: a row per number.

    ``quantity`` is ``attacker_wins``, ``defender_wins``, ``draw``, ``stalemate``,
    ``expected_rounds``, ``side_wins``, ``expected_material_lost``, ``holds_sector``,
    ``retreats``, ``expected_saved``, ``reputation_tiles`` (``k`` tiles), ``reputation_best``
    (best tile worth ``k``), ``population_destroyed`` (``k`` cubes), ``survivors`` (``k`` ships
    left) or ``expected_survivors``; ``standard_error`` is filled for Monte Carlo results where
    it is known.
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)

    def number(x: float | None) -> str:
        return "" if x is None or (isinstance(x, float) and math.isnan(x)) else repr(float(x))

    for key in ("attacker_wins", "defender_wins", "draw", "stalemate", "expected_rounds"):
        writer.writerow((key, "", "", "", number(getattr(result, key)), number(_se(result, key))))
    for side in result.sides:
        writer.writerow(("side_wins", side.name, "", "", number(side.wins), ""))
        writer.writerow(
            ("expected_material_lost", side.name, "", "", number(side.expected_material_lost), "")
        )
        writer.writerow(("holds_sector", side.name, "", "", number(side.holds_sector), ""))
        writer.writerow(("retreats", side.name, "", "", number(side.retreats), ""))
        writer.writerow(("expected_saved", side.name, "", "", number(side.expected_saved), ""))
        for k, p in enumerate(side.reputation_tiles):
            writer.writerow(("reputation_tiles", side.name, "", k, number(p), ""))
        for v, p in enumerate(side.reputation_best):
            writer.writerow(("reputation_best", side.name, "", v, number(p), ""))
        for k, p in enumerate(side.population_destroyed):
            writer.writerow(("population_destroyed", side.name, "", k, number(p), ""))
        for g in side.groups:
            for k, p in enumerate(g.survivors):
                se = g.survivors_se[k] if k < len(g.survivors_se) else None
                writer.writerow(("survivors", side.name, g.label, k, number(p), number(se)))
            writer.writerow(
                ("expected_survivors", side.name, g.label, "", number(g.expected_survivors), "")
            )
    return buffer.getvalue()


def solver_caption(result: BattleResult) -> str:
    """How the result was computed, for under the headline."""
    st = result.stats
    took = f"{st.seconds:.2f} s" if st.seconds >= 0.01 else "under 0.01 s"
    if result.method is Method.MONTE_CARLO:
        return f"Monte Carlo: {result.why}; {took}."
    if st.states == 0 and any(s.population_destroyed for s in result.sides):
        # No ships meet (calc's reason would read "0 states"): only the cubes' volley is left.
        return f"Exact: no ships fight, so only the attack on population is worked out; {took}."
    return f"Exact: {result.why}; solved in {took}."
