"""State shared by the dashboard's pages: the battle being edited, its link and its results.

The battle is one ``BattleDraft`` (``ui.battle_editor``) in the session: the single source of
truth for every page. Widgets change it only through callbacks that replace it with an edited
copy, so each run of a page renders from one consistent battle. Widget keys carry a revision
number that is raised when the battle is replaced as a whole (opened from a file or a link,
reset), so every widget then starts again from the new battle.

The battle also lives in the page's URL (``?battle=`` share token, ``ui.share``), so copying
the address shares it and opening it restores it. Every edit adds an entry to the browser's
history (Streamlit pushes each change of the query string), and Back and Forward restore the
battle each entry names: the session remembers the token it last put in the address, and an
address holding another token was changed from outside (Back, Forward, a pasted link), so the
page opens the battle it names. Results come from ``st.cache_data`` keyed on the battle file's
canonical JSON; a solve runs in a worker thread while the page shows its progress.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

import streamlit as st
from streamlit.runtime.scriptrunner import add_script_run_ctx, get_script_run_ctx

from calc import BattleResult
from ui.battle_editor import BattleDraft, Built, draft_from_file
from ui.share import PARAM, draft_from_link, encode_battle
from ui.solve import DASHBOARD_BUDGET, WHATIF_BUDGET, solve_key

ODDS_PAGE = "ui/views/battle_odds.py"
WHATIF_PAGE = "ui/views/blueprint_whatif.py"

_DRAFT = "fleetlab.draft"
_REVISION = "fleetlab.revision"
_NOTICE = "fleetlab.notice"
_SOLVED = "fleetlab.solved"
_SYNCED = "fleetlab.synced"
_COLOURS = "fleetlab.side-colours"
BUDGETS = {"dashboard": DASHBOARD_BUDGET, "whatif": WHATIF_BUDGET}


def draft() -> BattleDraft:
    """The battle being edited: on a session's first run, the one in the URL or the printed
    battle; later, the battle of the URL again whenever the URL changed from outside."""
    token = st.query_params.get(PARAM)
    if _DRAFT not in st.session_state:
        restored, notice = draft_from_link(token)
        st.session_state[_DRAFT] = restored
        st.session_state[_REVISION] = 0
        st.session_state[_SYNCED] = token
        if notice:
            st.session_state[_NOTICE] = notice
    elif token is not None and token != st.session_state.get(_SYNCED):
        # Back, Forward or a pasted link: the address names another battle than the one this
        # session put there. Open it (a bad token keeps the battle and says why).
        st.session_state[_SYNCED] = token
        restored, notice = draft_from_link(token)
        if notice:
            said = notice.rsplit(" Showing", 1)[0]  # the reason, without the fallback's words
            st.session_state[_NOTICE] = f"{said} Keeping the battle you had."
        else:
            set_draft(restored, replaced=True)
    found = st.session_state[_DRAFT]
    assert isinstance(found, BattleDraft)
    return found


def set_draft(new: BattleDraft, *, replaced: bool = False) -> None:
    """Store an edited battle; ``replaced`` (a new battle as a whole) restarts every widget."""
    st.session_state[_DRAFT] = new
    if replaced:
        st.session_state[_REVISION] = revision() + 1


def edit(change: Callable[..., BattleDraft], *args: Any, replaced: bool = False) -> None:
    """Apply ``change(draft, *args)`` to the battle (for widget callbacks)."""
    set_draft(change(draft(), *args), replaced=replaced)


def revision() -> int:
    """The widget-key revision (raised whenever the battle is replaced as a whole)."""
    return int(st.session_state.get(_REVISION, 0))


def key(name: str) -> str:
    """A widget key that restarts the widget when the battle is replaced."""
    return f"{name}#{revision()}"


def open_battle(doc: Any, *, switch: bool = True, colours: Mapping[str, str] | None = None) -> None:
    """Make a battle file the battle being edited and, with ``switch``, show the odds page.

    This is how other pages (a game position's contested sector, for example) open a battle;
    ``colours`` gives sides the colour of their player's pieces (by side name) for the charts.
    Raises the battle file's errors (``BattleFileError`` naming the path of the bad value).
    """
    set_draft(draft_from_file(doc), replaced=True)
    st.session_state[_COLOURS] = dict(colours or {})
    if switch:
        st.switch_page(ODDS_PAGE)


def side_colours() -> dict[str, str]:
    """The colours of the sides' players by side name, when the battle came from a game."""
    found = st.session_state.get(_COLOURS, {})
    return dict(found) if isinstance(found, dict) else {}


def take_notice() -> str | None:
    """A message for the user from opening the page (a bad share link), shown once."""
    notice = st.session_state.pop(_NOTICE, None)
    return None if notice is None else str(notice)


def sync_url(built: Built) -> None:
    """Put the battle in the URL when it can be solved (a link always opens a legal battle;
    while the battle has problems the URL keeps the last legal one)."""
    if not built.ok:
        return
    token = encode_battle(built.doc)
    if st.query_params.get(PARAM) != token:
        st.query_params[PARAM] = token
    st.session_state[_SYNCED] = token


def share_url(built: Built) -> str:
    """The full link to the battle on the current page."""
    parts = urlsplit(str(st.context.url or ""))
    query = urlencode({PARAM: encode_battle(built.doc)})
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", query, ""))


# ----- solving ---------------------------------------------------------------------------


@st.cache_data(max_entries=1024, show_spinner=False)
def _cached_result(
    key_text: str, budget: str, _progress: Callable[[float], None] | None
) -> BattleResult:
    return solve_key(key_text, BUDGETS[budget], _progress)


def was_solved(built: Built) -> bool:
    """True when this session solved the battle before (its result is in the cache)."""
    return built.key in st.session_state.get(_SOLVED, set())


def solve(built: Built, label: str = "Solving", budget: str = "dashboard") -> BattleResult:
    """The battle's result from the cache, or solved now with a progress bar.

    The solver runs in a worker thread and reports the fraction done; this thread draws it.
    Errors of the solve are raised here.
    """
    done = {"fraction": 0.0}
    out: dict[str, Any] = {}

    def report(fraction: float) -> None:
        done["fraction"] = fraction

    def work() -> None:
        try:
            out["result"] = _cached_result(built.key, budget, report)
        except BaseException as exc:  # handed to the page's thread below
            out["error"] = exc

    worker = threading.Thread(target=work, name="fleetlab-solve", daemon=True)
    add_script_run_ctx(worker, get_script_run_ctx())
    worker.start()
    worker.join(0.2)
    if worker.is_alive():
        bar = st.progress(0.0, text=label)
        while worker.is_alive():
            fraction = done["fraction"]
            bar.progress(fraction, text=f"{label}: {100 * fraction:.0f}%")
            worker.join(0.1)
        bar.empty()
    if "error" in out:
        raise out["error"]
    _mark_solved(built)
    result = out["result"]
    assert isinstance(result, BattleResult)
    return result


def solve_now(built: Built, budget: str = "dashboard") -> BattleResult:
    """The battle's result from the cache, or solved here without a progress bar (for pages
    that solve many battles and show their own progress)."""
    result = _cached_result(built.key, budget, None)
    _mark_solved(built)
    return result


def _mark_solved(built: Built) -> None:
    solved: set[str] = st.session_state.setdefault(_SOLVED, set())
    solved.add(built.key)


def remember(name: str, value: object) -> None:
    """Keep a page's own value for this session (a what-if design, a finished ranking)."""
    st.session_state[f"fleetlab.page.{name}"] = value


def recall(name: str, default: object = None) -> object:
    """A value kept with ``remember``."""
    return st.session_state.get(f"fleetlab.page.{name}", default)
