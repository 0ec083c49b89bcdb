"""Page: every species' printed blueprints with their derived stats."""

from __future__ import annotations

import streamlit as st

from ui.blueprint_tables import species_table

st.title("Species blueprints")
st.caption(
    "The printed blueprint of every class for every species, with the stats derived from its "
    "parts and the values printed outside the grid. Confidence: H two sources agree or a photo "
    "confirms, M one good source, L weak source."
)
for species_id, name, confidence, rows in species_table():
    with st.expander(f"{name} · data confidence {confidence}", expanded=False):
        st.dataframe(rows, hide_index=True, use_container_width=True, key=f"bp-{species_id}")
