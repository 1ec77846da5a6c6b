"""The Django side of the gate families (groundgate/families): one registry that matches the
engine's, one folder per family, and each family's case page, highlights and export drawn from
it."""

from __future__ import annotations

import json
import typing
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from groundgate.engine.registry import GATES
from groundgate.families import FAMILIES, STATUS_TONE, get_family
from groundgate.models import Case, Role
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.imports import case_import_lines
from tests.engine.family_samples import PASSING, failing

ROOT = Path(__file__).resolve().parents[2]


def test_the_django_registry_names_the_engines_families():
    assert sorted(FAMILIES) == sorted(GATES)
    for kind, family in FAMILIES.items():
        assert family.kind == kind and family.spec is GATES[kind]


def test_a_family_is_one_folder():
    for kind, family in FAMILIES.items():
        assert family.folder == ROOT / "groundgate" / "families" / kind
        assert (family.folder / "__init__.py").exists()
        for partial in family.folder.glob("*.html"):
            assert partial.stem in ("summary", "evidence"), partial
            assert family.partial(partial.stem) is not None


def _status_values(kind: str) -> set[str]:
    """The statuses the engine's verdict model allows (its Literal)."""
    fields = GATES[kind].verdict_model.model_fields
    name = "validation_status" if "validation_status" in fields else "status"
    return set(typing.get_args(fields[name].annotation))


@pytest.mark.parametrize("kind", sorted(FAMILIES))
def test_the_queue_status_mapping_covers_every_status_and_agrees_with_the_gate(kind):
    family = get_family(kind)
    assert set(family.statuses) == _status_values(kind)
    spec = family.spec
    for case in (PASSING[kind], failing(kind)):
        verdict = spec.run(spec.input_model.model_validate(case), spec.default_policy)
        assert family.statuses[spec.status(verdict)] == spec.passed(verdict)


def test_statuses_are_distinct_across_families_so_a_badge_needs_no_kind():
    every = [s for f in FAMILIES.values() for s in f.statuses]
    assert len(every) == len(set(every)) == len(STATUS_TONE)


def test_each_family_names_the_chunks_its_cases_cite():
    cited = {kind: get_family(kind).cited_chunk_ids(PASSING[kind]) for kind in FAMILIES}
    assert cited["answer"] == ["c1"]
    assert cited["anchored"] == ["c1"]
    assert cited["synthesis"] == ["IPC_420_0", "MinimumWagesAct_2_1"]
    assert cited["report"] == []
    assert cited["code"] == [PASSING["code"]["sample"]["evidence_refs"][0]["symbol_id"]]
    assert list(get_family("answer").inline_chunks(PASSING["answer"])) == ["c1"]
    assert get_family("synthesis").inline_chunks(PASSING["synthesis"]) == {}


def test_an_unknown_kind_is_named_in_the_error():
    with pytest.raises(KeyError, match="unknown case kind 'poem'"):
        get_family("poem")


@pytest.mark.django_db
@pytest.mark.parametrize("kind", sorted(FAMILIES))
def test_each_familys_case_page_shows_its_text_panel_and_status_tone(kind):
    dataset, _ = dataset_get_or_create(slug=f"fam-{kind}")
    bad = failing(kind)
    assert not case_import_lines(dataset=dataset, lines=[json.dumps(bad)], kind=kind).errors
    user = get_user_model().objects.create_user("rita")
    membership_grant(dataset=dataset, user=user, role=Role.REVIEWER)
    client = Client()
    client.force_login(user)
    case = Case.objects.get(dataset=dataset)
    page = client.get(f"/d/{dataset.slug}/cases/{case.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    family = get_family(kind)
    assert f"<h2>{family.text.label}</h2>" in html
    assert 'class="status status-' in html and " rejected outcome outcome-" in html
    assert ("<h2>Evidence</h2>" in html) == (kind == "answer")
    assert ("<h2>Cited code</h2>" in html) == (kind == "code")
    queue = client.get(f"/d/{dataset.slug}/").content.decode()
    # The queue: one outcome vocabulary, coloured, the family's own status on hover.
    entry = case.queue_entry
    assert entry.outcome in ("reject", "no_evidence")
    assert f'class="outcome outcome-{entry.outcome}"' in queue
    assert f'title="gate status: {entry.gate_status}"' in queue  # the raw status on hover
