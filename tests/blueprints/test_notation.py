"""The compact blueprint notation round-trips and names bad tokens."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blueprints import Blueprint, all_species, parts
from blueprints.errors import NotationError

SPECIES_CLASSES = [(s.id, c) for s in all_species() for c in s.ship_classes]
GRID_PARTS = [p for p in parts() if not p.outside_grid]
OUTSIDE_PARTS = [p for p in parts() if p.outside_grid]


@st.composite
def blueprints_any(draw: st.DrawFn) -> Blueprint:
    """Any blueprint the model can hold, legal or not."""
    species_id, ship_class = draw(st.sampled_from(SPECIES_CLASSES))
    base = Blueprint.default(species_id, ship_class)
    slots = []
    for blocked in base.layout.blocked:
        options = st.none() if blocked else st.one_of(st.none(), st.sampled_from(GRID_PARTS))
        slots.append(draw(options))
    outside = draw(st.one_of(st.none(), st.sampled_from(OUTSIDE_PARTS)))
    return Blueprint(species_id, ship_class, tuple(slots), outside)


@given(blueprints_any())
def test_text_round_trips(bp: Blueprint) -> None:
    assert Blueprint.parse(str(bp)) == bp
    assert Blueprint.parse(bp.compact()) == bp


def test_short_codes_and_spaces_are_accepted() -> None:
    a = Blueprint.parse(" mechanema/cruiser: elc, plc , -, nus, hul, fud ")
    b = Blueprint.parse(
        "mechanema/cruiser:electron_computer,plasma_cannon,-,nuclear_source,hull,fusion_drive"
    )
    assert a == b


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("terran_directorate/interceptor", "has no ':'"),
        ("terran_directorate:nus,ioc,nud,-", "expected SPECIES/CLASS"),
        ("terrans/interceptor:nus,ioc,nud,-", "unknown species 'terrans'"),
        ("planta/frigate:nus,ioc,x,nud", "unknown ship class 'frigate'"),
        ("rho_indi_syndicate/dreadnought:-", "has no 'dreadnought'"),
        ("planta/interceptor:nus,ioc,nud", "3 slots given"),
        ("terran_directorate/interceptor:nus,ioc,nud,x", "slot 3 is marked blocked"),
        ("terran_directorate/interceptor:nus,ion_gun,nud,-", "slot 1: unknown part 'ion_gun'"),
        (
            "terran_directorate/interceptor:nus,ioc,nud,-+muon",
            "outside the grid: unknown part 'muon'",
        ),
    ],
)
def test_bad_notation_names_the_token(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message.replace("(", r"\(")):
        Blueprint.parse(text)
