"""The Cosmic game page's Plotly figure: every player's system drawn, tested as data.

``systems_figure(state)`` draws one row per player, its five planets left to right, then its
ships in the warp. On each planet a disc per player with ships there, in that player's colour
and with its count, stacked, so a foreign colony shows as another colour on your planet. The
planet the cone is aimed at is outlined, and the cone itself is a triangle beside it with the
offense's side's ships in it (after a bar, the defense's allies').

The figure holds only what every player sees (the board), never a hand.

Traces, in order (tests read them by name):

* ``planets``: one point per planet, ``x`` its index, ``y`` minus its owner's seat, ``text`` its
  name (``2.4``); the aimed planet's outline is wider.
* one trace per seat with ships on a planet, named by ``seat_label``: a point per planet where it
  has ships, ``text`` the count;
* ``warp``: a point per seat with ships in the warp, in its colour, ``text`` the count;
* ``cone`` (while a challenge is aimed, the game not over): the triangle left of the aimed
  planet, ``text`` the ships of the offense's side in the cone (``5 | 1``: and the defense's
  allies').

>>> from cosmic.game import GameConfig, new_game
>>> from cosmic.powers import Power
>>> fig = systems_figure(new_game(GameConfig((Power.VIRUS, Power.ZOMBIE, Power.LASER))))
>>> [t.name for t in fig.data]
['planets', 'seat 0 (virus)', 'seat 1 (zombie)', 'seat 2 (laser)', 'warp']
>>> list(fig.data[1].text)
['4', '4', '4', '4', '4']
"""

from __future__ import annotations

import plotly.graph_objects as go

from cosmic.game import GameState
from cosmic.game.resolution import allies_of
from cosmic.game.state import PLANETS, planet_name
from cosmic.sides import Side
from ui.cosmic_game import seat_label

SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#e6b800", "#9467bd", "#ff7f0e")
"""Each seat's colour (red, blue, green, yellow, purple, orange)."""
PLANET_COLOUR = "#e8e8e8"
WARP_X = PLANETS + 0.4
"""Where the warp column is drawn (right of the fifth planet)."""
ROW_HEIGHT = 110
"""Pixels per system: the figure's height grows with the players."""
DISC_STEP = 0.16
"""Vertical distance between two discs on a planet, in rows (about 16 pixels: three discs
stay within the planet)."""


def offsets(count: int) -> list[tuple[float, float]]:
    """Where ``count`` discs sit on one planet, ``(dx, dy)`` from its centre: stacked in one
    column (a row is a fixed number of pixels high, so the stack fits on a phone as on a
    desktop), in two columns from four discs on.

    >>> offsets(1), offsets(2)
    ([(0.0, 0.0)], [(0.0, 0.08), (0.0, -0.08)])
    """
    columns = 1 if count < 4 else 2
    per_column = -(-count // columns)
    out: list[tuple[float, float]] = []
    for k in range(count):
        col, row = divmod(k, per_column)
        dx = 0.0 if columns == 1 else (col - 0.5) * 0.24
        out.append((dx, round(((per_column - 1) / 2 - row) * DISC_STEP, 6)))
    return out


def systems_figure(state: GameState) -> go.Figure:
    """The systems, the warp and the cone of ``state`` (module docstring)."""
    n = state.players
    fig = go.Figure()
    pids = range(len(state.planets))
    aimed = -1 if state.is_over else state.cone.planet
    fig.add_scatter(
        name="planets",
        x=[pid % PLANETS for pid in pids],
        y=[-(pid // PLANETS) for pid in pids],
        text=[planet_name(pid) for pid in pids],
        mode="markers+text",
        textposition="bottom center",
        marker={
            "size": 48,
            "color": PLANET_COLOUR,
            "line": {"width": [4 if pid == aimed else 1 for pid in pids], "color": "#333333"},
        },
        hoverinfo="text",
        showlegend=False,
    )
    for seat in range(n):
        xs: list[float] = []
        ys: list[float] = []
        counts: list[str] = []
        for pid in pids:
            owners = [s for s in range(n) if state.ships_on(pid, s)]
            if seat not in owners:
                continue
            dx, dy = offsets(len(owners))[owners.index(seat)]
            xs.append(pid % PLANETS + dx)
            ys.append(-(pid // PLANETS) + dy)
            counts.append(str(state.ships_on(pid, seat)))
        if xs:
            fig.add_scatter(
                name=seat_label(state, seat),
                x=xs,
                y=ys,
                text=counts,
                mode="markers+text",
                textfont={"color": "#ffffff", "size": 10},
                marker={"size": 15, "color": SEAT_COLOURS[seat], "line": {"width": 1}},
                hovertemplate=f"{seat_label(state, seat)}: %{{text}} ship(s)<extra></extra>",
            )
    warped = [s for s in range(n) if state.warp[s]]
    fig.add_scatter(
        name="warp",
        x=[WARP_X] * len(warped),
        y=[-s for s in warped],
        text=[str(state.warp[s]) for s in warped],
        mode="markers+text",
        textfont={"color": "#ffffff", "size": 11},
        marker={
            "size": 22,
            "symbol": "diamond",
            "color": [SEAT_COLOURS[s] for s in warped],
            "line": {"width": 1, "color": "#000000"},
        },
        hovertemplate="warp: %{text} ship(s)<extra></extra>",
        showlegend=False,
    )
    if aimed >= 0:
        c = state.cone
        offense = sum(c.committed(s) for s in (state.offense, *allies_of(state, Side.OFFENSE)))
        defense = sum(c.committed(s) for s in allies_of(state, Side.DEFENSE))
        label = f"{offense}" if not defense else f"{offense} | {defense}"
        fig.add_scatter(
            name="cone",
            x=[aimed % PLANETS - 0.5],
            y=[-(aimed // PLANETS)],
            text=[label],
            mode="markers+text",
            textposition="top center",
            marker={
                "size": 22,
                "symbol": "triangle-right",
                "color": SEAT_COLOURS[state.offense],
                "line": {"width": 1, "color": "#000000"},
            },
            hovertemplate=(
                f"the cone of {seat_label(state, state.offense)}: {offense} ship(s) of the "
                f"offense's side, {defense} of the defense's allies<extra></extra>"
            ),
            showlegend=False,
        )
    fig.update_layout(
        height=ROW_HEIGHT * n + 110,
        margin={"l": 10, "r": 10, "t": 24, "b": 10},
        plot_bgcolor="#ffffff",
        legend={"orientation": "h", "y": 0, "yanchor": "top", "x": 0},
        xaxis={
            "range": [-0.7, WARP_X + 0.4],
            "tickvals": [WARP_X],
            "ticktext": ["warp"],
            "side": "top",
            "showgrid": False,
            "zeroline": False,
            "fixedrange": True,
        },
        yaxis={
            "range": [-n + 0.4, 0.5],
            "tickvals": [-s for s in range(n)],
            "ticktext": [f"seat {s}" for s in range(n)],
            "showgrid": False,
            "zeroline": False,
            "fixedrange": True,
        },
    )
    return fig


__all__ = ["SEAT_COLOURS", "WARP_X", "systems_figure"]
