"""The queue's search: a case by its id, the start of its external (request) id, or a phrase of
its question or answer."""

from __future__ import annotations

import re
from types import SimpleNamespace

from groundgate.families import FAMILIES
from groundgate.models import Case
from tests.conftest import ROOT


def ids(client, query: str) -> set[str]:
    html = client.get("/d/demo/", {"q": query}).content.decode()
    return set(re.findall(r'href="/d/demo/cases/\d+/[^"]*">([^<]+)</a>', html))


def test_search_by_id_external_id_question_and_answer(reviewer):
    case = Case.objects.get(external_id="demo-en-12")
    assert ids(reviewer, str(case.pk)) >= {"demo-en-12"}
    assert ids(reviewer, "demo-en-1") >= {"demo-en-12"}
    assert "demo-zh-01" not in ids(reviewer, "demo-en-1")
    words = case.question.split()[1:4]
    assert "demo-en-12" in ids(reviewer, " ".join(words).upper())
    conclusion = case.payload["answer"]["conclusion"]
    assert "demo-en-12" in ids(reviewer, conclusion[5:25])
    assert ids(reviewer, "no case says this at all") == set()


def test_a_piece_of_a_request_id_or_of_a_chinese_answer_and_odd_characters(reviewer):
    """Any piece of three characters or more goes through the index; shorter pieces and LIKE's
    and FTS5's own characters are matched literally."""
    zh = Case.objects.filter(external_id__startswith="demo-zh").order_by("id").first()
    conclusion = zh.payload["answer"]["conclusion"]
    assert zh.external_id in ids(reviewer, conclusion[2:6])
    assert zh.external_id in ids(reviewer, zh.external_id[-2:])  # two characters: a scan
    assert "demo-en-12" in ids(reviewer, "en-12")  # not only the start of the id
    for odd in ('"', '" OR "', "%", "_", "\\", "*", "NEAR(a b)"):
        assert reviewer.get("/d/demo/", {"q": odd}).status_code == 200


def test_search_goes_through_the_index(demo_dataset):
    """The piece is found through the FTS5 trigram table (SQLite) or the trigram GIN index
    (PostgreSQL), never by reading the cases' payloads; a few matches are read by their keys."""
    from django.db import connection

    from reviews.search import _dataset_matches
    from reviews.selectors import queue_entries

    entries = queue_entries(dataset=demo_dataset, filters={"q": "pump"})
    sql = str(entries.query)
    assert "payload" not in sql and '"case_id" IN (' in sql
    assert len(entries) > 0
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            matches, params = _dataset_matches("pump", demo_dataset.pk, 9)
            cursor.execute("EXPLAIN QUERY PLAN " + matches, params)
            plan = " ".join(str(row) for row in cursor.fetchall())
            assert "reviews_queuetext_fts VIRTUAL TABLE" in plan, plan
        else:
            cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'queuetext_trgm'")
            assert "gin_trgm_ops" in cursor.fetchone()[0]


def test_a_piece_held_by_many_cases_shows_the_first_list_max_and_says_so(
    demo_dataset, reviewer, monkeypatch
):
    """Past LIST_MAX matches (policy search-first-2000, d365) the queue shows LIST_MAX of them,
    read by their keys, and the page says the search found more (it was a subquery walked in
    queue order: 330 ms CPU a page at 1M cases on SQLite, 2-5 s on PostgreSQL)."""
    from reviews import search
    from reviews.selectors import queue_entries

    every = set(queue_entries(dataset=demo_dataset, filters={"q": "demo"}).values_list("case_id"))
    assert len(every) > 2
    assert "search-capped" not in reviewer.get("/d/demo/", {"q": "demo"}).content.decode()
    monkeypatch.setattr(search, "LIST_MAX", 2)
    monkeypatch.setattr(search, "_RECENT", {})  # answers read under LIST_MAX 2 stay here
    few = queue_entries(dataset=demo_dataset, filters={"q": "demo"})
    assert '"case_id" IN (' in str(few.query)
    assert len(set(few.values_list("case_id"))) == 2 and set(few.values_list("case_id")) < every
    page = reviewer.get("/d/demo/", {"q": "demo"})
    assert page.context["page"].count == 2
    assert "More than 2 cases hold “demo”: the queue shows 2 of them" in page.content.decode()
    # A case's own id is still found, beside the capped matches.
    case_id = max(c for (c,) in every)
    assert (case_id,) == search.search_ids(dataset_id=demo_dataset.pk, text=str(case_id))[-1:]


def test_the_migrations_fill_is_the_writers_text_and_new_cases_are_found(demo_dataset, reviewer):
    """Stored cases get their searched text from the migration's SQL, new ones from the queue
    writer: the same text; a case imported now is found at once, and a rebuild keeps the
    index in step."""
    from importlib import import_module

    from django.db import connection

    from groundgate.services.imports import case_import_lines
    from reviews.models import QueueText
    from reviews.queue import queue_rebuild

    for kind in ("anchored", "synthesis", "report"):
        with (ROOT / "fixtures" / "demo" / f"{kind}.jsonl").open("rb") as fh:
            assert not case_import_lines(dataset=demo_dataset, lines=fh, kind=kind).errors
    written = dict(QueueText.objects.values_list("case_id", "text"))
    assert len(written) == Case.objects.count()
    migration = import_module("reviews.migrations.0013_queue_search")
    fill = migration.POSTGRES_FILL if connection.vendor == "postgresql" else migration.SQLITE_FILL
    QueueText.objects.all().delete()
    with connection.cursor() as cursor:
        cursor.execute(fill)
    # 0015 puts in the other families' answer texts (0013 read an answer's conclusion only).
    refill = import_module("reviews.migrations.0015_pages_search_family_text").refill
    refill(None, SimpleNamespace(connection=connection))
    assert dict(QueueText.objects.values_list("case_id", "text")) == written
    if connection.vendor == "sqlite":
        # In bulk (d423): the index agrees with the texts, the update trigger is back, and
        # FTS5's settings are as before (the larger buffer put back).
        with connection.cursor() as cursor:
            fts = "reviews_queuetext_fts"
            cursor.execute(f"INSERT INTO {fts}({fts}) VALUES ('integrity-check')")
            cursor.execute("SELECT k FROM reviews_queuetext_fts_config")
            assert [k for (k,) in cursor.fetchall()] == ["version"]
            cursor.execute("SELECT 1 FROM sqlite_master WHERE name = 'reviews_queuetext_fts_au'")
            assert cursor.fetchall() == [(1,)]
    line = (
        '{"case_id": "req-7f3a91", "question": "How hot may the zubrowka pump run?", '
        '"answer": {"conclusion": "At most 80 C.", "citations": []}, "evidence": []}\n'
    )
    report = case_import_lines(dataset=demo_dataset, lines=[line.encode()])
    assert report.imported == 1, report.errors
    assert ids(reviewer, "zubrowka") == {"req-7f3a91"}
    assert ids(reviewer, "7f3a9") == {"req-7f3a91"}
    queue_rebuild(dataset_id=demo_dataset.pk)
    assert ids(reviewer, "zubrowka") == {"req-7f3a91"}


def test_a_searchs_facet_counts_are_the_cases_each_choice_would_show(demo_dataset):
    """A search's counts are made in Python from its matches read once (five GROUP BYs over the
    id list were 25-48 ms each at 1M cases): each is the number of cases the queue shows with
    that value chosen and the other filters kept, the code facet included."""
    from reviews.queue_facets import queue_counts
    from reviews.selectors import queue_entries

    for filters in (
        {"q": "demo"},
        {"q": "pump", "review": "unreviewed"},
        {"q": "demo", "code": "UNGROUNDED_NUMBER"},
    ):
        counts = queue_counts(dataset=demo_dataset, filters=filters)
        assert any(n for facet in counts.values() for _, n in facet)
        for name, values in counts.items():
            for value, n in values:
                chosen = filters | {name: value}
                assert n == queue_entries(dataset=demo_dataset, filters=chosen).count(), (chosen, n)


def test_a_pipeline_answer_is_found_by_its_answer_text_and_named_so(demo_dataset, reviewer):
    """`groundgate answer` stores its runs as anchored cases: the queue finds one by a phrase
    of its model answer (the family's answer text, d391) and lists its kind in words,
    "pipeline answer", with the gate family on hover (d390)."""
    from groundgate.services.imports import case_import_lines

    with (ROOT / "fixtures" / "demo" / "anchored.jsonl").open("rb") as fh:
        assert not case_import_lines(dataset=demo_dataset, lines=fh, kind="anchored").errors
    case = Case.objects.filter(dataset=demo_dataset, kind="anchored").order_by("id").first()
    text = FAMILIES["anchored"].text.of(case.payload)
    assert text and text not in (case.question or "")
    assert case.external_id in ids(reviewer, text[4:30].upper())
    html = reviewer.get("/d/demo/", {"kind": "anchored"}).content.decode()
    assert '<span title="gate family: anchored">pipeline answer</span>' in html
    assert 'title="gate family: anchored">pipeline answer (' in html  # the kind filter's option
    # An imported model response carries no question: the row says so.
    assert '<td><span class="muted">no question</span></td>' in html
