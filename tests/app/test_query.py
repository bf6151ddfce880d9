"""kassen.app.query reads a query string exactly as urllib.parse.parse_qs does (the page avoids importing
urllib.parse at start: see the module's docstring)."""

from __future__ import annotations

import random
from urllib.parse import parse_qs

import pytest

from kassen.app.query import parse_query, unquote

CASES = [
    "", "&", "&&", "=", "a", "a=", "=b", "a=1", "a=1&a=2&b=3", "a=1&&b=2&", "a=b=c", "a+b=c+d", "a%20b=c%2Bd",
    "scenario=kawanakajima&seed=1", "vs=red:hard&options=night,fog=2", "lang=ja", "lang=%E6%97%A5%E6%9C%AC",
    "x=%E6%97%A5", "x=%E6%97", "x=%E6%97a%A5", "x=%ff%fe", "x=%", "x=%4", "x=%zz", "x=%%41", "x=100%25",
    "x=%41%42%43", "x=%c3%a9t%C3%A9", "x=日本&y=%", "a;b=c", "a=1;b=2", "embed&scenario=mukden", "kassen-test-crash",
    "x=%2526", "x=+%2B+", "%=%", "%E6%97%A5=1",
]


@pytest.mark.parametrize("blank", [False, True])
@pytest.mark.parametrize("query", CASES)
def test_reads_each_case_as_urllib_does(query: str, blank: bool) -> None:
    assert parse_query(query, keep_blank_values=blank) == parse_qs(query, keep_blank_values=blank)


def test_reads_random_queries_as_urllib_does() -> None:
    rng = random.Random(13)
    alphabet = ["a", "b", "=", "&", "+", "%", ";", "4", "1", "F", "e", "E", "6", "9", "7", "c3", "%E6%97%A5", "日", " ", "%zz"]
    for _ in range(3000):
        query = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
        for blank in (False, True):
            assert parse_query(query, keep_blank_values=blank) == parse_qs(query, keep_blank_values=blank), query


def test_unquote_decodes_escaped_utf8_and_keeps_stray_percents() -> None:
    assert unquote("%E6%97%A5%E6%9C%AC") == "日本"
    assert unquote("100%") == "100%" and unquote("%zz") == "%zz"
    assert unquote("%E6%97") == "\ufffd"
