"""Importing cases: bad lines reported and skipped, idempotent re-import, no overwrite."""

from __future__ import annotations

import json

import pytest

from groundgate.engine.canonical import canonical_json
from groundgate.engine.registry import get_gate
from groundgate.models import Case, GateRun
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.imports import case_import_lines
from tests.conftest import DEMO_CASES

pytestmark = pytest.mark.django_db


def line(case_id: str, conclusion: str = "Every 90 days.") -> str:
    return json.dumps(
        {
            "case_id": case_id,
            "question": "How often?",
            "raw_chunks": [{"chunk_id": "c1", "text": "Inspect every 90 days."}],
            "answer": {
                "conclusion": conclusion,
                "evidences": [{"chunk_id": "c1", "excerpt": "every 90 days"}],
            },
        }
    )


def test_demo_import_stores_and_gates_every_case(demo_dataset):
    total = len(DEMO_CASES.read_text(encoding="utf-8").splitlines())
    assert Case.objects.filter(dataset=demo_dataset).count() == total
    assert GateRun.objects.filter(case__dataset=demo_dataset).count() == total
    run = GateRun.objects.get(case__external_id="demo-zh-11")
    assert run.status == "citation_insufficient"
    assert run.finding_codes == " UNGROUNDED_NUMBER "
    assert json.loads(run.verdict)["findings"][0]["value"] == "2024年5月1日"
    assert run.policy.body["policy_version"] == run.policy.policy_version


def test_reimport_is_a_no_op(demo_dataset):
    with DEMO_CASES.open("rb") as fh:
        report = case_import_lines(dataset=demo_dataset, lines=fh)
    assert report.imported == 0
    assert report.unchanged == Case.objects.filter(dataset=demo_dataset).count()
    assert report.errors == []


def test_bad_lines_are_reported_by_number_and_the_rest_imported():
    dataset, _ = dataset_get_or_create(slug="imports")
    lines = [
        line("a"),
        "{broken",
        "",
        json.dumps({"case_id": "b", "answer": {"evidences": 3}}),
        line("c"),
    ]
    report = case_import_lines(dataset=dataset, lines=lines)
    assert report.imported == 2
    assert [(e.line, e.fields) for e in report.errors] == [
        (2, ("(root)",)),
        (4, ("answer.evidences",)),
    ]
    assert set(Case.objects.values_list("external_id", flat=True)) == {"a", "c"}


def test_same_id_with_other_content_is_a_conflict_and_never_overwrites():
    dataset, _ = dataset_get_or_create(slug="conflicts")
    case_import_lines(dataset=dataset, lines=[line("a")])
    report = case_import_lines(dataset=dataset, lines=[line("a", "Every 9 days.")])
    assert report.imported == 0
    (error,) = report.errors
    assert error.line == 1 and "different content" in error.message
    case = Case.objects.get(dataset=dataset, external_id="a")
    assert case.payload["answer"]["conclusion"] == "Every 90 days."


def test_conflict_within_one_file():
    dataset, _ = dataset_get_or_create(slug="dupes")
    report = case_import_lines(dataset=dataset, lines=[line("a"), line("a"), line("a", "x 1")])
    assert (report.imported, report.unchanged) == (1, 1)
    assert [e.line for e in report.errors] == [3]


def test_small_batches_give_the_same_result():
    dataset, _ = dataset_get_or_create(slug="batches")
    lines = [line(f"case-{i}") for i in range(7)]
    report = case_import_lines(dataset=dataset, lines=lines, batch_size=2)
    assert report.imported == 7
    assert report.by_status == {"ok": 7}
    # Each stored verdict is the engine's canonical JSON of the verdict, byte for byte.
    spec = get_gate("answer")
    for run in GateRun.objects.filter(case__dataset=dataset).select_related("case"):
        verdict = spec.run(spec.input_model.model_validate(run.case.payload), spec.default_policy)
        assert run.verdict == canonical_json(verdict)


def test_a_failing_batch_leaves_nothing_half_written(monkeypatch):
    """If writing the queue rows fails (the batch's last step, after its cases and gate runs
    went in), the batch's cases and runs are rolled back with them."""
    dataset, _ = dataset_get_or_create(slug="atomic")

    def explode(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr("reviews.queue.queue_add_new", explode)
    with pytest.raises(RuntimeError):
        case_import_lines(dataset=dataset, lines=[line("a"), line("b")])
    assert not Case.objects.filter(dataset=dataset).exists()
    assert not GateRun.objects.filter(case__dataset=dataset).exists()


def test_a_nul_character_is_refused_naming_where_and_a_written_backslash_u_is_not():
    dataset, _ = dataset_get_or_create(slug="nul")
    in_value = line("a", "Every 90 days.\u0000")  # json.dumps writes the escape \u0000
    in_key = line("b").replace('"question"', '"x\\u0000": 1, "question"')
    # The six characters \u0000 written out (an escaped backslash): text, not a NUL.
    written = line("c", "Every 90 days, see \\u0000.")
    report = case_import_lines(dataset=dataset, lines=[in_value, in_key, written])
    assert [(e.line, e.fields) for e in report.errors] == [
        (1, ("answer.conclusion",)),
        (2, ("x\\u0000",)),
    ]
    assert all("NUL" in e.message for e in report.errors)
    stored = Case.objects.get(dataset=dataset, external_id="c")
    assert stored.payload["answer"]["conclusion"] == "Every 90 days, see \\u0000."


def test_a_number_past_the_double_range_in_an_ignored_key_is_a_bad_line_naming_it():
    # 1e400 parses as Infinity, which canonical JSON (the stored payload's hash) refuses: the
    # line is reported with the key, the other lines are imported, nothing is half written.
    dataset, _ = dataset_get_or_create(slug="inf")
    huge = line("a")[:-1] + ', "extra": {"score": [1, 1e400]}}'
    report = case_import_lines(dataset=dataset, lines=[huge, line("b")])
    assert [(e.line, e.fields) for e in report.errors] == [(1, ("extra.score[1]",))]
    assert "Infinity" in report.errors[0].message
    assert list(Case.objects.filter(dataset=dataset).values_list("external_id", flat=True)) == ["b"]


@pytest.mark.parametrize(
    "number",
    # (An integer of 400 digits is not among them: JSON keeps it an exact integer, imported.)
    ["1E400", "-1e+400", "1.5e400", " 1e400 ", "1" + "0" * 400 + ".5"],
)
def test_every_spelling_of_a_number_past_the_double_range_is_a_bad_line(number):
    # The digest skips its NaN/Infinity walk only for a payload orjson parsed (which refuses
    # these): each spelling here must still take the walk and be refused.
    dataset, _ = dataset_get_or_create(slug="inf-spellings")
    huge = line("a")[:-1] + f', "extra": {{"score": [1,{number}]}}}}'
    report = case_import_lines(dataset=dataset, lines=[huge, line("b")])
    assert [(e.line, e.fields) for e in report.errors] == [(1, ("extra.score[1]",))]
    assert "Infinity" in report.errors[0].message
    assert list(Case.objects.filter(dataset=dataset).values_list("external_id", flat=True)) == ["b"]
