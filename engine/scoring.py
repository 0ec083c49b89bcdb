"""Final scoring, exactly as the rules text says, and the tie-break.

Per player: reputation tiles (their values); 1 per ambassador tile; the printed VP of every
controlled sector; 3 per monolith in a controlled sector; 2 per discovery tile kept VP side up;
-2 for the traitor tile; each tech track 1 / 2 / 3 / 5 VP for 4 / 5 / 6 / 7 techs; species
bonuses (Draco +1 per Ancient on the board, Planta +1 per controlled sector). Also scored: warp
portals placed by the tech (1 VP) or the Ancient Warp Portal discovery tile (2 VP) in controlled
sectors (rulebook pp. 9, 11), and the Remnants of Worlds Afar's Artifact Codex (1 VP per artifact
in controlled sectors) and Ancient Might (1 VP per 3 reputation) discovery tiles, counted at game
end (S1's texts and a public Second Dawn engine agree; M). Most VP wins; a tie goes to the tied
player with the most resources in storage; a tie on that too is shared.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from blueprints import DRACO, PLANTA
from blueprints.catalogue import track_rules
from engine.board import storage_total
from engine.discoveries import discovery_tile
from engine.state import GameState
from engine.tables import tables


@dataclass(frozen=True, slots=True)
class Score:
    """One player's victory points by source; ``total`` adds them up."""

    reputation: int = 0
    ambassadors: int = 0
    sectors: int = 0
    monoliths: int = 0
    discoveries: int = 0
    traitor: int = 0
    techs: int = 0
    species: int = 0
    portals: int = 0
    discovery_bonus: int = 0

    @property
    def total(self) -> int:
        """All points together."""
        return sum(getattr(self, f.name) for f in fields(self))


def score(state: GameState, seat: int) -> Score:
    """A player's points as the board stands now."""
    t = tables()
    player = state.players[seat]
    mine = [s for s in state.sectors if s.owner == seat]
    species = 0
    if player.species == DRACO:
        species = t.draco_per_ancient * sum(s.ancients for s in state.sectors)
    elif player.species == PLANTA:
        species = t.planta_per_sector * len(mine)
    portals = 0
    for s in mine:
        if s.portal == "tech":
            portals += t.tech_warp_portal_vp
        elif s.portal is not None:
            portals += discovery_tile(s.portal).vp
    bonus = 0
    for tile in player.end_tiles:
        if tile == "artifact_codex":
            bonus += sum(s.printed.artifacts for s in mine)
        elif tile == "ancient_might":
            bonus += sum(player.reputation) // 3
    rules = track_rules()
    return Score(
        reputation=sum(player.reputation),
        ambassadors=t.ambassador_vp * len(player.ambassadors),
        sectors=sum(s.printed.vp for s in mine),
        monoliths=t.monolith_vp * sum(1 for s in mine if s.monolith),
        discoveries=t.discovery_vp * len(player.discovery_vp),
        traitor=t.traitor_vp if state.traitor == seat else 0,
        techs=sum(rules.points_for(len(track)) for track in player.techs),
        species=species,
        portals=portals,
        discovery_bonus=bonus,
    )


def final_scores(state: GameState) -> tuple[int, ...]:
    """Every seat's total; an eliminated player keeps the score they had when eliminated."""
    out = []
    for p in state.players:
        out.append(p.final_score if p.final_score is not None else score(state, p.seat).total)
    return tuple(out)


def winners(state: GameState) -> tuple[int, ...]:
    """The seats that win: most VP, then most resources in storage (a full tie is shared)."""
    totals = final_scores(state)
    best = max(totals)
    tied = [i for i, v in enumerate(totals) if v == best]
    top = max(storage_total(state.players[i]) for i in tied)
    return tuple(i for i in tied if storage_total(state.players[i]) == top)
