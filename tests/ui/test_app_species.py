"""AppTest of the species blueprints page: it renders every species with its stats."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from blueprints import all_species
from tests.support import REPO


def test_species_page_shows_every_species() -> None:
    at = AppTest.from_file(str(REPO / "ui/views/species_blueprints.py"), default_timeout=30)
    at.run()
    assert not at.exception
    labels = [e.label for e in at.expander]
    assert len(labels) == len(all_species())
    assert any(label.startswith("Planta") for label in labels)
    frames = at.dataframe
    assert len(frames) == len(all_species())
    planta = frames[labels.index(next(lb for lb in labels if lb.startswith("Planta")))].value
    assert list(planta["class"]) == ["interceptor", "cruiser", "dreadnought", "starbase"]
    assert list(planta["computer"]) == ["+1", "+1", "+1", "+2"]


def test_app_entry_point_runs() -> None:
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=30)
    at.run()
    assert not at.exception
