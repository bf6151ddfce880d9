"""engine.visibility.anonymous_ids hashes only look-alike units: the numbering is exactly the
order by (what the viewer sees, salted hash) it is defined as."""
import random

from kassen.engine.visibility import _salted, anonymous_ids


def test_numbering_is_the_order_by_what_is_seen_then_the_salted_hash():
    rnd = random.Random(5)
    for case in range(200):
        uids = [f"u{i}" for i in range(rnd.randint(0, 30))]
        seen = {u: (rnd.choice(["0101", "0102", "0203", "box"]), rnd.random() < 0.3) for u in uids}
        salt = rnd.randbytes(8)
        got = anonymous_ids({"red": uids}, seen.__getitem__, salt)
        expected = sorted(uids, key=lambda u: (seen[u], _salted(salt, u)))
        assert [u for u, _ in sorted(got.items(), key=lambda kv: int(kv[1].rsplit("-", 1)[1]))] == expected, case
