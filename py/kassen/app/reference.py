"""The rules reference: every clause of a game, grouped by section, with the rulings that touch it
and the state of its tests; and the short how-to-play page of each game.

Where the data comes from (the page cannot read ``../shared`` or run the tests):
- The clauses are the inventory ``shared/rules/<game>.md`` (id, section, our own paraphrase, kind).
  ``tools/build.py`` extracts them with ``extract`` into ``kassen/reference/<game>.json`` inside the
  app zip; ``py/kassen/reference/<game>.json`` in the repository is the same data, kept for builds
  without ``../shared`` (a deploy) and checked against ``../shared`` by tests/app/test_reference.py.
- A clause's test status is computed at build time, not by running anything: every test function
  under ``tests/`` carrying ``@pytest.mark.rules("<id>")`` (read with ``ast``) counts for that id,
  unless a ``skip``/``xfail`` mark on it, its class or its module (``pytestmark``) says it does not
  run or is expected to fail. "tested" = at least one such test runs and is expected to pass.
- The rulings are ``games/<game>/rulings.py``, read when the page opens (they are Python already).

Pure Python (no DOM); the page draws it in ``kassen.ui.reference``.
"""
from __future__ import annotations

import ast
import importlib
import json
import re
from pathlib import Path
from typing import Any, Iterable, Optional

from ..engine.messages import DEFAULT_LANGUAGE, catalog, msg, render

PACKAGE = Path(__file__).resolve().parent.parent
SHIPPED = PACKAGE / "reference"  # <game>.json: in the app zip (fresh) and in the repository (snapshot)
_ROW_ID = re.compile(r"^[a-z][a-z0-9]*\.[A-Za-z0-9_.\-()]+$")
_CELL_SPLIT = re.compile(r"(?<!\\)\|")
#: a clause id inside a text (a refusal cites them): "mukden.6.no-shared-hex"
CLAUSE_IN_TEXT = re.compile(r"\b([a-z][a-z0-9]*\.[0-9A-Za-z][A-Za-z0-9_\-()]*\.[a-z0-9][A-Za-z0-9_\-]*[A-Za-z0-9])")

STATUS_TESTED = "tested"
STATUS_XFAIL = "xfail"
STATUS_SKIPPED = "skipped"
STATUS_UNTESTED = "untested"


# -- extraction (build time) ------------------------------------------------------------------------
def parse_inventory(game: str, text: str) -> list[dict[str, str]]:
    """The clause rows of a ``shared/rules/<game>.md`` table: id, section (the rulebook's
    reference as written), text, kind. Rows of other tables (examples "ME1", rulings) are skipped."""
    out: list[dict[str, str]] = []
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip().replace("\\|", "|") for c in _CELL_SPLIT.split(line.strip().strip("|"))]
        if len(cells) < 4 or not _ROW_ID.match(cells[0]) or not cells[0].startswith(game + "."):
            continue
        out.append({"id": cells[0], "ref": cells[1], "text": cells[2], "kind": cells[3]})
    return out


def section_of(clause_id: str) -> str:
    """The section a clause belongs to: the rule number its id names ("bakumatsu.15-2-7-1.x" -> "15",
    "mukden.7.one-target" -> "7"), or the id's word where the rulebook has no numbers
    ("ikedaya.escape.jump" -> "escape")."""
    part = clause_id.split(".")[1] if clause_id.count(".") >= 2 else ""
    m = re.match(r"\d+", part)
    return m.group(0) if m else part


def _mark_name(node: ast.AST) -> Optional[str]:
    """"rules" for ``pytest.mark.rules(...)``, "skip" for ``pytest.mark.skip``, ... else None."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) and node.value.attr == "mark":
        return node.attr
    return None


def _marks(nodes: Iterable[ast.AST]) -> list[tuple[str, ast.AST]]:
    out = []
    for node in nodes:
        for item in (node.elts if isinstance(node, (ast.List, ast.Tuple)) else [node]):
            name = _mark_name(item)
            if name:
                out.append((name, item))
    return out


def _not_running(marks: list[tuple[str, ast.AST]]) -> Optional[str]:
    """STATUS_SKIPPED / STATUS_XFAIL when an unconditional skip or xfail mark is there. A
    ``skipif``/conditional ``xfail`` depends on the machine: the test is counted as running."""
    for name, node in marks:
        conditional = isinstance(node, ast.Call) and node.args
        if name == "skip":
            return STATUS_SKIPPED
        if name == "xfail" and not conditional:
            return STATUS_XFAIL
    return None


def scan_tests(tests_dir: Path) -> dict[str, list[dict[str, str]]]:
    """clause id -> the tests that name it in a rules mark: [{"test": "file::name", "status": ...}]."""
    found: dict[str, list[dict[str, str]]] = {}
    for path in sorted(tests_dir.rglob("*.py")):
        try:
            source = path.read_text(encoding="utf-8")
            if "mark.rules" not in source:  # most test files: no need to parse them
                continue
            tree = ast.parse(source)
        except (SyntaxError, UnicodeDecodeError, OSError):
            continue
        module_marks: list[tuple[str, ast.AST]] = []
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark"
                                                    for t in node.targets):
                module_marks += _marks([node.value])
        rel = path.relative_to(tests_dir.parent).as_posix()

        def visit(body: list[ast.stmt], inherited: list[tuple[str, ast.AST]], prefix: str) -> None:
            for node in body:
                if isinstance(node, ast.ClassDef):
                    visit(node.body, inherited + _marks(node.decorator_list), f"{prefix}{node.name}::")
                elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                    marks = inherited + _marks(node.decorator_list)
                    status = _not_running(marks) or STATUS_TESTED
                    for name, call in marks:
                        if name != "rules" or not isinstance(call, ast.Call):
                            continue
                        for arg in call.args:
                            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                                found.setdefault(arg.value, []).append(
                                    {"test": f"{rel}::{prefix}{node.name}", "status": status})

        visit(tree.body, module_marks, "")
    return found


def clause_status(tests: list[dict[str, str]]) -> str:
    """One word for a clause: tested (a test that runs and should pass names it), else xfail,
    skipped, untested."""
    kinds = {t["status"] for t in tests}
    for status in (STATUS_TESTED, STATUS_XFAIL, STATUS_SKIPPED):
        if status in kinds:
            return status
    return STATUS_UNTESTED


def extract(game: str, inventory_text: str, tests: dict[str, list[dict[str, str]]]) -> dict[str, Any]:
    """The reference data of one game (what the build ships): clauses in the inventory's order with
    their section and test status; the sections in order of first appearance."""
    clauses = []
    sections: list[str] = []
    for row in parse_inventory(game, inventory_text):
        key = section_of(row["id"])
        if key not in sections:
            sections.append(key)
        named = tests.get(row["id"], [])
        clauses.append({**row, "section": key, "status": clause_status(named),
                        "tests": sorted(t["test"] for t in named)})
    numeric = all(s.isdigit() for s in sections)
    if numeric:
        sections.sort(key=int)
    return {"game": game, "sections": sections, "clauses": clauses}


def snapshot(game: str, data: dict[str, Any]) -> dict[str, Any]:
    """The repository's copy: the clauses without test status (that is the build's to compute)."""
    return {"game": game, "sections": data["sections"],
            "clauses": [{k: c[k] for k in ("id", "ref", "text", "kind", "section")} for c in data["clauses"]]}


def to_json(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode("utf-8")


# -- reading (the page) --------------------------------------------------------------------------------
_loaded: dict[str, Optional[dict[str, Any]]] = {}


def load(game: str) -> Optional[dict[str, Any]]:
    """The reference data of ``game`` as shipped, or None (a game without an inventory)."""
    if game not in _loaded:
        path = SHIPPED / f"{game}.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = None
        _loaded[game] = data if isinstance(data, dict) and isinstance(data.get("clauses"), list) else None
    return _loaded[game]


def rulings_of(game: str) -> list[dict[str, Any]]:
    """The game's rulings (games/<game>/rulings.py), [] if it has none."""
    try:
        module = importlib.import_module(f"kassen.games.{game}.rulings")
    except ImportError:
        return []
    found = module.rulings() if hasattr(module, "rulings") else getattr(module, "RULINGS", ())
    return [r for r in found if isinstance(r, dict)]


def rulings_by_clause(rulings: list[dict[str, Any]]) -> dict[str, list[str]]:
    """clause id -> the ids of the rulings that name it."""
    out: dict[str, list[str]] = {}
    for r in rulings:
        for cid in r.get("clauses", []) or []:
            if isinstance(cid, str):
                out.setdefault(cid, []).append(str(r.get("id", "")))
    return out


def section_title(game: str, key: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """"7 Combat" / "7 戦闘": the catalog's title of a section, or "Section 7"."""
    title_key = f"reference.{game}.section.{key}"
    if title_key in catalog(lang).entries or title_key in catalog(DEFAULT_LANGUAGE).entries:
        title = render(msg(title_key), lang)
        return f"{key} {title}" if key.isdigit() else title
    return render(msg("reference.section", n=key), lang)


def matches(clause: dict[str, Any], words: str) -> bool:
    """Search: every word of ``words`` is in the clause's id, text, kind or section reference
    (case-insensitive)."""
    hay = " ".join(str(clause.get(k, "")) for k in ("id", "text", "kind", "ref")).lower()
    return all(w in hay for w in words.lower().split())


def clause_ids_in(text: str, known: Iterable[str]) -> list[tuple[str, bool]]:
    """``text`` split into (piece, is a known clause id) pairs, for linking the ids in a refusal."""
    known = set(known)
    out: list[tuple[str, bool]] = []
    pos = 0
    for m in CLAUSE_IN_TEXT.finditer(text):
        if m.group(1) not in known:
            continue
        if m.start() > pos:
            out.append((text[pos:m.start()], False))
        out.append((m.group(1), True))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], False))
    return out


# -- how to play (the short page per game) ----------------------------------------------------------
HOWTO_PARTS = ("goal", "turn.1", "turn.2", "turn.3", "turn.4", "turn.5", "counters")


def how_to_play_game(game: str, lang: str = DEFAULT_LANGUAGE) -> Optional[dict[str, Any]]:
    """{"goal": text, "turn": [five lines], "counters": text} from ``howto.<game>.*`` in the
    catalog, or None for a game that has none yet."""
    entries = catalog(DEFAULT_LANGUAGE).entries
    if f"howto.{game}.goal" not in entries:
        return None
    say = lambda part: render(msg(f"howto.{game}.{part}"), lang)  # noqa: E731
    return {"goal": say("goal"), "turn": [say(f"turn.{i}") for i in range(1, 6)], "counters": say("counters")}
