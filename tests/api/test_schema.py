"""The published OpenAPI schema: served locally, exercised by schemathesis (no server error, no
response that breaks the schema), and enough for a client that knows nothing else."""

from __future__ import annotations

import json

import jsonschema
import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, given, settings
from rest_framework.test import APIClient
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from tests.engine.family_samples import PASSING

pytestmark = pytest.mark.django_db(transaction=True)


@schemathesis.serializer("application/x-ndjson")
def _json_lines(ctx, value) -> bytes:
    """Our import endpoints take JSON lines; generated strings are sent as they are."""
    if isinstance(value, bytes):
        return value
    return value.encode() if isinstance(value, str) else json.dumps(value).encode()


OPENAPI = "application/vnd.oai.openapi+json"


@pytest.fixture
def token(team_admin) -> str:
    return team_admin._credentials["HTTP_AUTHORIZATION"]


def test_schema_and_docs_pages_are_served_locally():
    client = APIClient()
    schema = client.get("/api/schema/", HTTP_ACCEPT=OPENAPI)
    assert schema.status_code == 200
    assert json.loads(schema.content)["openapi"].startswith("3.1")
    docs = client.get("/api/docs/").content.decode()
    assert "cdn" not in docs.lower() and "/static/drf_spectacular_sidecar/" in docs
    assert "/static/drf_spectacular_sidecar/" in client.get("/api/redoc/").content.decode()


def test_no_server_error_and_no_schema_violation(token):
    """Every operation, generated inputs (valid and invalid), authenticated as an admin."""
    loaded = schemathesis.openapi.from_wsgi(
        "/api/schema/", get_wsgi_application(), headers={"Accept": OPENAPI}
    )
    operations = [result.ok() for result in loaded.get_all_operations()]
    assert len(operations) >= 20
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=8, deadline=None, database=None, suppress_health_check=list(HealthCheck)
        )
        def check(case):
            case.headers = {**(case.headers or {}), "Authorization": token}
            case.call_and_validate(checks=[not_a_server_error, response_schema_conformance])

        check()


def test_a_client_that_only_reads_the_schema(rag_system):
    """Find the gate operation and its response schema in the published document, call it,
    and validate the answer against that schema: nothing but the schema is assumed."""
    doc = json.loads(APIClient().get("/api/schema/", HTTP_ACCEPT=OPENAPI).content)
    path, operation = next(
        (p, ops["post"])
        for p, ops in doc["paths"].items()
        if "post" in ops and ops["post"]["operationId"] == "gate_answer"
    )
    parameter = next(p for p in operation["parameters"] if p["name"] == "dataset")
    assert parameter["in"] == "query"
    response = rag_system.post(
        f"{path}?dataset=team", data=json.dumps(PASSING["answer"]), content_type="application/json"
    )
    assert str(response.status_code) in operation["responses"]
    body_schema = operation["responses"][str(response.status_code)]["content"]["application/json"][
        "schema"
    ]
    validator = jsonschema.Draft202012Validator({**body_schema, "components": doc["components"]})
    validator.validate(json.loads(response.content))
