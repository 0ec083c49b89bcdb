"""Streamlit pages, one file each; ``app.py`` lists them with ``st.navigation``."""
