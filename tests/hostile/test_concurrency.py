"""Concurrent writers over real HTTP, on SQLite (the default) and on PostgreSQL.

A real server (gunicorn: 2 worker processes x 8 threads) runs against a fresh database: a SQLite
file configured exactly as `make run` configures it or, when the suite runs on PostgreSQL
(`make test-postgres`), a fresh PostgreSQL database beside the test one. The clients are real
threads. Concurrent writers must wait (SQLite: IMMEDIATE transactions, busy timeout) or get a
409: never a 500 "database is locked".
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import sqlite3
import threading
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.hostile.live_server import ON_POSTGRES, free_port, live_server

PORT = free_port()
BASE = f"http://127.0.0.1:{PORT}"


def query(database_url: str, sql: str, params: tuple = ()):
    """One query's rows, straight from the server's database (not through the app)."""
    if database_url.startswith("sqlite:///"):
        with sqlite3.connect(database_url.removeprefix("sqlite:///")) as connection:
            return connection.execute(sql, params).fetchall()
    import psycopg

    url = database_url.replace("postgres://", "postgresql://")
    with psycopg.connect(url) as connection:
        return connection.execute(sql.replace("?", "%s"), params).fetchall()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    var_dir = tmp_path_factory.mktemp("server")
    with live_server(var_dir, port=PORT, postgres_name="groundgate_concurrency") as database_url:
        yield database_url


@pytest.mark.skipif(ON_POSTGRES, reason="SQLite's journal mode")
def test_the_database_really_is_in_wal_mode(server):
    assert query(server, "PRAGMA journal_mode") == [("wal",)]


def _call(request) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def _import_request(index: int) -> urllib.request.Request:
    cases = [
        {
            "case_id": f"importer-{index}-case-{n}",
            "question": "How heavy?",
            "raw_chunks": [{"chunk_id": "c1", "text": f"The box weighs {n} kg."}],
            "answer": {
                "conclusion": f"The box weighs {n} kg.",
                "evidences": [{"chunk_id": "c1", "excerpt": f"The box weighs {n} kg."}],
            },
        }
        for n in range(40)
    ]
    return urllib.request.Request(
        f"{BASE}/api/v1/datasets/team/cases/import?kind=answer",
        data="\n".join(json.dumps(c) for c in cases).encode(),
        headers={
            "Content-Type": "application/x-ndjson",
            "Authorization": "Token " + "ada".ljust(40, "0"),
        },
    )


def test_sixteen_concurrent_importers_all_succeed(server):
    rounds = 3
    with ThreadPoolExecutor(max_workers=16) as pool:
        results = list(pool.map(lambda i: _call(_import_request(i)), range(16 * rounds)))
    statuses = [status for status, _ in results]
    # Every importer waits its turn for the write lock (IMMEDIATE + busy timeout): no 500, and
    # not even a 409 "busy", which only a writer stuck for the whole timeout would get.
    assert statuses == [200] * len(statuses), statuses
    imported = sum(json.loads(body)["imported"] for _, body in results)
    sql = "SELECT count(*) FROM groundgate_case WHERE external_id LIKE 'importer-%%'"
    if not ON_POSTGRES:
        sql = sql.replace("%%", "%")
    stored = query(server, sql)[0][0]
    assert stored == imported == 40 * len(statuses)


class Browser:
    """A reviewer's browser: a cookie jar, the login form, CSRF tokens from the pages."""

    def __init__(self, username: str):
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
            _NoRedirect(),
        )
        status, page = self.get("/login/")
        assert status == 200
        self.post(
            "/login/",
            {"username": username, "password": username + "-secret-pw"},
            token=self._token(page),
        )

    def get(self, path: str) -> tuple[int, bytes]:
        return self._open(urllib.request.Request(BASE + path))

    def post(self, path: str, fields: dict, token: str) -> tuple[int, bytes]:
        data = urllib.parse.urlencode(fields | {"csrfmiddlewaretoken": token}).encode()
        request = urllib.request.Request(BASE + path, data=data, headers={"Referer": BASE + path})
        return self._open(request)

    def _open(self, request) -> tuple[int, bytes]:
        try:
            with self.opener.open(request, timeout=120) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    @staticmethod
    def _token(page: bytes) -> str:
        return re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()

    def review_form(self, case_path: str) -> dict:
        status, page = self.get(case_path)
        assert status == 200
        fields = dict(re.findall(rb'<input type="hidden" name="(\w+)" value="([^"]*)"', page))
        return {k.decode(): v.decode() for k, v in fields.items()}


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a 302 is an answer here, not something to follow


def test_two_reviewers_saving_at_once_get_a_save_and_a_409(server):
    case_ids = [row[0] for row in query(server, "SELECT id FROM groundgate_case ORDER BY id")][:10]
    reviewers = [Browser("rita"), Browser("remy")]
    outcomes = []
    for case_id in case_ids:
        path = f"/d/team/cases/{case_id}/"
        forms = [r.review_form(path) for r in reviewers]  # both saw the case with no review
        barrier = threading.Barrier(2)

        def save(i: int, path=path, forms=forms, barrier=barrier) -> int:
            fields = {
                "label": "grounded",
                "seen_review_id": forms[i]["seen_review_id"],
                "gate_run_id": forms[i]["gate_run_id"],
            }
            barrier.wait()
            status, body = reviewers[i].post(
                path + "review", fields, forms[i]["csrfmiddlewaretoken"]
            )
            if status == 409:
                # The review conflict (the other decision is shown), not a busy database.
                assert b"database is busy" not in body
                assert (b"remy" if i == 0 else b"rita") in body
            return status

        with ThreadPoolExecutor(max_workers=2) as pool:
            outcomes.append(sorted(pool.map(save, range(2))))
    # One save (a redirect back to the case) and one conflict, every round; never a 500.
    assert outcomes == [[302, 409]] * len(case_ids)
    placeholders = ",".join("?" * len(case_ids))
    sql = f"SELECT count(*) FROM reviews_review WHERE case_id IN ({placeholders})"
    saved = query(server, sql, tuple(case_ids))[0][0]
    assert saved == len(case_ids)


ASSIGNMENT_ROWS = (
    "SELECT dataset_id, reviewer_id, review_state, reviewed, count(*) FROM reviews_assignment"
    " GROUP BY dataset_id, reviewer_id, review_state, reviewed"
)
ASSIGNMENT_STORED = (
    "SELECT dataset_id, reviewer_id, review_state, reviewed, n FROM reviews_assignmentcount"
    " WHERE n <> 0"
)
CALL_ROWS = (
    "SELECT c.dataset_id, c.code, c.call, e.gate_status, e.outcome, e.kind, e.review_state,"
    " count(*) FROM reviews_queuecall c JOIN reviews_queueentry e ON e.case_id = c.case_id"
    " WHERE EXISTS (SELECT 1 FROM reviews_queuecode q WHERE q.dataset_id = c.dataset_id"
    " AND q.code = c.code AND q.case_id = c.case_id)"
    " GROUP BY c.dataset_id, c.code, c.call, e.gate_status, e.outcome, e.kind, e.review_state"
)
CALL_STORED = (
    "SELECT dataset_id, code, call, gate_status, outcome, kind, review_state, n"
    " FROM reviews_queuecallcount WHERE n <> 0"
)


def _normal(rows) -> set[tuple]:
    return {tuple(bool(v) if isinstance(v, bool) else v for v in row) for row in rows}


def test_assignments_and_reviews_at_once_keep_the_stored_counts_right(server):
    """Ada assigns the whole queue to Rita, to Remy and takes it back, again and again, while
    Rita and Remy save reviews with calls on the cases: every write keeps the stored counts
    (AssignmentCount, QueueCallCount) in its own transaction, so afterwards they equal the rows
    counted - however the writes interleaved."""
    case_ids = [row[0] for row in query(server, "SELECT id FROM groundgate_case ORDER BY id")]
    ours = case_ids[10:22]
    ada, rita, remy = Browser("ada"), Browser("rita"), Browser("remy")

    def assign(rounds: int) -> list[int]:
        statuses = []
        for n in range(rounds):
            status, page = ada.get("/d/team/?reservation=all")
            assert status == 200
            count = re.search(rb'id="queue-count">(\d+) case', page).group(1).decode()
            form = {"reservation": "all", "expected_count": count}
            form["reviewer"] = ("rita", "remy", "")[n % 3]
            token = Browser._token(page)
            statuses.append(ada.post("/d/team/assign", form, token)[0])
        return statuses

    def review(who: Browser, label: str, call: str) -> list[int]:
        statuses = []
        for case_id in ours:
            path = f"/d/team/cases/{case_id}/"
            status, page = who.get(path)
            assert status == 200
            found = re.findall(rb'<input type="hidden" name="(\w+)" value="([^"]*)"', page)
            form = {k.decode(): v.decode() for k, v in found}
            calls = {}
            for i in range(3):
                if f'name="call-{i}"'.encode() in page:
                    calls[f"call-{i}"] = call
                    calls[f"reason-{i}"] = "formatting" if call == "wrong" else ""
            fields = {
                "label": label,
                "seen_review_id": form["seen_review_id"],
                "gate_run_id": form["gate_run_id"],
                "force": "1",
                **calls,
            }
            statuses.append(who.post(path + "review", fields, form["csrfmiddlewaretoken"])[0])
        return statuses

    with ThreadPoolExecutor(max_workers=3) as pool:
        assigning = pool.submit(assign, 7)
        reviews = [
            pool.submit(review, rita, "grounded", "right"),
            pool.submit(review, remy, "not_grounded", "wrong"),
        ]
        assigned = assigning.result()
        assert all(status == 302 for status in assigned), assigned
        saved = [status for job in reviews for status in job.result()]
    assert set(saved) <= {302, 409} and 302 in saved  # a conflict is an answer, never a 500
    assert query(server, "SELECT count(*) FROM reviews_assignment")[0][0] > 0
    assert _normal(query(server, ASSIGNMENT_STORED)) == _normal(query(server, ASSIGNMENT_ROWS))
    calls = _normal(query(server, CALL_ROWS))
    assert calls and _normal(query(server, CALL_STORED)) == calls
