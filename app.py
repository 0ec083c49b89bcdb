"""Fleetlab's Streamlit entry point: ``streamlit run app.py`` (or ``make run``).

The pages live in ``ui/views/`` (one file each); this file only lists them.
"""

from __future__ import annotations

import streamlit as st

st.set_page_config(page_title="Fleetlab", page_icon="🚀", layout="wide")

pages = [
    st.Page("ui/views/species_blueprints.py", title="Species blueprints", icon="🛠️", default=True),
    st.Page("ui/views/cosmic.py", title="Cosmic Encounter", icon="🪐"),
]
st.navigation(pages).run()
