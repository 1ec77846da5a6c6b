"""The queue's search: a case by its id, the start of its external (request) id, or a phrase of
its question or answer."""

from __future__ import annotations

import re

from groundgate.models import Case


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
