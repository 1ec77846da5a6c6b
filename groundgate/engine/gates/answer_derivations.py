"""The derivation search of rule 5's slow path (answer_numbers._SlowPath): a value that is no
excerpt value may be the result of a calculation from cited values (derivations.explain), bound
to the rows, periods and operation the answer names (context/operands.py), an aggregate of the
named cells (context/aggregates.py, context/difference_of_averages.py), or a step of the
answer's own latest values (the chain). What is made of the excerpt values alone (their
amounts, signs, sorted pools) is kept with the evidence index's reading, once per evidence set.
Moved out of answer_numbers.py unchanged: _SlowPath takes these methods from _DerivationSearch,
whose attributes its __init__ sets. Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar, cast

from groundgate.engine.bound_ambiguity import looks_on, stated, unambiguous
from groundgate.engine.context import short_named
from groundgate.engine.context.aggregates import explain_aggregate
from groundgate.engine.context.average_ratios import explain_ratio_to_average
from groundgate.engine.context.column_aggregates import explain_column_aggregate
from groundgate.engine.context.difference_of_averages import explain_difference_of_averages
from groundgate.engine.context.footnote_operands import duration_heading, footnote_mark
from groundgate.engine.context.operand_rule import PairRule
from groundgate.engine.context.operands import OperandContext
from groundgate.engine.context.rate_changes import explain_rate_change
from groundgate.engine.context.scales import ScaleClaims
from groundgate.engine.context.section_aggregates import explain_section_aggregate
from groundgate.engine.context.unnamed_negatives import unnamed_negative
from groundgate.engine.context.year_aggregates import one_each
from groundgate.engine.context.zero_results import explain_zero, is_zero
from groundgate.engine.derivation_hits import Searched
from groundgate.engine.derivation_pairs import may_pair
from groundgate.engine.derivation_rules import pair_test
from groundgate.engine.derivations import Found, Pools, explain, operand_amounts
from groundgate.engine.evidence_values import Located
from groundgate.engine.gates.answer_bindings import _results, _strong, held, short_pools
from groundgate.engine.gates.answer_pair_test import bound_pair_test
from groundgate.engine.gates.answer_reading import operand_context, table_reading
from groundgate.engine.number_grounding import EvidenceIndex
from groundgate.engine.numbers import NumericValue, extract_numbers
from groundgate.engine.quantities import Quantity, typed
from groundgate.engine.slip_neighbours import named_subset, slipped

if TYPE_CHECKING:  # the gate's input models (answer_case.py; no cycle with answer.py)
    from groundgate.engine.gates.answer_case import AnswerGatePolicy, Evidence

_T = TypeVar("_T")


class _DerivationSearch:
    """The derivation search's methods of _SlowPath (answer_numbers.py), which sets these."""

    conclusion: str
    question: str
    policy: AnswerGatePolicy
    index: EvidenceIndex
    scales: ScaleClaims
    chain: list[Located]
    _accepted: list[tuple[int, Evidence]]
    _operands: list[tuple[Located, list[float]]] | None
    _operand_context: OperandContext | None
    _signed_operands: list[tuple[Located, list[float]]] | None
    _pools: dict[tuple[object, ...], Pools]
    _grown: dict[tuple[str, ...] | None, tuple[int, Pools]]
    # Per pools, the first operands each search found (derivation_hits.searched_hits): the pair
    # check and the bound search of one value search the same pools alike.
    _searched: dict[Pools, Searched]
    # Values refused as a slip of the named calculation (slip_neighbours): span -> its result.
    slips: dict[tuple[int, int], Found]
    # The answer's own values, typed, on first need (bound_ambiguity.stated, d808).
    _answer_values: list[Quantity] | None = None

    def _derive(
        self,
        value: NumericValue,
        q: Quantity,
        *,
        need_operation: bool = False,
        strong_only: bool = False,
    ) -> tuple[Found | None, Found | None]:
        """A derivation of the value from cited values (and the answer's earlier steps), and,
        when the policy binds derivations to context and unrelated operands give the value
        alike, that ambiguous finding instead (no derivation then)."""
        policy = self.policy
        if self._operands is None:  # the excerpt values' amounts, once per evidence set
            marks = policy.footnote_operands != "operands"
            self._operands = self._kept(
                ("amounts", policy.footnote_operands),
                lambda: [
                    (v, operand_amounts(v))
                    for v in self.index.excerpt_values
                    if not marks or not self._label_number(v)
                ],
            )
        if not self._operands and not self.chain:
            return None, None  # nothing to derive from (and no context to read)
        # The operands are the excerpt values, then the answer's latest steps: the same for
        # every value until the chain grows (and, bound to two named years, for those years),
        # so their pools are split and sorted once per such set (derivations.Pools).
        if policy.derivation_context == "off":
            key: tuple[object, ...] = ("off", len(self.chain))
            pools = self._pools.get(key)
            if pools is None:
                base = self._pools.get(("off", 0))
                if base is None:
                    operands, most = self._operands, policy.derivation_max_operands
                    base = self._pools["off", 0] = self._kept(
                        ("pools", "off", most, policy.footnote_operands),
                        lambda: Pools(operands, most),
                    )
                pools = self._pools[key] = (
                    Pools(self._chain_operands(), policy.derivation_max_operands, base)
                    if self.chain
                    else base
                )
            found = explain(
                q,
                (),
                max_operands=policy.derivation_max_operands,
                question_exponent=self.index.question_exponent,
                min_significant=policy.rounding_min_significant,
                pools=pools,
                restate=self.scales.may_restate(q.magnitude),
                lost=policy.lost_operands == "either",
                pair=pair_test(
                    policy.operand_scales == "one_scale",
                    None,
                    own_figures=policy.own_figures != "allow",
                    ones=policy.own_figures == "refuse_ones",
                ),
                full_ratios=policy.ratio_restates == "full_size",
            )
            return found, None
        if self._operand_context is None:
            self._operand_context = operand_context(
                policy, self.conclusion, self.question, self._accepted
            )
        if need_operation:
            return None, None  # (derived_in_context: the operand context only)
        span, percent = (value.start, value.end), q.unit == "%"
        restate = self.scales.may_restate(q.magnitude)
        negatives = policy.negative_operands != "positive_second"
        min_significant = policy.rounding_min_significant
        empty: frozenset[tuple[str, float, float]] = frozenset()
        if not strong_only and len(q.digits) >= min_significant:
            # No pair of the operands gives the value, whatever the binding: the bound search
            # finds nothing, and the binding is not read for it (derivation_pairs, d520).
            every = self._bound_pools(None, None)
            if len(every.seen) < policy.derivation_max_operands:
                searches = may_pair(
                    q,
                    every,
                    question_exponent=self.index.question_exponent,
                    min_significant=min_significant,
                    restate=restate,
                    negatives=negatives,
                    searched=self._searched.setdefault(every, {}),
                )
                if searches is None:
                    return self._aggregate(value, q, restate), None
                empty = searches
        binding = self._operand_context.bind(span, negative=q.negative, percent=percent)
        allow = binding.allow
        if len(q.digits) < min_significant:
            # "0.7 million": a result of one digit is derived only as the change (or the
            # average) of the named row across the two named years (short_results, d307).
            if policy.short_results == "off" or binding.short is None:
                return None, None
            if len(binding.years) != 2 and not short_named.scaled(
                policy.short_named, q.magnitude, self.scales.declared()
            ):
                return None, None  # (short_named "named_rows": context/short_named, d994)
            allow, min_significant = binding.short, 1
            if policy.zero_results == "equal_cells" and is_zero(q):
                # "0%" of a named row's two cells printed alike (context/zero_results, d915)
                keep = binding.keep
                zeros = self._bound_pools(binding.years if keep is not None else None, keep)
                cells = short_pools(
                    zeros, binding.short, self._pools, policy.derivation_max_operands
                )
                return explain_zero(q, cells.seen, binding.short), None  # (d970)
        if strong_only:
            # Only the calculation the answer names: every operand whose row is known in a row
            # the answer names (allow's 2), none that merely may be.
            if allow is None:
                return None, None
            allow = _strong(allow)
        years = binding.years if binding.keep is not None else None
        pools = self._bound_pools(years, binding.keep)
        # What the binding refuses whole is not searched (answer_bindings.held, d970, d971).
        searched_pools, skipped = held(
            q,
            pools,
            allow,
            empty,
            self._pools,
            question_exponent=self.index.question_exponent,
            restate=restate,
            max_operands=policy.derivation_max_operands,
        )
        # (d750-d756, d890, d951; made past the returns above, d983)
        pair = bound_pair_test(policy, self._operand_context)
        # Under derived accept a short value that unrelated pairs give alike is ambiguous even
        # where the answer binds its operands (bound_ambiguity, d808).
        short_ambiguity = (
            binding.bound
            and policy.slip_neighbours == "question_pairs_ambiguous"
            and policy.derived_numbers == "accept"
            and looks_on(q)
        )
        searched_allow = allow  # an average or a total of two named years: one each (d998)
        if policy.year_aggregates == "one_each" and allow is not None:
            searched_allow = one_each(allow, self._operand_context.sentence_at(span)[1])
        found = explain(
            q,
            (),
            max_operands=policy.derivation_max_operands,
            question_exponent=self.index.question_exponent,
            min_significant=min_significant,
            pools=searched_pools,
            allow=searched_allow,
            signed=True,
            down=binding.down,
            # Unrelated derivations of one value are a coincidence only where the answer names
            # nothing to bind operands to: on a page of 200 figures a share with two
            # significant digits has several (FinanceBench: 154 right answers refused).
            ambiguity=not binding.bound or short_ambiguity,
            restate=restate,
            negatives=negatives,
            both_negative=policy.negative_operands == "any",
            results=_results(binding.results, policy),
            empty=skipped,
            searched=self._searched.setdefault(searched_pools, {}),
            lost=policy.lost_operands == "either",
            pair=pair,
            full_ratios=policy.ratio_restates == "full_size",
        )
        if found is not None and found.ambiguous is not None:
            if not short_ambiguity or not stated(found, self._stated_values()):
                return None, found
            found = unambiguous(found)  # the answer states the first pair's operands
        context = self._operand_context
        if (
            found is not None
            and policy.unnamed_negatives == "named_operation"
            and unnamed_negative(
                q, found, context.operations(span), context.sentence_at(span)[1], self.question
            )
        ):
            found = None  # a negative value no named operation orders: a flipped sign (d846)
        if (
            found is not None
            and allow is not None
            and policy.slip_neighbours != "off"
            and policy.derived_numbers == "accept"  # (a finding's status is the same either way)
        ):
            # A pair that merely may be, where one edit of the value is the named calculation's
            # result: the value slips that calculation (slip_neighbours, d682).
            named = _strong(allow)
            rule = getattr(allow, "__self__", None)
            named_pools = pools
            if isinstance(rule, PairRule) and self._operand_context is not None:
                # (allow's 2 is _allow's 2: the words test runs only for a 1)
                named = _strong(rule._allow)
                # Only operands in a named row or of no known row can make a named pair
                # (PairRule._allow's 2): the same pairs found, among fewer operands.
                named_pools = named_subset(pools, rule.maybe_named, policy.derivation_max_operands)
                if not any(rule.maybe_named(o, True) for o in named_pools.seen):
                    return found, None  # no operand in a named row: no named pair at all

            def strong(n: Quantity) -> Found | None:
                return explain(
                    n,
                    (),
                    max_operands=policy.derivation_max_operands,
                    question_exponent=self.index.question_exponent,
                    min_significant=min_significant,
                    pools=named_pools,
                    allow=named,
                    signed=True,
                    down=binding.down,
                    restate=restate,
                    negatives=negatives,
                    both_negative=policy.negative_operands == "any",
                    searched=self._searched.setdefault(named_pools, {}),
                    lost=policy.lost_operands == "either",
                    pair=pair,
                    full_ratios=policy.ratio_restates == "full_size",
                )

            # (the binding's allow is its rule's method; the rule says which pairs only the
            # question speaks of)
            question_pairs = policy.slip_neighbours.startswith("question_pairs")
            only = (
                getattr(getattr(allow, "__self__", None), "question_only", None)
                if question_pairs
                else None
            )
            if question_pairs and only is None:
                return found, None
            slip = slipped(q, found, allow, strong, only)
            if slip is not None:
                if policy.slip_neighbours in (
                    "question_pairs_aggregates",
                    "question_pairs_ambiguous",
                ):
                    # The named aggregate that gives the value itself is its calculation, not
                    # the neighbour's pair ("1.21" = 1,000 / ((818 + 829) / 2), not a slip of
                    # 829 / 818 ≈ 1.01; d739).
                    own = self._aggregate(value, q, restate)
                    if own is not None:
                        return own, None
                self.slips[span] = slip
                return None, None
        return (found if found is not None else self._aggregate(value, q, restate)), None

    def _stated_values(self) -> list[Quantity]:
        """The answer's own values, typed (once per answer)."""
        if self._answer_values is None:
            self._answer_values = [typed(v) for v in extract_numbers(self.conclusion)]
        return self._answer_values

    def _bound_pools(
        self, years: tuple[str, ...] | None, keep: Callable[[Located], bool] | None
    ) -> Pools:
        """The pools of the signed excerpt values (those `keep` holds to the named `years`, or
        all: None) and the answer's latest steps."""
        policy = self.policy
        if self._signed_operands is None:
            context, unsigned = self._operand_context, self._operands
            assert context is not None and unsigned is not None  # (_derive built them)
            self._signed_operands = self._kept(
                ("signed", policy.footnote_operands), lambda: context.signed_operands(unsigned)
            )
        key = (years, len(self.chain))
        pools = self._pools.get(key)
        if pools is None:
            # The excerpt values' pools once per set of named years; the answer's steps are
            # merged into them (derivations.Pools(..., base)), not sorted in again.
            base = self._pools.get((years, 0))
            if base is None:
                signed_operands, most = self._signed_operands, policy.derivation_max_operands

                def pools_of_years() -> Pools:
                    operands = signed_operands
                    if keep is not None:
                        operands = [o for o in operands if keep(o[0])]
                    return Pools(operands, most)

                # (keep holds cells to the named years: the same test for the same years and
                # the same reading of the tables' headers, which gives the cells their years)
                base = self._pools[years, 0] = self._kept(
                    ("pools", years, most, table_reading(policy), policy.footnote_operands),
                    pools_of_years,
                )
            pools = base
            if self.chain:
                n = len(self.chain)
                since, grown = self._grown.get(years, (0, base))
                if n > _CHAIN or since > n:
                    # The window of the latest steps moved: all of its steps again.
                    since, grown = max(0, n - _CHAIN), base
                # The steps since the pools last built for these years, merged into those:
                # Pools(b, max, Pools(a, max, base)) is Pools(a + b, max, base) - the same
                # operands in the same order, sorted alike (each (value, index) is unique).
                steps = [(c, operand_amounts(c)) for c in self.chain[since:n]]
                if keep is not None:
                    steps = [o for o in steps if keep(o[0])]
                pools = Pools(steps, policy.derivation_max_operands, grown)
                self._grown[years] = (n, pools)
            self._pools[key] = pools
        return pools

    def _aggregate(self, value: NumericValue, q: Quantity, restate: bool) -> Found | None:
        """An average or a total of the named cells that gives the value (the policy's
        derivation_aggregates), once the pair search has found none."""
        policy, context = self.policy, self._operand_context
        operands = self._signed_operands
        if context is None or operands is None or policy.derivation_aggregates == "off":
            return None
        found = explain_aggregate(
            q,
            context,
            (value.start, value.end),
            operands,
            question_exponent=self.index.question_exponent,
            min_significant=policy.rounding_min_significant,
            restate=restate,
            shares=policy.derivation_aggregates
            in ("named_rows_periods_shares", "named_rows_periods_differences"),
            repeated=policy.derivation_aggregates == "named_rows_periods_differences",
            percent_pairs=policy.percent_aggregates == "shares",
            sizes=policy.aggregate_signs == "sizes_alike",
        )
        if found is None and policy.derivation_aggregates == "named_rows_periods_differences":
            found = explain_difference_of_averages(
                q,
                context,
                (value.start, value.end),
                operands,
                question_exponent=self.index.question_exponent,
                min_significant=policy.rounding_min_significant,
                restate=restate,
            )
        if found is None and policy.column_aggregates == "named_columns":
            found = explain_column_aggregate(
                q,
                context,
                (value.start, value.end),
                operands,
                question_exponent=self.index.question_exponent,
                min_significant=policy.rounding_min_significant,
                restate=restate,
                sizes=policy.aggregate_signs == "sizes_alike",
            )
        if found is None and policy.section_aggregates == "named_sections":
            found = explain_section_aggregate(
                q,
                context,
                (value.start, value.end),
                operands,
                question_exponent=self.index.question_exponent,
                min_significant=policy.rounding_min_significant,
                restate=restate,
                sizes=policy.aggregate_signs == "sizes_alike",
            )
        if found is None and policy.rate_changes != "off":
            found = explain_rate_change(
                q,
                context,
                (value.start, value.end),
                operands,
                min_significant=policy.rounding_min_significant,
                columns=policy.rate_changes == "rate_rows_columns",
            )
        if found is None and policy.average_ratios == "named_rows":
            found = explain_ratio_to_average(
                q,
                context,
                (value.start, value.end),
                operands,
                question=self.question,
                min_significant=policy.rounding_min_significant,
            )
        return found

    def _kept(self, key: tuple[object, ...], make: Callable[[], _T]) -> _T:
        """What the derivation search makes of the excerpt values alone (their amounts, signs,
        sorted pools): kept with the evidence index's reading, which the cases citing the same
        texts share (evidence_values._Reading), so it is made once per evidence set."""
        self.index.excerpt_values  # noqa: B018 (the reading, built on first need)
        reading = self.index.reading
        if reading is None:
            return make()
        found = reading.derived.get(key)
        if found is None:
            found = reading.derived[key] = make()
        return cast(_T, found)

    def _label_number(self, located: Located) -> bool:
        """Whether a cited value is a footnote mark (or a duration column's heading), no
        operand (footnote_operands, d920)."""
        span, index = located.span, located.evidence_index
        if span is None or index is None:
            return False
        excerpt = next((e.excerpt for i, e in self._accepted if i == index), None)
        if excerpt is None:
            return False
        return footnote_mark(excerpt, *span) or (
            self.policy.footnote_operands == "marks_durations" and duration_heading(excerpt, *span)
        )

    def _chain_operands(self) -> list[tuple[Located, list[float]]]:
        return [(c, operand_amounts(c)) for c in self.chain[-_CHAIN:]]


# How many of the answer's own latest values a derivation may use.
_CHAIN = 50
