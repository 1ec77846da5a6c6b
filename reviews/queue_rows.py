"""The queue page's rows, made here as HTML (every value escaped by format_html) and printed by
the template as one block: 50 rows in the template language - a URL reversed twice per row, a
filter or a lookup per cell, ~15 variables and 4 conditions a row - were half of the page's CPU
(d325). The table's head and the empty row stay in templates/reviews/queue.html. The faceted
filters' options likewise (facet_options)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import Truncator
from django.utils.timezone import localtime

from groundgate.families import KIND_NAMES, OUTCOMES
from reviews.models import Label, QueueEntry
from reviews.reservations import Hold

QUESTION_CHARS = 90  # the question's characters shown (as truncatechars:90 did)
LABEL_NAMES = dict(Label.choices)

ROW = (
    '<tr class="{css}" data-href="{url}">'
    '<td><a href="{url}">{external_id}</a>{held}</td>'
    '<td><span title="gate family: {kind}">{kind_name}</span></td>'
    "<td>{question}</td>"
    "<td>{outcome}</td>"
    '<td class="codes">{codes}</td>'
    '<td><span class="review review-{state}">{state}</span>{count}</td>'
    "<td>{label}</td>"
    "</tr>\n"
)
HELD = ' <span class="held-by">held by {} until {}</span>'
# The outcome in words; the family's raw status (`citation_insufficient`, `PASSED`) on hover.
OUTCOME = '<span class="outcome outcome-{}" title="gate status: {}">{}</span>'
NOT_GATED = mark_safe('<span class="muted">not gated</span>')
# An imported model response (R5) or a report carries no question: say so, not a blank cell.
NO_QUESTION = mark_safe('<span class="muted">no question</span>')
LABEL = '<span title="{}">{}</span>'
EMPTY = mark_safe("")


def _question(text: str) -> str:
    if not text:
        return NO_QUESTION
    return text if len(text) <= QUESTION_CHARS else Truncator(text).chars(QUESTION_CHARS)


def _held(hold: Hold | None, user_id: int | None) -> SafeString:
    if hold is None:
        return EMPTY
    who = "you" if hold.reviewer_id == user_id else hold.reviewer_name
    return format_html(HELD, who, f"{localtime(hold.expires_at):%H:%M}")


def _outcome(entry: QueueEntry) -> SafeString:
    if not entry.outcome:
        return NOT_GATED
    name = OUTCOMES.get(entry.outcome, entry.outcome)
    return format_html(OUTCOME, entry.outcome, entry.gate_status, name)


def _label(value: str) -> SafeString:
    return format_html(LABEL, value, LABEL_NAMES.get(value, value)) if value else EMPTY


def queue_rows(
    entries: Iterable[QueueEntry],
    *,
    slug: str,
    query: str,
    holds: Mapping[int, Hold],
    user_id: int | None,
) -> SafeString:
    """The page's entries as table rows; each links to its case page with the queue's filters
    (the whole row is a link for the keyboard: data-href, static/js/queue.js)."""
    # One reverse for the page: the case URL with a stand-in id, the id put in per row.
    stand_in = reverse("reviews:case", args=[slug, 0])
    assert stand_in.endswith("/0/"), stand_in
    head, tail = stand_in[: -len("0/")], "/" + (f"?{query}" if query else "")
    rows = []
    for e in entries:
        hold = holds.get(e.case_id)
        rows.append(
            format_html(
                ROW,
                css=("passed" if e.passed else "rejected") + (" held" if hold else ""),
                url=f"{head}{e.case_id}{tail}",
                external_id=e.external_id,
                held=_held(hold, user_id),
                kind=e.kind,
                kind_name=KIND_NAMES.get(e.kind, e.kind),
                question=_question(e.question),
                outcome=_outcome(e),
                codes=e.finding_codes,
                state=e.review_state,
                count=f" ({e.review_count})" if e.review_count else "",
                label=_label(e.final_label),
            )
        )
    return mark_safe("".join(rows))  # each row is format_html's: its values are escaped


# A faceted filter's option, as the template's loop wrote it: value, "selected" or "", the name
# shown, and " (n)" when the value has a count; the kind's shows its family on hover too.
OPTION = '<option value="{}" {}>{}{}</option>'
KIND_OPTION = '<option value="{}" {} title="gate family: {}">{}{}</option>'


def facet_options(
    counts: Mapping[str, Sequence[tuple[str, int | None]]], filters: Mapping[str, str]
) -> dict[str, SafeString]:
    """Each faceted filter's <option>s (queue_facets.queue_counts: its values, each with its
    count when it has one), the chosen value selected: ~50 options written by loops of the
    template language were ~1.7-2.1 ms of every queue page's CPU, ~0.45 ms here."""
    options = {}
    for name, values in counts.items():
        chosen = filters.get(name)
        made = []
        for value, n in values:
            selected = "selected" if value == chosen else ""
            count = "" if n is None else f" ({n})"
            if name == "kind":
                shown = KIND_NAMES.get(value, value)
                made.append(format_html(KIND_OPTION, value, selected, value, shown, count))
            else:
                shown = OUTCOMES.get(value, value) if name == "outcome" else value
                made.append(format_html(OPTION, value, selected, shown, count))
        options[name] = mark_safe("".join(made))  # each option is format_html's
    return options
