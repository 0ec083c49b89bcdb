"""How big a design search is, and the longest it can take, before it runs.

The Fleet designer page says this before a search starts, and ``fleetlab design`` prints it on
its standard error; ``design.max_seconds`` (``DesignRequest.max_seconds``) then bounds the
search itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from calc.design.designer import DesignRequest, search_space
from calc.design.evaluate import predicted_method
from calc.sector import exact_seconds_estimate

METHOD_WORDS = {
    "exact": "exact",
    "exact-greedy": "exact, optimal play approximated by greedy",
    "monte-carlo": "simulated",
}
"""How each method a battle may be solved by is named in sentences."""

BATTLE_OVERHEAD_SECONDS = 0.02
"""Seconds each battle evaluation costs beyond its solve (building the battle, the summary,
the cache), measured on the dashboard's printed battle: 181 designs in 4.2 s serially."""
MC_SECONDS_PER_SAMPLE = 1e-5
"""Monte Carlo seconds per simulated battle (the upgraded example: 0.3 s for 40,000)."""


@dataclass(frozen=True, slots=True)
class SearchEstimate:
    """The size of a search before it runs and the longest it can take.

    ``seconds`` is the time to evaluate every design on ``workers`` processes, from the exact
    solver's estimate of each battle (``calc.sector.exact_seconds_estimate``), Monte Carlo's
    samples and a measured overhead per battle. Pruning skips most designs (bound pruning stops
    at designs that cannot reach the top list), so a search usually takes a fraction of it.
    """

    designs: int
    battles: int
    methods: tuple[tuple[str, int], ...]
    seconds: float
    workers: int

    def describe(self) -> str:
        """One sentence for before the search."""
        methods = ", ".join(f"{n:,} {METHOD_WORDS[m]}" for m, n in self.methods) or "none"
        took = "under a second" if self.seconds < 1 else f"about {self.seconds:.0f} s"
        where = "1 worker process" if self.workers == 1 else f"{self.workers} worker processes"
        return (
            f"{self.designs:,} designs to weigh ({self.battles:,} battles: {methods}). Solving "
            f"every one would take {took} on {where}; the pruning skips most of them, so the "
            "search usually takes a fraction of that."
        )


def search_estimate(request: DesignRequest, workers: int) -> SearchEstimate:
    """How big the search of ``request`` is and the longest it can take (``SearchEstimate``)."""
    space = search_space(request)
    settings = request.evaluation
    methods: dict[str, int] = {}
    seconds = 0.0
    for battles in space.battles:
        for battle in battles:
            method = predicted_method(battle, settings)
            methods[method] = methods.get(method, 0) + 1
            if method == "monte-carlo":
                seconds += settings.samples * MC_SECONDS_PER_SAMPLE
            else:
                seconds += exact_seconds_estimate(battle)
            seconds += BATTLE_OVERHEAD_SECONDS
    order = ("exact", "exact-greedy", "monte-carlo")
    return SearchEstimate(
        len(space.candidates),
        sum(len(b) for b in space.battles),
        tuple((m, methods[m]) for m in order if m in methods),
        seconds / max(1, workers),
        max(1, workers),
    )
