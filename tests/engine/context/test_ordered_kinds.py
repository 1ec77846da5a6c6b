"""A change within one year is in time order too (policy `change_periods: "ordered_kinds"`,
answer gate 2.45.0, d646; issue 28): under quarter or half columns of one year, or of no year,
"Revenue fell by $57 million from Q2 2023 to Q3 2023" is no Q2 - Q3 where Q3's cell is the
larger - 2.41.0 ordered two cells of one year by their months only, so a quarter-over-quarter
change passed with either sign. Small tables in English and Chinese, and the property that a
change stated against the table's direction is refused whatever the columns' printed order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.gates.answer import DEFAULT_POLICY, VERBATIM_POLICY, AnswerGatePolicy
from tests.engine.context.derivations import table_status

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
EACH_NAMED = AnswerGatePolicy(derived_numbers="accept", change_periods="each_named")
QUARTERS = (
    "(in millions)\n"
    "Q1 2023  Q2 2023  Q3 2023\n"
    "Revenue  1,210  1,345  1,402\n"
    "Operating income  210  245  262"
)
NO_YEAR = "Quarter  Q1  Q2  Q3  Q4\nRevenue  1,210  1,345  1,402  1,390"
ZH = "单位：万元\n项目  2023年第二季度  2023年第三季度\n营业收入  1,345  1,402"


def test_the_default_orders_quarters_and_the_verbatim_preset_keeps_years():
    assert DEFAULT_POLICY.change_periods == "ordered_kinds"
    assert VERBATIM_POLICY.change_periods == "years"


def test_a_fall_that_is_a_rise_is_refused():
    rose = "Revenue rose by $57 million from Q2 2023 to Q3 2023."
    fell = "Revenue fell by $57 million from Q2 2023 to Q3 2023."
    assert table_status(rose, QUARTERS) == "ok"
    assert table_status(fell, QUARTERS) != "ok"
    assert table_status(fell, QUARTERS, EACH_NAMED) == "ok"  # 2.41.0: either sign
    negative = "The change in revenue from Q2 2023 to Q3 2023 was -$57 million."
    assert table_status(negative, QUARTERS) != "ok"


def test_columns_of_no_year_and_a_real_fall():
    assert table_status("Revenue increased by 135 from Q1 to Q2.", NO_YEAR) == "ok"
    assert table_status("Revenue decreased by 135 from Q1 to Q2.", NO_YEAR) != "ok"
    assert table_status("Revenue fell by 12 from Q3 to Q4.", NO_YEAR) == "ok"
    assert table_status("Revenue rose by 12 from Q3 to Q4.", NO_YEAR) != "ok"
    # A difference named by that word alone stays a distance (difference_order, d347).
    assert table_status("The difference in revenue between Q3 and Q4 was 12.", NO_YEAR) == "ok"
    assert table_status("Total revenue of Q1 and Q2 was 2,555.", NO_YEAR) == "ok"


def test_chinese_quarters():
    assert table_status("2023年第三季度营业收入较第二季度增加57万元。", ZH) == "ok"
    assert table_status("2023年第三季度营业收入较第二季度减少57万元。", ZH) != "ok"


@settings(max_examples=30, deadline=None)
@given(
    first=st.integers(1_000, 5_000),
    step=st.integers(10, 900),
    newest_first=st.booleans(),
)
def test_a_change_against_the_tables_direction_is_refused(
    first: int, step: int, newest_first: bool
) -> None:
    later = first + step
    header, cells = ("Q3 2023  Q2 2023", f"{later:,}  {first:,}")
    if not newest_first:
        header, cells = ("Q2 2023  Q3 2023", f"{first:,}  {later:,}")
    table = f"{header}\nRevenue  {cells}\nCost of revenue  {step * 7 + 3:,}  {step * 5 + 1:,}"
    assert table_status(f"Revenue rose by {step:,} from Q2 2023 to Q3 2023.", table) == "ok"
    assert table_status(f"Revenue fell by {step:,} from Q2 2023 to Q3 2023.", table) != "ok"
