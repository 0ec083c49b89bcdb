"""The tech bag's indexing (``engine.tech_supply``)."""

from __future__ import annotations

import pytest

from blueprints.errors import UnknownIdError
from engine.tech_supply import is_rare, tech_index, tech_order


def test_a_tech_is_found_by_id_and_an_unknown_id_is_named_with_a_suggestion() -> None:
    assert tech_order()[tech_index("warp_portal")] == "warp_portal"
    with pytest.raises(UnknownIdError, match="'warp_portl'; did you mean 'warp_portal'"):
        tech_index("warp_portl")


def test_rare_techs_are_known_by_their_bag_position() -> None:
    assert is_rare(tech_index("warp_portal")) and not is_rare(tech_index("plasma_cannon"))
