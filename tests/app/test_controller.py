"""The page's behaviour without a browser, driven through the toy game."""
import json

import pytest

from kassen.app.controller import Controller
from kassen.app.storage import INDEX_KEY, MemoryStore, Saves
from kassen.engine.errors import LinkError
from kassen.engine.messages import render
from kassen.render.board import Counter, render_board
from tests.engine.toy import ToyRules, toy_rules


class DrawnToy(ToyRules):
    def render_svg(self, view, highlight=(), selected=None):
        counters = [Counter(unit=uid, side=self.scenario.units[uid]["side"], at=u["at"], lines=[uid])
                    for uid, u in view["units"].items() if u["at"]]
        secret = json.dumps(view.get("secret"))
        return render_board(self.board, cell_fill=lambda c: "#eee", counters=counters, highlight=highlight,
                            selected=selected, title=secret)


@pytest.fixture
def rules():
    base = toy_rules()
    return DrawnToy(base.scenario)


def make(rules, store=None, confirm=False):
    """A controller; ``confirm``: ask before moves Undo cannot take back (the page's default)."""
    ids = iter(f"s{i}" for i in range(100))
    c = Controller(lambda sid: rules, Saves(store if store is not None else MemoryStore()),
                   new_slot_id=lambda: next(ids), clock=lambda: "now")
    c.confirm_commits = confirm
    return c


def test_hot_seat_cover_hides_the_other_sides_secret(rules):
    c = make(rules)
    c.start_new("toy", seed=3)
    s = c.screen()
    assert s.cover == "red" and s.buttons == [] and s.highlight == []
    secret_red = c.history.state["secret"]["red"]
    assert f'"red": {secret_red}' not in s.svg  # covered: drawn from the spectator's view
    c.reveal()
    s = c.screen()
    assert s.cover is None and f'"red": {secret_red}' in s.svg and '"blue": null' in s.svg
    # red's only unit is auto-selected: its destinations are highlighted
    assert s.selected == "r1" and "0102" in s.highlight
    c.click_cell("0102")
    assert c.history.state["units"]["r1"]["at"] == "0102"
    assert c.screen().can_undo
    c.press("pass")
    s = c.screen()
    assert s.cover == "blue" and f'"red": {secret_red}' not in s.svg


def test_click_unit_then_cell_and_undo_redo(rules):
    c = make(rules)
    c.start_new("toy", seed=4)
    c.reveal()
    c.click_unit("r1")
    assert c.screen().selected == "r1"
    c.click_cell("0201")
    assert c.history.state["units"]["r1"]["at"] == "0201"
    c.undo()
    assert c.history.state["units"]["r1"]["at"] == "0101"
    c.redo()
    assert c.history.state["units"]["r1"]["at"] == "0201"
    c.press("move r1 @0303")
    assert "no longer available" in c.screen().notices[-1]


def test_autosave_and_resume_and_new_games_keep_old_slots(rules):
    store = MemoryStore()
    c = make(rules, store)
    c.start_new("toy", seed=5)
    c.reveal()
    c.click_cell("0102")
    first_slot = c.slot
    saved_state = c.history.state
    c2 = make(rules, store)
    assert c2.resume() and c2.history.state == saved_state and c2.slot == first_slot
    c2.start_new("toy", seed=6)
    index = json.loads(store.getItem(INDEX_KEY))
    assert [s["id"] for s in index["slots"]] == [c2.slot, first_slot]
    c3 = make(rules, store)
    assert c3.resume_slot(first_slot) and c3.history.state == saved_state


def test_damaged_save_is_reported_and_set_aside_unchanged(rules):
    """A slot that cannot be opened is moved, byte for byte, to kassen:aside:<id> and leaves the
    index, so the next page load shows the menu instead of failing again (issue 7)."""
    store = MemoryStore()
    c = make(rules, store)
    c.start_new("toy", seed=5)
    slot = c.slot
    key = "kassen:game:" + slot
    store.setItem(key, store.getItem(key)[:-40])
    damaged = store.getItem(key)
    c2 = make(rules, store)
    assert not c2.resume()
    assert "could not be opened" in c2.screen().notices[-1] and "set aside" in c2.screen().notices[-1]
    assert store.getItem("kassen:aside:" + slot) == damaged and store.getItem(key) is None
    index = json.loads(store.getItem(INDEX_KEY))
    assert index["current"] is None and slot not in [s["id"] for s in index["slots"]]
    c3 = make(rules, store)
    assert not c3.resume() and c3.screen().mode == "menu"


def test_games_set_aside_are_listed_downloadable_and_deletable(rules):
    """Nothing is lost: the menu lists every game set aside (and a damaged list of games) with
    what it was, and offers its unchanged text; only an explicit delete removes it."""
    store = MemoryStore()
    c = make(rules, store)
    c.start_new("toy", seed=5)
    slot = c.slot
    key = "kassen:game:" + slot
    store.setItem(key, store.getItem(key).replace('"log"', '"log":[[{"kind":"x"}]],"_"', 1))
    damaged = store.getItem(key)
    c2 = make(rules, store)
    assert not c2.resume()
    store.setItem(INDEX_KEY, "{")  # and the list of games is damaged too: rebuilt, the old one kept
    assert make(rules, store).saves.slots() == []
    aside = {a.id: a for a in c2.saves.aside()}
    assert set(aside) == {slot, "index"}
    assert aside[slot].scenario == "toy" and aside[slot].size == len(damaged)
    assert aside["index"].scenario == "" and aside["index"].size == 1
    assert c2.saves.aside_text(slot) == damaged
    c2.saves.discard_aside(slot)
    assert [a.id for a in c2.saves.aside()] == ["index"] and c2.saves.aside_text(slot) is None


def test_a_failing_store_lists_nothing_set_aside_and_says_so():
    class Failing(MemoryStore):
        def keys(self):
            raise OSError("SecurityError: the operation is insecure")
    saves = Saves(Failing())
    assert saves.aside() == [] and "refused" in render(saves.notice)


def test_a_damaged_index_hides_no_saved_game(rules):
    """The list of saved games is rebuilt from the slots found; the damaged list is kept aside."""
    store = MemoryStore()
    c = make(rules, store)
    c.start_new("toy", seed=5)
    first = c.slot
    c.start_new("toy", seed=6)
    second = c.slot
    store.setItem(INDEX_KEY, '{"slots": [')  # damaged: cut in the middle
    c2 = make(rules, store)
    assert {s.id for s in c2.saves.slots()} == {first, second}
    assert store.getItem("kassen:aside:index") == '{"slots": ['
    assert "rebuilt" in c2.screen().notices[0]
    assert c2.resume_slot(first) and c2.resume_slot(second)
    store.setItem(INDEX_KEY, '{"slots": 7}')  # the wrong shape is damaged too
    assert {s.id for s in make(rules, store).saves.slots()} == {first, second}


def test_storage_failures_become_a_notice_and_the_game_goes_on(rules):
    class Broken:
        def getItem(self, key):
            raise RuntimeError("SecurityError: access denied")

        def setItem(self, key, value):
            raise RuntimeError("SecurityError: access denied")

        def removeItem(self, key):
            raise RuntimeError("SecurityError: access denied")

    for store in (Broken(), MemoryStore(limit=50)):
        c = make(rules, store)
        c.start_new("toy", seed=5)
        c.reveal()
        c.click_cell("0102")
        assert c.history.state["units"]["r1"]["at"] == "0102"
        assert any("Saving is off" in n for n in c.screen().notices)
        assert json.loads(c.export_save())["record"] == ["move r1 @0102"]
    c = make(rules, None)
    c.saves = Saves(None)
    c.start_new("toy", seed=1)
    assert any("Saving is off" in n for n in c.screen().notices)


def test_links_spectator_by_default_and_play_link_continues(rules):
    c = make(rules)
    c.start_new("toy", seed=8)
    c.reveal()
    c.click_cell("0102")
    v = c.spectator_link()
    p = c.play_link()
    other = make(rules)
    assert other.open_fragment("#" + v) == "v"
    s = other.screen()
    assert s.mode == "spectate" and s.buttons == [] and '"red": null' in s.svg
    assert not s.can_continue  # the toy hides information
    other2 = make(rules)
    assert other2.open_fragment(p) == "p"
    assert other2.history.state == c.history.state and other2.mode == "play"
    other2.reveal()
    assert other2.screen().log[0] == "Position opened from a link: turn 1, Red to act."
    # the note survives a save and a resume
    other3 = make(rules, other2.saves.store)
    assert other3.resume() and rules.say(other3.history.events()[0]).startswith("Position opened from a link")


def test_bad_link_leaves_the_session_untouched(rules):
    c = make(rules)
    c.start_new("toy", seed=8)
    before = c.history.state
    with pytest.raises(LinkError):
        c.open_fragment("#k1.p.toy.AAAA")
    assert c.mode == "play" and c.history.state is before


def test_embed_frames_step_through(rules):
    c = make(rules)
    c.start_new("toy", seed=9)
    c.reveal()
    c.click_cell("0102")
    c.press("pass")
    c.reveal()
    c.click_cell("0402")
    frames = c.replay_frames()
    assert len(frames) >= 3 and all("rng" not in f for f in frames)
    viewer = make(rules)
    assert viewer.open_fragment(c.embed_link()) == "f"
    s = viewer.screen()
    assert s.mode == "replay" and s.frame == (len(frames) - 1, len(frames))
    viewer.step_frame(-100)
    assert viewer.screen().frame[0] == 0
    snippet = Controller.embed_snippet("https://example.org/index.html", "k1.f.toy.x", 'A "game"')
    assert snippet.startswith('<iframe src="https://example.org/index.html?embed=1#k1.f.toy.x"')
    assert 'title="A &quot;game&quot;"' in snippet and 'width="600" height="450"' in snippet


def test_import_export_round_trip(rules):
    c = make(rules)
    c.start_new("toy", seed=10)
    c.reveal()
    c.click_cell("0102")
    text = c.export_save()
    other = make(rules)
    other.import_save(text)
    assert other.history.state == c.history.state
    with pytest.raises(LinkError):
        other.import_save("{not json")


# -- what the page needs beyond the basics ----------------------------------------------------------

def test_clicking_the_focused_unit_offers_its_own_cell_and_then_deselects(rules):
    c = make(rules)
    c.start_new("toy", seed=3)
    c.reveal()
    s = c.screen()
    assert s.selected == "r1" and s.movable == ["r1"]
    # the counter covers its own cell: "stay" is a button, and clicking the counter asks
    assert "move r1 @0101" in [b.action for b in s.buttons]
    c.click_unit("r1")
    assert [b.action for b in c.screen().chooser] == ["move r1 @0101"]
    assert c.cancel() and c.screen().chooser == []
    c.click_unit("r1")
    c.click_unit("r1")  # a second click on an open chooser closes it
    assert c.screen().chooser == []
    c.click_unit("r1")
    c.press("move r1 @0101")
    assert c.history.state["units"]["r1"]["at"] == "0101" and c.history.state["phase"] == "fight"


def test_a_selectable_unit_on_a_target_cell_asks_act_or_select(rules):
    """Stacking or swapping onto a friend: the friend's counter covers the target cell."""
    from kassen.engine.actions import Action

    class Stacking(DrawnToy):
        def setup(self, seed, options=None):
            state = super().setup(seed, options)
            state["units"]["b1"]["at"] = "0102"  # blue's counter stands where red may go
            state["active"] = "blue"
            return state

        def legal_actions(self, state):
            return [Action("move", ("b1",), "0201"), Action("swap", ("b1",), "0101"), Action("move", ("r1",), "0101")]

    r = Stacking(rules.scenario)
    c = make(r)
    c.start_new("toy", seed=1)
    c.viewer, c.covered = "blue", False
    c.click_unit("b1")
    c.click_unit("r1")  # r1 can act too, and its cell is one of b1's targets
    chooser = c.screen().chooser
    assert [b.action for b in chooser] == ["swap b1 @0101", ""] and chooser[-1].select == "r1"
    c.select("r1")
    s = c.screen()
    assert s.selected == "r1" and s.chooser == [] and s.highlight == ["0101"]


def test_the_only_unit_with_actions_is_focused_so_its_buttons_show():
    from kassen.games import load_rules

    rules = load_rules("mukden")
    c = Controller(lambda sid: rules, Saves(MemoryStore()))
    c.start_new("mukden", seed=1)
    c.reveal()
    s = c.screen()
    assert s.selected == "jp-1"
    assert [b.action for b in s.buttons][:2] == ["allot jp-1 =3", "allot jp-1 =4"] and len(s.buttons) == 13
    assert s.movable == []  # allotting is done with buttons, not on the map


def test_open_link_reports_problems_and_keeps_the_game(rules):
    store = MemoryStore()
    c = make(rules, store)
    c.start_new("toy", seed=8)
    before, saved = c.history.state, dict(store.data)
    for bad in ("#k1.p.toy.AAAA", "#k9.v.toy.AAAA", "nonsense", "#k1.v.nope.AAAA"):
        assert c.open_link(bad) is None
        assert c.screen().notices[-1].startswith("This link cannot be opened:")
        assert c.history.state is before and store.data == saved


def test_an_embed_never_shows_secrets_even_from_a_play_link(rules):
    c = make(rules)
    c.start_new("toy", seed=8)
    c.reveal()
    c.click_cell("0102")
    viewer = make(rules)
    assert viewer.open_link(c.play_link(), embed=True) == "v"
    s = viewer.screen()
    assert s.mode == "spectate" and '"red": null' in s.svg and s.buttons == []
    assert viewer.slot is None and viewer.saves.slots() == []


def test_menu_keeps_the_game_in_memory_and_delete_closes_it(rules):
    store = MemoryStore()
    c = make(rules, store)
    c.start_new("toy", seed=8)
    c.reveal()
    c.click_cell("0102")
    c.to_menu()
    s = c.screen()
    assert s.mode == "menu" and s.has_game
    assert c.back_to_game() and c.screen().mode == "play" and c.screen().cover == "red"
    c.to_menu()
    c.delete_slot(c.slot)
    assert not c.screen().has_game and c.saves.slots() == [] and not c.back_to_game()


def test_unit_details_come_from_the_view_on_screen(rules):
    class Detailed(type(rules)):
        def unit_details(self, view, uid):
            return [uid, f"secret {view['secret']}"]

    r = Detailed(rules.scenario)
    c = make(r)
    c.start_new("toy", seed=3)
    secret = c.history.state["secret"]["red"]
    assert c.unit_details("r1") == ["r1", "secret {'red': None, 'blue': None}"]  # covered: spectator
    c.reveal()
    assert c.unit_details("r1")[1] == f"secret {{'red': {secret}, 'blue': None}}"
    assert c.unit_details("nope") == []


def test_continue_from_a_replay_frame_of_an_open_game():
    from kassen.games import load_rules

    rules = load_rules("ikedaya")
    c = Controller(lambda sid: rules, Saves(MemoryStore()))
    c.start_new("ikedaya", seed=2)
    for _ in range(4):
        c.perform(c.legal()[0])
    viewer = Controller(lambda sid: rules, Saves(MemoryStore()), new_slot_id=lambda: "v1")
    assert viewer.open_link(c.embed_link()) == "f"
    assert viewer.screen().can_continue
    viewer.goto_frame(1)
    frame = viewer.view()
    viewer.continue_from_view(seed=5)
    assert viewer.mode == "play" and viewer.slot == "v1"
    assert viewer.history.state["units"] == frame["units"]


def test_legal_actions_always_belong_to_the_current_state():
    """Regression: a cache keyed on id(state) served Takeda's set-up actions to Uesugi once a
    freed state's id was reused (Python reuses ids of collected objects)."""
    from kassen.games import load_rules

    rules = load_rules("kawanakajima")
    c = Controller(lambda sid: rules, Saves(MemoryStore()))
    c.start_new("kawanakajima", seed=1)
    for _ in range(2):
        c.reveal()
        c.press("done")
    c.reveal()
    expected = list(rules.legal_actions(c.history.state))
    assert c.legal() == expected and all(a.units[0].startswith("u") for a in expected if a.units)
    c.click_unit("uT")
    assert c.screen().selected == "uT"


def test_one_view_per_state_however_many_clicks(rules):
    """The snapshot: a click that changes nothing builds no view; an action builds one for the new
    state (the autosave needs none); the screen reuses it."""
    calls = []

    class Counting(DrawnToy):
        def view_for(self, state, player):
            calls.append(player)
            return super().view_for(state, player)

    c = make(Counting(rules.scenario))
    c.start_new("toy", seed=3)
    c.reveal()
    c.screen()
    calls.clear()
    c.click_unit("r1")  # select
    c.screen()
    c.click_unit("r1")  # the chooser for its own cell
    c.screen()
    c.cancel()
    c.screen()
    assert calls == []
    c.click_cell("0102")  # a move: one new state
    c.screen()
    c.screen()
    assert calls == ["red"]
    calls.clear()
    c.press("pass")  # the cover goes up: the spectator's view only
    c.screen()
    assert calls == [None]


# -- safe play ----------------------------------------------------------------------------------------

def test_a_move_that_passes_the_device_waits_for_confirmation(rules):
    c = make(rules, confirm=True)
    c.start_new("toy", seed=3)
    c.reveal()
    c.click_cell("0102")  # an ordinary move: done at once, Undo can take it back
    assert c.history.state["units"]["r1"]["at"] == "0102" and c.pending is None
    c.press("pass")  # passes the device to Blue: asks first, nothing happens yet
    s = c.screen()
    assert c.history.record == ["move r1 @0102"] and s.cover is None
    assert s.confirm is not None and s.confirm.action == "pass" and s.confirm.button == "End turn"
    assert "passes the device to Blue" in s.confirm.what and s.buttons == [] and s.highlight == []
    assert c.cancel() and c.screen().confirm is None  # Escape: back to choosing
    assert c.history.record == ["move r1 @0102"]
    c.press("pass")
    c.undo()  # Undo closes the confirmation and takes nothing back
    assert c.screen().confirm is None and c.history.record == ["move r1 @0102"]
    c.press("pass")
    c.confirm()
    assert c.history.record[-1] == "pass" and c.screen().cover == "blue"


def test_the_consequences_are_found_on_a_scratch_copy():
    from kassen.app.controller import consequence_codes, consequences
    from kassen.engine.actions import Action
    from kassen.games import load_rules

    rules = load_rules("mukden")
    state = rules.setup(1)
    before = json.dumps(state, sort_keys=True)
    assert consequences(rules, state, Action.parse("allot jp-1 =3")) == []
    assert json.dumps(state, sort_keys=True) == before  # the state itself is untouched
    ik = load_rules("ikedaya")
    c = Controller(lambda sid: ik, Saves(MemoryStore()))
    c.start_new("ikedaya", seed=1)
    # an action leading to dice is asked about; the wording names it
    state = c.history.state
    for _ in range(200):
        legal = ik.legal_actions(state)
        dice = [a for a in legal if "rolls-dice" in consequence_codes(consequences(ik, state, a))]
        if dice:
            break
        state, _ = ik.apply(state, legal[0])
        from kassen.engine.play import sample_chance
        from kassen.engine.state import CHANCE
        while ik.current_player(state) == CHANCE:
            state, _ = ik.apply(state, sample_chance(ik, state))
    assert dice


def test_the_withdrawal_that_ends_the_game_is_asked_about():
    from kassen.games import load_rules

    rules = load_rules("mukden")
    c = Controller(lambda sid: rules, Saves(MemoryStore()))
    c.confirm_commits = True
    c.start_new("mukden", seed=7)
    for uid, fp in (("jp-1", 11), ("jp-2", 4), ("jp-3", 4), ("jp-4", 4), ("jp-yalu", 4)):
        c.reveal()
        c.press(f"allot {uid} ={fp}")
    c.press("confirm")
    assert c.pending is not None and "passes the device to Russia" in c.screen().confirm.what
    c.confirm()
    for uid in ("ru-1", "ru-2", "ru-3", "ru-gr-right", "ru-gr-left"):
        c.reveal()
        c.press(f"allot {uid} =4")
    c.press("confirm")
    c.confirm()
    c.reveal()
    c.press("move jp-yalu @0907")
    c.confirm()
    c.reveal()
    c.press("withdraw")
    s = c.screen()
    assert s.confirm is not None and s.confirm.button == "End the game" and s.outcome is None
    assert "ends the game" in s.confirm.what and "reveals" in s.confirm.what
    c.confirm()
    assert c.screen().outcome.startswith("Japan wins")


def test_the_other_sides_moves_are_summarised_and_their_places_marked(rules):
    c = make(rules)
    c.start_new("toy", seed=3)
    c.reveal()
    assert c.screen().since == []  # nothing happened yet
    c.click_cell("0102")
    c.press("pass")
    c.reveal()  # blue looks: red's move is news
    s = c.screen()
    assert s.since and any("0102" in line for line in s.since)
    assert set(s.last_move) == {"0101", "0102"}
    blue_at = c.history.state["units"]["b1"]["at"]
    target = next(a for a in c.legal() if a.cell and a.cell != blue_at)
    c.perform(target)  # blue acts: the news is gone
    assert c.screen().since == [] and c.screen().last_move == []


def test_undo_notes_tell_what_undo_would_do(rules):
    c = make(rules)
    c.start_new("toy", seed=3)
    c.reveal()
    assert c.screen().undo_note == ""
    c.click_cell("0102")
    assert c.screen().undo_note.startswith("Undo takes back: Move")
    c.press("pass")
    c.reveal()
    assert "change of player" in c.screen().undo_note  # toy hides information: a barrier
    c.click_unit("b1")  # b1 is focused (blue's only unit): the chooser for its own cell opens
    assert c.screen().chooser and "closes this choice" in c.screen().undo_note
    c.undo()
    assert c.screen().chooser == [] and c.history.record[-1] == "pass"


def test_log_lines_carry_the_same_action_numbers_for_both_players(rules):
    c = make(rules)
    c.start_new("toy", seed=3)
    c.reveal()
    c.click_cell("0102")
    c.press("pass")
    red = c.screen()
    c.reveal()
    blue = c.screen()
    assert red.log_n == blue.log_n and red.log_n == sorted(red.log_n) and red.log_n[-1] == 2


def test_each_frame_says_what_changed_from_the_previous(rules):
    c = make(rules)
    c.start_new("toy", seed=4)
    c.reveal()
    c.click_cell("0102")
    c.press("pass")
    viewer = make(rules)
    viewer.open_link(c.embed_link())
    viewer.goto_frame(1)
    s = viewer.screen()
    assert "Red <One> 0101 → 0102" in s.frame_move and set(s.last_move) == {"0101", "0102"}
    viewer.goto_frame(0)
    assert viewer.screen().frame_move == ""
