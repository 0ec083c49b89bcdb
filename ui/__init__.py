"""Faces of Fleetlab: the ``fleetlab`` command line and the Streamlit dashboard."""
