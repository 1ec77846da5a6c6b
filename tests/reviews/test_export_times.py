"""Export timestamps are one text whatever the database: PostgreSQL's text of a timestamp drops
a fraction's trailing zeros, SQLite's keeps six digits, Python's isoformat writes six."""

import datetime as dt

from reviews.export import _iso


def test_the_same_instant_is_the_same_text_from_either_database():
    instant = dt.datetime(2026, 11, 26, 0, 58, 4, 25660, tzinfo=dt.UTC)
    expected = "2026-11-26T00:58:04.025660Z"
    assert _iso(instant) == expected
    assert _iso("2026-11-26 00:58:04.025660") == expected  # SQLite
    assert _iso("2026-11-26 00:58:04.02566+00") == expected  # PostgreSQL
    assert _iso("2026-11-26 00:58:04+00") == "2026-11-26T00:58:04Z"  # no fraction: none written
