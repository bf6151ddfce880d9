"""engine.jsontext: JSON from outside is refused, with a reason and a JSON path, for everything
json.loads accepts but kassen never writes (and Python cannot always handle later)."""
import pytest

from kassen.engine import jsontext


@pytest.mark.parametrize("text,path,words", [
    ('{"rng": ' + "1" * 5000 + "}", "$.rng", "5000 digits"),
    ('{"a": [1, NaN]}', "$.a[1]", "NaN"),
    ('{"a": -Infinity}', "$.a", "-Infinity"),
    ('{"a": 1e400}', "$.a", "Infinity"),
    ('{"units": {"x": {"at": "\\ud800"}}}', "$.units.x.at", "lone surrogate"),
    ('{"\\udfff": 1}', "$", "lone surrogate"),
    ("[" * 100000 + "]" * 100000, "$", "nested more than 64 levels deep (line 1, column 65)"),
    ('{"a": [1, 2}', "$", "not valid JSON"),
])
def test_loads_refuses_with_a_reason_and_where(text, path, words):
    with pytest.raises(jsontext.BadJSON) as info:
        jsontext.loads(text)
    assert info.value.path == path and words in str(info.value)


def test_loads_reads_what_kassen_writes_and_brackets_inside_strings_do_not_count():
    assert jsontext.loads('{"a": "[[[[", "n": -12345678901234567890, "f": 0.5, "t": "é"}') == {
        "a": "[[[[", "n": -12345678901234567890, "f": 0.5, "t": "é"}
    assert jsontext.loads("[" * 64 + "]" * 64) is not None


def test_check_walks_any_depth_without_recursion():
    deep: list = []
    node = deep
    for _ in range(5000):
        node.append([])
        node = node[0]
    with pytest.raises(jsontext.BadJSON, match="nested"):
        jsontext.check(deep)
    with pytest.raises(jsontext.BadJSON, match="tuple"):
        jsontext.check({"a": (1, 2)})
