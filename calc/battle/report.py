"""The odds output (``fleetlab-odds/1``): a ``BattleResult`` as JSON-ready data and as text.

The keys follow ``docs/battle-file.md``; Fleetlab adds, per side, ``policy``,
``npc``, ``expected_material_lost`` and ``reputation.tiles_drawn``, per group ``label`` and
``expected_destroyed``, and at the top ``interval`` (Monte Carlo), ``optimal_approximated`` and
``npc_reading`` (the battle's reading of the NPC rule: ``concentrate`` or ``spread``, see
``calc.battle.model.NpcReading``; it placed the hits of sides under the ``npc`` policy and all
rift self-damage). The text names the reading when a side follows the NPC rule, or when it is
not the default.
"""

from __future__ import annotations

import math
from typing import Any

from calc.battle.model import NpcReading
from calc.battle.result import BattleResult, SideResult

ODDS_FORMAT = "fleetlab-odds/1"


def _round(x: float, digits: int = 12) -> float:
    return round(float(x), digits)


def side_to_dict(side: SideResult) -> dict[str, Any]:
    """One side's entry of the odds output."""
    return {
        "name": side.name,
        "policy": side.policy.value,
        "npc": side.npc,
        "wins": _round(side.wins),
        "groups": [
            {
                "class": g.ship_class.value,
                "label": g.label,
                "count": g.count,
                "survivors": [_round(p) for p in g.survivors],
                "expected_survivors": _round(g.expected_survivors),
                "escaped": [_round(p) for p in g.escaped],
                "expected_escaped": _round(g.expected_escaped),
                "expected_destroyed": _round(g.expected_destroyed),
            }
            for g in side.groups
        ],
        "expected_material_lost": _round(side.expected_material_lost),
        "holds_sector": _round(side.holds_sector),
        "retreats": _round(side.retreats),
        "expected_saved": _round(side.expected_saved),
        "population_destroyed": [_round(p) for p in side.population_destroyed],
        "reputation": {
            "tiles_drawn": [_round(p) for p in side.reputation_tiles],
            "best": [_round(p) for p in side.reputation_best],
            "expected_best": None if side.expected_best is None else _round(side.expected_best),
        },
    }


def result_to_dict(result: BattleResult) -> dict[str, Any]:
    """The whole odds document."""
    se = result.standard_error
    return {
        "format": ODDS_FORMAT,
        "method": result.method.value,
        "why": result.why,
        "policy": {s.name: s.policy.value for s in result.sides},
        "optimal_approximated": result.optimal_approximated,
        "npc_reading": result.npc_reading.value,
        "attacker_wins": _round(result.attacker_wins),
        "defender_wins": _round(result.defender_wins),
        "draw": _round(result.draw),
        "stalemate": _round(result.stalemate),
        "standard_error": None if se is None else _round(se["attacker_wins"]),
        "standard_errors": None if se is None else {k: _round(v) for k, v in se.items()},
        "interval": None if result.interval is None else [_round(x) for x in result.interval],
        "sides": [side_to_dict(s) for s in result.sides],
        "expected_rounds": _round(result.expected_rounds),
        "stats": {
            "states": result.stats.states,
            "outcomes": result.stats.outcomes,
            "assignments": result.stats.assignments,
            "samples": result.stats.samples,
            "cut": result.stats.cut,
            "sweeps": result.stats.sweeps,
            "seconds": round(result.stats.seconds, 6),
        },
    }


def percent(p: float, se: float | None = None) -> str:
    """A probability as a percentage with sensible precision: ``'45.45%'``, ``'<0.01%'``."""
    if se is not None:
        half = 100 * 1.96 * se
        digits = 1 if half <= 0 else min(3, max(1, 1 - math.floor(math.log10(half))))
        return f"{100 * p:.{digits}f}% ± {half:.{digits}f}"
    if p < 5e-13:
        return "0%"
    if p > 1 - 5e-13:
        return "100%"
    if p < 0.0001:
        return "<0.01%"
    if p > 0.9999:
        return ">99.99%"
    return f"{100 * p:.2f}%"


READING_TEXT = {
    NpcReading.CONCENTRATE: "hits that destroy nothing concentrate on the largest ship "
    "(reading 'concentrate')",
    NpcReading.SPREAD: "hits that destroy nothing spread over the ships, largest first "
    "(reading 'spread')",
}
"""How the text names each reading of the NPC rule."""


def result_to_text(result: BattleResult) -> str:
    """A readable summary table of the result."""
    se = result.standard_error
    lines = []
    badge = "exact" if se is None else "Monte Carlo (± is the 95% interval)"
    lines.append(f"Method: {badge}: {result.why}")
    if result.optimal_approximated:
        lines.append("Note: optimal play was approximated by the greedy policy.")
    if result.follows_npc_rule or result.npc_reading is not NpcReading.CONCENTRATE:
        lines.append(f"NPC rule: {READING_TEXT[result.npc_reading]}")
    att = result.sides[result.attacker]
    dfn = result.sides[result.defender]
    lines.append(
        f"{att.name} (attacker, {att.policy.value}) wins "
        f"{percent(result.attacker_wins, None if se is None else se['attacker_wins'])}"
    )
    lines.append(
        f"{dfn.name} (defender, {dfn.policy.value}) wins "
        f"{percent(result.defender_wins, None if se is None else se['defender_wins'])}"
    )
    if result.draw:
        lines.append(f"Draw (both destroyed): {percent(result.draw)}")
    if result.stalemate:
        lines.append(f"Stalemate (counted for the defender): {percent(result.stalemate)}")
    if len(result.sides) > 2:
        holders = ", ".join(f"{s.name} {percent(s.holds_sector)}" for s in result.sides)
        lines.append(f"Holds the sector: {holders}; nobody {percent(result.draw)}")
    lines.append(f"Expected engagement rounds: {result.expected_rounds:.2f}")
    for s in result.sides:
        lines.append("")
        reputation = (
            "NPCs draw no reputation"
            if s.npc
            else "reputation tiles drawn "
            + ", ".join(f"{k}: {percent(p)}" for k, p in enumerate(s.reputation_tiles) if p > 0)
        )
        lines.append(
            f"{s.name}: expected materials lost {s.expected_material_lost:.2f}; {reputation}"
        )
        if s.expected_best is not None:
            lines.append(f"  expected best reputation tile drawn: {s.expected_best:.2f}")
        for g in s.groups:
            dist = ", ".join(f"{k}: {percent(p)}" for k, p in enumerate(g.survivors))
            escaped = (
                f"; escaped by retreating {g.expected_escaped:.2f}" if g.expected_escaped else ""
            )
            lines.append(
                f"  {g.label} x{g.count}: expected survivors in the sector "
                f"{g.expected_survivors:.2f} ({dist}){escaped}"
            )
    st = result.stats
    lines.append("")
    if st.samples:
        cut = f", {st.cut:,} cut at the round cap" if st.cut else ""
        lines.append(f"Solver: {st.samples:,} simulated battles{cut}, {st.seconds:.3f} s")
    else:
        lines.append(
            f"Solver: {st.states:,} states, {st.outcomes:,} volley outcomes, "
            f"{st.assignments:,} assignments compared, {st.seconds:.3f} s"
        )
    return "\n".join(lines)
