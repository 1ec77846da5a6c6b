"""Every URL of the web and the API, for every actor: who gets in, who is told 404, who 403, and
that web and API agree on it (house rule 7; the rules are in groundgate/access).

The dataset needs two independent reviews per case. Rita has reviewed case A; Sam is the second
reviewer, before and after his own review; Ada administers the dataset; Otto is a member of no
dataset; Stan is a Django staff superuser who is not a member (staff gives no dataset access).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from groundgate.models import Case, Dataset, Role
from groundgate.services.datasets import membership_grant
from groundgate.services.ingestion import document_ingest
from groundgate.services.webhooks import webhook_create
from reviews.models import Relabel
from reviews.services import review_submit
from tests.conftest import ROOT

pytestmark = pytest.mark.django_db

# A real three-page PDF (the demo's, checked in): every route needs a document with pages and
# chunks, not a long one, and a short one is ingested and rendered in a fraction of the time.
PDF = ROOT / "fixtures" / "demo" / "demo-documents.pdf"

# What a response means for access. Validation errors (400, 415) mean the request got past the
# access check, so they count as "in".
IN, LOGIN, HIDDEN, FORBIDDEN = "in", "login", "hidden (404)", "forbidden (403)"


def verdict(response) -> str:
    code = response.status_code
    assert code < 500, f"{code}: {getattr(response, 'content', b'')[:300]!r}"
    if code == 401 or (code == 302 and response.url.startswith("/login/")):
        return LOGIN
    if code == 404:
        return HIDDEN
    if code == 403:
        return FORBIDDEN
    return IN


@dataclass
class Actor:
    name: str
    web: Client
    api: APIClient
    user: object | None


@dataclass
class World:
    dataset: Dataset
    case_a: Case  # reviewed by Rita
    case_b: Case  # reviewed by nobody
    document_id: int
    rita: object  # a reviewer who has reviewed case A
    webhook_id: int


@pytest.fixture
def world(demo_cases) -> World:
    demo_dataset = demo_cases("demo-en-01", "demo-en-02")
    Dataset.objects.filter(pk=demo_dataset.pk).update(reviews_required=2)
    demo_dataset.refresh_from_db()
    cases = list(Case.objects.filter(dataset=demo_dataset).order_by("id")[:2])
    document = document_ingest(dataset=demo_dataset, data=PDF.read_bytes(), filename=PDF.name)
    assert document.status == "ready"
    rita = get_user_model().objects.create_user("rita")
    membership_grant(dataset=demo_dataset, user=rita, role=Role.REVIEWER)
    review_submit(case=cases[0], reviewer=rita, label="grounded")
    # Nothing listens on port 9: a delivery (never made here: no commit) would be refused.
    hook = webhook_create(dataset=demo_dataset, url="http://127.0.0.1:9/x", events=["review"])
    return World(demo_dataset, cases[0], cases[1], document.document.pk, rita, hook.pk)


def _user(username: str, world: World, role: str | None, **flags):
    user = get_user_model().objects.create_user(username, **flags)
    if role is not None:
        membership_grant(dataset=world.dataset, user=user, role=role)
    return user


def _actor(name: str, user) -> Actor:
    web, api = Client(), APIClient()
    if user is not None:
        web.force_login(user)
        api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return Actor(name, web, api, user)


ACTORS = [
    "anonymous",
    "otto_outsider",
    "stan_staff_non_member",
    "rita_reviewer",
    "sam_second_reviewer_before_his_review",
    "sam_second_reviewer_after_his_review",
    "ada_admin",
]


def make_actor(name: str, world: World) -> Actor:
    if name == "anonymous":
        return _actor(name, None)
    if name == "otto_outsider":
        return _actor(name, _user("otto", world, None))
    if name == "stan_staff_non_member":
        return _actor(name, _user("stan", world, None, is_staff=True, is_superuser=True))
    if name == "rita_reviewer":
        return _actor(name, world.rita)
    if name.startswith("sam_"):
        sam = _user("sam", world, Role.REVIEWER)
        if name.endswith("after_his_review"):
            review_submit(case=world.case_a, reviewer=sam, label="not_grounded")
        return _actor(name, sam)
    assert name == "ada_admin"
    return _actor(name, _user("ada", world, Role.ADMIN))


# What each kind of endpoint lets each actor do.
MEMBERS = {"rita_reviewer", "sam_second_reviewer_before_his_review"}
MEMBERS |= {"sam_second_reviewer_after_his_review", "ada_admin"}


def expected(actor: str, needs: str) -> str:
    """needs: "login" (any logged-in user), "member", or "admin" (of the dataset)."""
    if actor == "anonymous":
        return LOGIN
    if needs == "login":
        return IN
    if actor not in MEMBERS:
        return HIDDEN
    if needs == "admin" and actor != "ada_admin":
        return FORBIDDEN
    return IN


def web_requests(w: World) -> list[tuple[str, str, str, str, dict]]:
    """(resource, needs, method, url, data) for every page and form of the web UI."""
    d, a, b = "/d/demo", w.case_a.pk, w.case_b.pk
    relabel = {"to_label": "grounded", "reason": "checked against the source"}
    return [
        ("dataset list", "login", "get", "/", {}),
        ("dataset", "member", "get", f"{d}/", {}),
        ("dashboard", "member", "get", f"{d}/dashboard", {}),
        ("case", "member", "get", f"{d}/cases/{a}/", {}),
        ("annotated pdf", "member", "get", f"{d}/cases/{a}/annotated.pdf", {}),
        ("page image", "member", "get", f"{d}/documents/{w.document_id}/pages/0.png", {}),
        ("review", "member", "post", f"{d}/cases/{b}/review", {"label": "grounded"}),
        ("relabel", "admin", "post", f"{d}/cases/{b}/relabel", relabel),
        ("bulk relabel", "admin", "post", f"{d}/relabel", relabel | {"expected_count": "-1"}),
        ("import page", "admin", "get", f"{d}/import", {}),
        ("trace import", "admin", "post", f"{d}/import/traces", {"format": "otlp"}),
    ]


def api_requests(w: World) -> list[tuple[str, str, str, str, dict]]:
    """(resource, needs, method, url, kwargs) for every endpoint of the API."""
    d, a, doc = "/api/v1/datasets/demo", w.case_a.pk, w.document_id
    ndjson = {"data": b"", "content_type": "application/x-ndjson"}
    question = {"data": {"question": "How often is the valve inspected?", "dataset": "demo"}}
    return [
        ("dataset list", "login", "get", "/api/v1/datasets/", {}),
        ("dataset", "member", "get", f"{d}/", {}),
        ("documents", "member", "get", f"{d}/documents/", {}),
        ("page image", "member", "get", f"{d}/documents/{doc}/", {}),
        ("chunks", "member", "get", f"{d}/chunks/", {}),
        ("cases", "member", "get", f"{d}/cases/", {}),
        ("case", "member", "get", f"{d}/cases/{a}/", {}),
        ("gate runs", "member", "get", f"{d}/cases/{a}/gate-runs/", {}),
        ("reviews", "member", "get", f"{d}/cases/{a}/reviews/", {}),
        ("gate", "member", "post", "/api/v1/gate/answer?dataset=demo", {"data": {}}),
        ("gate batch", "member", "post", "/api/v1/gate/answer/batch?dataset=demo", {"data": {}}),
        ("answer", "member", "post", "/api/v1/answer", question),
        ("upload", "admin", "post", f"{d}/documents/upload", {"data": {"file": "x"}}),
        ("chunk import", "admin", "post", f"{d}/documents/{doc}/chunks/import", ndjson),
        ("case import", "admin", "post", f"{d}/cases/import", ndjson),
        ("trace import", "admin", "post", f"{d}/traces/import?format=otlp", ndjson),
        ("export", "admin", "get", f"{d}/export", {}),
        ("webhooks", "admin", "get", f"{d}/webhooks/", {}),
        ("webhook create", "admin", "post", f"{d}/webhooks/", {"data": {}}),
        ("webhook", "admin", "get", f"{d}/webhooks/{w.webhook_id}/", {}),
        ("webhook log", "admin", "get", f"{d}/webhooks/{w.webhook_id}/attempts/", {}),
        ("webhook test", "admin", "post", f"{d}/webhooks/{w.webhook_id}/test", {"data": {}}),
    ]  # fmt: skip


def _web(actor: Actor, method: str, url: str, data: dict):
    return getattr(actor.web, method)(url, data) if method == "post" else actor.web.get(url)


def _api(actor: Actor, method: str, url: str, kwargs: dict):
    if method == "get":
        return actor.api.get(url)
    kwargs = dict(kwargs)
    if "content_type" not in kwargs:
        kwargs["format"] = "multipart" if "upload" in url else "json"
    return actor.api.post(url, **kwargs)


@pytest.mark.parametrize("name", ACTORS)
def test_every_web_page_and_form_answers_each_actor_as_the_rules_say(name, world):
    actor = make_actor(name, world)
    got, want = {}, {}
    for resource, needs, method, url, data in web_requests(world):
        got[f"{resource}: {method} {url}"] = verdict(_web(actor, method, url, data))
        want[f"{resource}: {method} {url}"] = expected(name, needs)
    assert got == want
    # Nothing a refused request asked for was written.
    relabelled = Relabel.objects.filter(case=world.case_b).exists()
    assert relabelled == (name == "ada_admin")


@pytest.mark.parametrize("name", ACTORS)
def test_every_api_endpoint_answers_each_actor_as_the_rules_say(name, world):
    actor = make_actor(name, world)
    got, want = {}, {}
    for resource, needs, method, url, kwargs in api_requests(world):
        got[f"{resource}: {method} {url}"] = verdict(_api(actor, method, url, kwargs))
        want[f"{resource}: {method} {url}"] = expected(name, needs)
    assert got == want


@pytest.mark.parametrize("name", ACTORS)
def test_web_and_api_agree_on_every_resource_they_share(name, world):
    actor = make_actor(name, world)
    web = {r: verdict(_web(actor, m, u, d)) for r, _, m, u, d in web_requests(world) if m == "get"}
    api = {r: verdict(_api(actor, m, u, k)) for r, _, m, u, k in api_requests(world) if m == "get"}
    shared = sorted(set(web) & set(api))
    assert shared == ["case", "dataset", "dataset list", "page image"]
    assert {r: web[r] for r in shared} == {r: api[r] for r in shared}


def _slugs_on_the_web(actor: Actor) -> list[str]:
    return [d.slug for d in actor.web.get("/").context["datasets"]]


@pytest.mark.parametrize("name", [a for a in ACTORS if a != "anonymous"])
def test_web_and_api_list_the_same_datasets(name, world):
    actor = make_actor(name, world)
    api = [d["slug"] for d in actor.api.get("/api/v1/datasets/").data["results"]]
    assert _slugs_on_the_web(actor) == api == (["demo"] if name in MEMBERS else [])


# Whose reviews of case A each member sees (Rita reviewed it; Sam too, after his review).
SEES = {
    "rita_reviewer": {"rita"},  # she reviewed: she may see others' (there are none yet)
    "sam_second_reviewer_before_his_review": set(),  # independent: Rita's stays hidden
    "sam_second_reviewer_after_his_review": {"rita", "sam"},
    "ada_admin": {"rita"},  # admins adjudicate, so they see every review
}


@pytest.mark.parametrize("name", sorted(SEES))
def test_web_and_api_show_the_same_reviews_of_a_double_reviewed_case(name, world):
    actor = make_actor(name, world)
    page = actor.web.get(f"/d/demo/cases/{world.case_a.pk}/")
    on_web = {r.reviewer.username for r in page.context["reviews"]}
    on_api = {
        r["reviewer"]
        for r in actor.api.get(f"/api/v1/datasets/demo/cases/{world.case_a.pk}/reviews/").data[
            "results"
        ]
    }
    assert on_web == on_api == SEES[name]
    hidden = page.context["hidden_reviews"]
    assert hidden == (1 if name == "sam_second_reviewer_before_his_review" else 0)
    if hidden:
        assert b"rita" not in page.content.split(b"<main")[1]


def test_stan_the_staff_superuser_cannot_relabel_through_the_admin_without_membership(world):
    stan = make_actor("stan_staff_non_member", world)
    form = {
        "action": "relabel_cases",
        "_selected_action": [world.case_b.pk],
        "apply": "1",
        "to_label": "grounded",
        "reason": "looked fine",
    }
    response = stan.web.post("/admin/groundgate/case/", form, follow=True)
    assert b"Not relabelled: not a member of this dataset" in response.content
    assert not Relabel.objects.exists()
    ada = make_actor("ada_admin", world)
    get_user_model().objects.filter(pk=ada.user.pk).update(is_staff=True, is_superuser=True)
    response = ada.web.post("/admin/groundgate/case/", form, follow=True)
    assert b"Relabelled 1 case." in response.content
    assert Relabel.objects.get().case == world.case_b


def test_the_admin_site_shows_webhooks_only_to_admins_of_their_dataset(world):
    stan = make_actor("stan_staff_non_member", world)
    listed = stan.web.get("/admin/groundgate/webhook/")
    assert listed.status_code == 200
    assert b"127.0.0.1:9" not in listed.content
    assert stan.web.get(f"/admin/groundgate/webhook/{world.webhook_id}/change/").status_code in (
        302,
        404,
    )
