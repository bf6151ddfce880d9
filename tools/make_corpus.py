"""Make the frozen corpus of links, saves, localStorage slots and golden games (tests/corpus).

    PYTHONPATH=py:. python3 tools/make_corpus.py [--out tests/corpus]

Run once, by the version whose artefacts are being frozen; the tests read only the files it
wrote and never call this script. Later versions must keep opening every item as the same
position (tests/corpus/test_corpus.py) and replay every golden game to the same states
(tests/corpus/test_golden_games.py). Re-running it would overwrite the evidence: don't, except to
add a new directory for artefacts made by a new version (and then keep the old ones).

What is made, per scenario, from seeded games driven through the page's own Controller (so every
artefact is made exactly as the page makes it):
- play links (``k1.p``), spectator links (``k1.v``) and frames links (``k1.f``, the embed) at
  set-up, early on (secrets being chosen), mid-game, during combats (several stages), and at the
  end, each with the decoded object it must open as and the ``python3 -m kassen show`` output;
- exported save files (the text the Export button downloads), one with undone steps (a redo
  stack), each with the position, record, undo depth and redo list it must restore;
- localStorage contents (index + slots) as the page leaves them, with what a page load resumes.
Golden games (tests/corpus/games/<scenario>.json): seed, options, policy, the full action record
(chance outcomes included) and sha256 digests of canonical JSON of the state at set-up, at a few
intermediate steps and at the end.
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import random
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any, Callable, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from kassen import cli  # noqa: E402
from kassen.app.controller import Controller  # noqa: E402
from kassen.app.storage import MemoryStore, Saves  # noqa: E402
from kassen.engine.actions import Action  # noqa: E402
from kassen.engine.play import sample_chance  # noqa: E402
from kassen.engine.rules import GameRules  # noqa: E402
from kassen.engine.state import CHANCE, TERMINAL, State  # noqa: E402
from kassen.games import load_rules  # noqa: E402

Policy = Callable[[GameRules, State, list[Action], random.Random], Action]
#: Yukimura Gaiden's scenarios (EPISODE-0)
YUKIMURA = ("yao", "domyoji", "goto-dream", "connected")


def canonical(obj: Any) -> bytes:
    """The canonical JSON text the digests are taken of (sorted keys, no spaces, UTF-8)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def digest(obj: Any) -> str:
    return hashlib.sha256(canonical(obj)).hexdigest()


def position(obj: Any) -> Any:
    """What "the same position" compares: everything but the outcome's reason text (words a later
    version may reword; the winner, level and scores stay). Tests use the same projection."""
    if isinstance(obj, dict) and isinstance(obj.get("outcome"), dict):
        return dict(obj, outcome={k: v for k, v in obj["outcome"].items() if k != "reason"})
    return obj


def uniform(rules: GameRules, state: State, legal: list[Action], chooser: random.Random) -> Action:
    return chooser.choice(legal)


def policies(scenario: str) -> dict[str, Policy]:
    """The policies the game tests use: uniform, plus the balance surveys' own."""
    out: dict[str, Policy] = {"uniform": uniform}
    if scenario == "kawanakajima":
        from tests.games.kawanakajima.balance import nudged

        out["nudged"] = nudged
    if scenario == "ikedaya":
        from tests.games.ikedaya.balance import ronin_run, shinsengumi_hunt

        def run_hunt(rules: GameRules, state: State, legal: list[Action], chooser: random.Random) -> Action:
            pick = ronin_run if rules.current_player(state) == "ronin" else shinsengumi_hunt
            return pick(rules, state, legal, chooser)

        out["run-hunt"] = run_hunt
    if scenario in ("toba-fushimi", "tabarazaka"):
        from tests.games.bakumatsu.balance import greedy
        from tests.games.bakumatsu.test_selfplay import lean_policy

        out["lean"] = lean_policy
        out["greedy"] = greedy
    if scenario in YUKIMURA:
        from tests.games.yukimura.helpers import lean_policy as yukimura_lean

        out["lean"] = yukimura_lean
    return out


# -- the moments worth freezing ---------------------------------------------------------------------
def combat_signature(scenario: str, state: State) -> Optional[str]:
    """A short name of the combat stage ``state`` is in (None outside combat)."""
    if scenario == "mukden":
        return state["phase"] if state["combat"] is not None else None
    if scenario == "ikedaya":
        step = state["step"]
        return None if step is None else f"step {step['kind']}"
    combat = state["combat"]
    if combat is None:
        return None
    if scenario in ("toba-fushimi", "tabarazaka") or scenario in YUKIMURA:
        return f"{combat['kind']} {state['phase']}"
    if state["pending"]:
        return f"pending {state['pending'][0]['kind']}"
    picked = [s for s in ("uesugi", "takeda") if combat["picks"][s] is not None]
    return "cards " + ("+".join(picked) or "none")


def shows(link: str) -> dict[str, Any]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main(["show", link])
    assert code == 0, link
    return json.loads(out.getvalue())


class Maker:
    """Drives seeded games through a Controller and freezes artefacts at chosen moments."""

    def __init__(self, scenario: str, out: Path) -> None:
        self.scenario = scenario
        self.rules = load_rules(scenario)
        self.dir = out / scenario
        self.dir.mkdir(parents=True, exist_ok=True)
        self.items: list[dict[str, Any]] = []

    def link_item(self, name: str, link: str, decoded: Any, note: str) -> None:
        expect: dict[str, Any] = {"show": shows(link)}
        if isinstance(decoded, list):  # frames: digests of every frame, in full only when short
            expect["frames"] = [digest(position(v)) for v in decoded]
            if len(decoded) <= 40:
                expect["decoded"] = decoded
        else:
            expect["decoded"] = decoded
        self.items.append({"name": name, "type": "link", "note": note, "link": "index.html#" + link,
                           "expect": expect})

    def freeze_position(self, c: Controller, label: str, note: str, frames: bool = False) -> None:
        rules, state = self.rules, c.history.state  # type: ignore[union-attr]
        self.link_item(f"{label}-play", c.play_link(), state, note + " (play link: the whole state)")
        self.link_item(f"{label}-view", c.spectator_link(), rules.view_for(state, None),
                       note + " (spectator link)")
        if frames:
            link = c.embed_link()
            from kassen.engine import codec

            _, _, decoded = codec.decode(link, load_rules)
            self.link_item(f"{label}-frames", link, decoded, note + " (frames link: the embed)")

    def freeze_save(self, c: Controller, label: str, note: str) -> None:
        h = c.history
        assert h is not None
        text = c.export_save()
        path = self.dir / f"save-{label}.json"
        path.write_text(text, encoding="utf-8")
        undo_depth = len(h.tail)
        self.items.append({"name": f"{label}-save", "type": "save", "note": note, "file": path.name,
                           "expect": {"state": h.state, "record": list(h.record), "undo": undo_depth,
                                      "redo": list(h.redo_stack), "initial": h.initial,
                                      "base": h.base, "log": digest(saved_log(h))}})

    def freeze_storage(self, store: MemoryStore, c: Controller, label: str, note: str) -> None:
        path = self.dir / f"storage-{label}.json"
        path.write_text(json.dumps(store.data, ensure_ascii=False, indent=1, sort_keys=True), encoding="utf-8")
        saves = Saves(store)
        slots = {}
        for info in saves.slots():
            raw = json.loads(store.data["kassen:game:" + info.id])
            slots[info.id] = {"scenario": info.scenario, "record": raw["record"], "undo": raw["undo"],
                              "redo": raw["redo"]}
        self.items.append({"name": f"{label}-storage", "type": "storage", "note": note, "file": path.name,
                           "expect": {"current": saves.current(), "state": c.history.state,  # type: ignore[union-attr]
                                      "slots": slots}})

    def write(self) -> None:
        manifest = {"scenario": self.scenario, "made_by": made_by(), "items": self.items}
        (self.dir / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n",
                                                encoding="utf-8")


def saved_log(h: Any) -> list[Any]:
    """The log a save restores as it is: the preface and the events before the undoable tail (the
    tail's steps are replayed on load, so their wording may change in a later version)."""
    return [h.preface, h.log[:len(h.log) - len(h.tail)]]


def made_by() -> str:
    try:
        return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def play_one(c: Controller, rules: GameRules, policy: Policy, chooser: random.Random) -> None:
    """One player decision through the controller (chance is resolved by the controller)."""
    state = c.history.state  # type: ignore[union-attr]
    legal = list(rules.legal_actions(state))
    c.perform(policy(rules, state, legal, chooser))


def make_positions(m: Maker, seeds: list[int], policy_name: str) -> None:
    """Play seeded games; freeze links at set-up, early, mid-game, at each new combat stage, at
    the end; saves mid-game, in combat (with a redo stack) and at the end; localStorage twice."""
    rules, scenario = m.rules, m.scenario
    policy = policies(scenario)[policy_name]
    store = MemoryStore()
    counter = iter(range(1, 1000))
    c = Controller(load_rules, Saves(store), new_slot_id=lambda: f"g{next(counter):03d}",
                   clock=lambda: "2026-11-01T12:00:00.000Z")
    stages_seen: set[str] = set()
    for game_no, seed in enumerate(seeds):
        chooser = random.Random(f"corpus:{scenario}:{seed}")
        c.start_new(scenario, seed)
        tag = f"s{seed}"
        if game_no == 0:
            m.freeze_position(c, f"{tag}-setup", f"seed {seed}: the position at set-up")
        n = 0
        mid_done = combat_saved = redo_saved = False
        while rules.current_player(c.history.state) != TERMINAL and n < 6000:  # type: ignore[union-attr]
            play_one(c, rules, uniform if policy is None else policy, chooser)
            n += 1
            state = c.history.state  # type: ignore[union-attr]
            if game_no == 0 and n == 3:
                m.freeze_position(c, f"{tag}-early", f"seed {seed}: three decisions into the set-up")
            stage = combat_signature(scenario, state)
            if stage is not None and stage not in stages_seen and len(stages_seen) < 6:
                stages_seen.add(stage)
                m.freeze_position(c, f"{tag}-combat-{len(stages_seen)}",
                                  f"seed {seed}: combat in progress ({stage})")
                if not combat_saved:
                    combat_saved = True
                    m.freeze_save(c, f"{tag}-combat", f"seed {seed}: exported during a combat ({stage})")
            if not mid_done and state.get("turn", 1) >= 2 and stage is None \
                    and rules.current_player(state) != CHANCE:
                mid_done = True
                m.freeze_position(c, f"{tag}-mid", f"seed {seed}: turn {state['turn']}, mid-game",
                                  frames=game_no == 0)
                m.freeze_save(c, f"{tag}-mid", f"seed {seed}: exported mid-game")
                if game_no == 1:
                    m.freeze_storage(store, c, f"{tag}-mid", f"seed {seed}: localStorage with the game of seed "
                                     f"{seeds[0]} finished and this one in play (current)")
            if mid_done and not redo_saved and c.history.can_undo():  # type: ignore[union-attr]
                redo_saved = True
                c.reveal()
                c.undo()
                m.freeze_save(c, f"{tag}-redo", f"seed {seed}: exported after an undo (a redo stack)")
                c.reveal()
                c.redo()
        m.freeze_position(c, f"{tag}-over", f"seed {seed}: game over ({n} decisions)", frames=True)
        m.freeze_save(c, f"{tag}-over", f"seed {seed}: exported at the end")
    m.freeze_storage(store, c, "end", "localStorage after all the games (the last one current, finished)")


# -- golden games -------------------------------------------------------------------------------------
def golden_game(rules: GameRules, seed: int, options: Optional[dict[str, Any]], policy_name: str) -> dict[str, Any]:
    policy = policies(rules.scenario.id)[policy_name]
    chooser = random.Random(f"golden:{rules.scenario.id}:{seed}:{policy_name}")
    state = rules.setup(seed, options)
    states = [state]
    record: list[str] = []
    while rules.current_player(state) != TERMINAL and len(record) < 6000:
        if rules.current_player(state) == CHANCE:
            action = sample_chance(rules, state)
        else:
            action = policy(rules, state, list(rules.legal_actions(state)), chooser)
        state, _ = rules.apply(state, action)
        record.append(action.to_text())
        states.append(state)
    n = len(record)
    marks = sorted({0, n // 4, n // 2, (3 * n) // 4, n})
    outcome = rules.outcome(state) or {}
    return {"seed": seed, "options": options, "policy": policy_name, "actions": n, "record": record,
            **({"revision": states[0]["revision"]} if states[0].get("revision") else {}),
            "digests": {str(i): digest(states[i]) for i in marks},
            "final": {"turn": state.get("turn"), "winner": outcome.get("winner"), "level": outcome.get("level")}}


GOLDEN_PLANS: dict[str, list[tuple[Optional[dict[str, Any]], str, int]]] = {
    # (options, policy, how many games)
    "mukden": [(None, "uniform", 16), ({"modified_fp_floor": None}, "uniform", 4)],
    "ikedaya": [(None, "uniform", 8), (None, "run-hunt", 6), ({"shinsengumi_score": "count"}, "uniform", 3),
                ({"entrance_setup": "wait-outside"}, "run-hunt", 3)],
    "kawanakajima": [(None, "uniform", 8), (None, "nudged", 12)],
    "toba-fushimi": [(None, "uniform", 8), (None, "lean", 6), (None, "greedy", 2), ({"mountain_top": "strength"}, "lean", 4)],
    "tabarazaka": [(None, "uniform", 8), (None, "lean", 6), (None, "greedy", 2), ({"mountain_top": "strength"}, "lean", 4)],
    **{s: [(None, "uniform", 8), (None, "lean", 8), ({"command_range": True}, "lean", 2),
           ({"mori_literal": True}, "lean", 2)] for s in YUKIMURA},
}


def make_golden(scenario: str, out: Path) -> None:
    rules = load_rules(scenario)
    games = []
    seed = 1
    for options, policy_name, count in GOLDEN_PLANS[scenario]:
        for _ in range(count):
            games.append(golden_game(rules, seed, options, policy_name))
            seed += 1
    path = out / "games" / f"{scenario}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    body = {"scenario": scenario, "made_by": made_by(),
            "digest": "sha256 of the state's JSON with sorted keys, separators (',', ':'), UTF-8",
            "games": games}
    path.write_text(json.dumps(body, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")


SEEDS = {"mukden": [3, 8], "ikedaya": [5, 12], "kawanakajima": [21, 4], "toba-fushimi": [6, 9],
         "tabarazaka": [7, 10], "yao": [3, 11], "domyoji": [4, 9], "goto-dream": [5, 13], "connected": [2, 8]}
POSITION_POLICY = {"mukden": "uniform", "ikedaya": "uniform", "kawanakajima": "nudged", "toba-fushimi": "lean",
                   "tabarazaka": "lean", **{s: "lean" for s in YUKIMURA}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=str(ROOT / "tests" / "corpus"))
    ap.add_argument("--scenario", action="append")
    ap.add_argument("--force", action="store_true", help="overwrite an existing corpus (never the frozen one)")
    args = ap.parse_args()
    out = Path(args.out)
    for scenario in args.scenario or sorted(SEEDS):
        if (out / scenario / "manifest.json").exists() and not args.force:
            sys.exit(f"{out / scenario} exists: the corpus is frozen (write elsewhere with --out)")
        m = Maker(scenario, out)
        make_positions(m, SEEDS[scenario], POSITION_POLICY[scenario])
        m.write()
        make_golden(scenario, out)
        print(f"{scenario}: {len(m.items)} items")


if __name__ == "__main__":
    main()
