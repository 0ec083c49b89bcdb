"""Linear programs of the form max c.x subject to A x <= b, x >= 0, with b >= 0.

``maximize`` solves one exactly in fractions (a tableau simplex with Bland's rule, which cannot
cycle) when it is small, and otherwise with SciPy's HiGHS (``scipy.optimize.linprog``) in
floating point. It returns the primal solution, the optimum and the dual values (the prices of
the constraints), which a zero-sum game reads as the opponent's strategy.

With ``b >= 0`` the origin is feasible, so one phase suffices.

>>> F = Fraction
>>> sol = maximize([F(1), F(1)], [[F(1), F(2)], [F(3), F(1)]], [F(4), F(6)])
>>> sol.value, sol.x, sol.duals, sol.exact
(Fraction(14, 5), (Fraction(8, 5), Fraction(6, 5)), (Fraction(2, 5), Fraction(1, 5)), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from cosmic.errors import LinearProgramError, shown

__all__ = ["EXACT_CELLS", "LPSolution", "maximize"]

EXACT_CELLS = 6000
"""Largest tableau (constraints times columns) solved exactly in fractions."""


@dataclass(frozen=True, slots=True)
class LPSolution:
    """An optimal solution: ``x``, the optimum ``value``, the constraints' ``duals`` and whether
    they are exact fractions (else floats from HiGHS, converted to fractions)."""

    x: tuple[Fraction, ...]
    value: Fraction
    duals: tuple[Fraction, ...]
    exact: bool


def _exact(c: list[Fraction], a: list[list[Fraction]], b: list[Fraction]) -> LPSolution:
    m, n = len(a), len(c)
    # Tableau rows: [A | I | b]; objective row: [-c | 0 | 0].
    rows = [[*a[i], *(Fraction(int(i == j)) for j in range(m)), b[i]] for i in range(m)]
    obj = [*(-v for v in c), *(Fraction(0) for _ in range(m)), Fraction(0)]
    basis = list(range(n, n + m))
    width = n + m
    while True:
        entering = next((j for j in range(width) if obj[j] < 0), None)
        if entering is None:
            break
        best: tuple[Fraction, int, int] | None = None
        for i in range(m):
            coef = rows[i][entering]
            if coef > 0:
                cand = (rows[i][width] / coef, basis[i], i)
                if best is None or cand < best:
                    best = cand
        if best is None:
            raise LinearProgramError("the linear program is unbounded")
        r = best[2]
        pivot = rows[r][entering]
        if pivot != 1:
            rows[r] = [v / pivot for v in rows[r]]
        pr = rows[r]
        for i in range(m):
            f = rows[i][entering]
            if i != r and f:
                row = rows[i]
                rows[i] = [row[j] - f * pr[j] for j in range(width + 1)]
        f = obj[entering]
        obj = [obj[j] - f * pr[j] for j in range(width + 1)]
        basis[r] = entering
    x = [Fraction(0)] * n
    for i, var in enumerate(basis):
        if var < n:
            x[var] = rows[i][width]
    return LPSolution(tuple(x), obj[width], tuple(obj[n : n + m]), True)


def _floating(c: list[Fraction], a: list[list[Fraction]], b: list[Fraction]) -> LPSolution:
    from scipy.optimize import linprog

    res = linprog(
        -np.asarray(c, dtype=float),
        A_ub=np.asarray(a, dtype=float),
        b_ub=np.asarray(b, dtype=float),
        bounds=(0, None),
        method="highs",
    )
    if res.status != 0:
        raise LinearProgramError(f"the linear program was not solved: {res.message}")

    def frac(v: float) -> Fraction:
        return Fraction(max(0.0, float(v))).limit_denominator(10**9)

    duals = tuple(frac(-v) for v in res.ineqlin.marginals)
    value = Fraction(float(-res.fun)).limit_denominator(10**9)
    return LPSolution(tuple(frac(v) for v in res.x), value, duals, False)


def maximize(
    c: list[Fraction], a: list[list[Fraction]], b: list[Fraction], exact: bool | None = None
) -> LPSolution:
    """Solve max ``c``.x, ``a`` x <= ``b``, x >= 0 (``b`` >= 0); exactly when the tableau has at
    most ``EXACT_CELLS`` cells (or as ``exact`` says)."""
    if any(v < 0 for v in b):
        raise LinearProgramError(
            f"maximize needs b >= 0 (the origin feasible); got {shown([str(v) for v in b])}"
        )
    small = len(a) * (len(c) + len(a)) <= EXACT_CELLS
    if exact if exact is not None else small:
        return _exact(c, a, b)
    return _floating(c, a, b)
