"""What the page's address asks for (kassen.app.routing): every case, without a browser."""
from kassen.app.routing import MAX_SEED, Route, needs_clean_url, route
from kassen.engine.messages import render

SCENARIOS = ["ikedaya", "kawanakajima", "mukden"]


def test_new_game_from_the_url_with_and_without_a_seed():
    assert route("?scenario=mukden&seed=42", "", False, SCENARIOS) == Route("new", scenario="mukden", seed=42)
    assert route("scenario=mukden", "", True, SCENARIOS) == Route("new", scenario="mukden", seed=None)
    r = route("?scenario=mukden&seed=abc", "", False, SCENARIOS)
    assert r.kind == "new" and r.seed is None and "not a whole number" in render(r.problem)
    assert route(f"?scenario=mukden&seed={MAX_SEED + 1}", "", False, SCENARIOS).seed is None
    assert route(f"?scenario=mukden&seed={MAX_SEED}", "", False, SCENARIOS).seed == MAX_SEED


def test_unknown_scenario_is_explained_and_the_saved_game_resumed():
    r = route("?scenario=nope", "", True, SCENARIOS)
    assert r.kind == "resume" and "'nope'" in render(r.problem) and "mukden" in render(r.problem)
    assert "'nope'" in render(r.problem, "ja") and "ja" != render(r.problem, "ja")
    assert route("?scenario=nope", "", False, SCENARIOS).kind == "menu"


def test_links_win_over_everything_and_embed_is_read_only():
    assert route("?scenario=mukden", "#k1.v.mukden.AAA", True, SCENARIOS) == Route("link", fragment="k1.v.mukden.AAA")
    assert route("?embed=1", "#k1.f.mukden.AAA", True, SCENARIOS) == Route("link", embed=True,
                                                                          fragment="k1.f.mukden.AAA")
    r = route("?embed=1", "", True, SCENARIOS)
    assert r.embed and r.kind == "menu" and "no position" in render(r.problem)


def test_nothing_resumes_the_current_game_or_shows_the_menu():
    assert route("", "", True, SCENARIOS).kind == "resume"
    assert route("", "#", False, SCENARIOS).kind == "menu"
    assert route("?kassen-test-crash=0", "", False, SCENARIOS).kind == "menu"


def test_which_routes_clean_the_address():
    new = Route("new", scenario="mukden")
    link = Route("link", fragment="k1.p.mukden.x")
    assert needs_clean_url(new, None)
    assert needs_clean_url(link, "p") and needs_clean_url(link, None)  # continued elsewhere / a bad link
    assert not needs_clean_url(link, "v") and not needs_clean_url(link, "f")  # a reload shows them again
    assert not needs_clean_url(Route("link", embed=True, fragment="x"), None)
    assert not needs_clean_url(Route("resume"), None)
    assert needs_clean_url(Route("menu", problem="bad scenario"), None)
