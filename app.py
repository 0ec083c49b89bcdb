"""Fleetlab's Streamlit entry point: ``streamlit run app.py`` (or ``make run``).

The pages live in ``ui/views/`` (one file each); this file only lists them. Pages that work on
the battle share it through ``ui.state`` (and the URL), so later pages (fleet designer, game
replays) join by adding a line here.
"""

from __future__ import annotations

import streamlit as st

from ui.warmup import start_warmup

start_warmup()  # once per process: a no-op when ``python -m ui.serve`` started it already
st.set_page_config(page_title="Fleetlab", page_icon=":material/rocket_launch:", layout="wide")

pages = {
    "Battles": [
        st.Page(
            "ui/views/battle_odds.py", title="Battle odds", icon=":material/casino:", default=True
        ),
        st.Page("ui/views/blueprint_whatif.py", title="Blueprint what-if", icon=":material/build:"),
        st.Page(
            "ui/views/fleet_designer.py", title="Fleet designer", icon=":material/design_services:"
        ),
        st.Page(
            "ui/views/species_blueprints.py",
            title="Species blueprints",
            icon=":material/menu_book:",
        ),
    ],
    "Games": [
        st.Page("ui/views/game.py", title="Game", icon=":material/hexagon:"),
    ],
    "Other games": [
        st.Page("ui/views/cosmic_encounter.py", title="Cosmic Encounter", icon=":material/public:"),
        st.Page("ui/views/cosmic_game.py", title="Cosmic game", icon=":material/history:"),
    ],
}
st.navigation(pages).run()
