"""The answer gate policy's readings of values in context since gate 2.51.0 (issue 28): fields of
AnswerGatePolicy (gates/answer_case.py), kept apart so each module stays readable. Each is a
named reading with the old one selectable; docs/policies.md has both readings of each. The
policy's hash is of its sorted fields, so where a field is declared does not move it.
"""

from __future__ import annotations

from typing import Literal

from groundgate.engine.gates.answer_derivation_readings import DerivationReadings


class ValueContextReadings(DerivationReadings):
    # A period's length (context/period_spans.py, gate 2.51.0, d694): "lengths" - "Three
    # Months Ended" and "Nine Months Ended" columns of one day, "Q4 2023" and "Full Year 2023",
    # are periods of other lengths: a value said of one is not grounded by the other's cell;
    # "off" (gate 2.50.0): columns are told apart by their days and years only;
    # "printed_heads" (gate 2.83.0, d986, context/length_parts.py, lower_heads.py) - also
    # lengths side by side one space apart ("Three Months Ended Six Months Ended") head a run
    # of columns each, and a length's header printed below another statement's rows ("52
    # Weeks Ended" over "January 28, January 29," over "2023 2022") heads the rows under it.
    period_spans: Literal["off", "lengths", "printed_heads"] = "printed_heads"
    # Another row the answer names (context/row_rivals.py, gate 2.51.0, d697, d698): "said" -
    # also a row said in full sharing more of the answer's words than the value's own, where
    # a longer row is the best named ("Europe net sales" beside "Total net sales");
    # "unqualified" - also a row whose label is the value's less words the answer does not
    # say ("Operating income (GAAP)" for "Adjusted operating income (non-GAAP)"'s cell);
    # "qualified" (gate 2.55.0, d748) - also the other way round: a row said whole that is the
    # value's own row qualified ("Adjusted operating income was $812 million" of the GAAP
    # row's 812); "parenthesised" (gate 2.58.0, d777, context/parenthesised_twins.py) - also
    # a twin named by its parenthesised words ("Non-GAAP operating income was $812 million"
    # of "Operating income (GAAP)" beside "Adjusted operating income (non-GAAP)"); "best"
    # (gate 2.50.0): only the best-named row.
    row_rivals: Literal["best", "said", "unqualified", "qualified", "parenthesised"] = (
        "parenthesised"
    )
    # An acronym said before the value (context/row_acronyms.py, gate 2.51.0, d700):
    # "initials" - "EPS" says the label words whose initials it is ("Diluted EPS" names the
    # row "Diluted earnings per share"); "off" (gate 2.50.0): an acronym names no row.
    row_acronyms: Literal["off", "initials"] = "initials"
    # A words column repeated after each period column (context/share_columns.py, gate 2.51.0,
    # d702): "period_before" - "2023  % of net sales  2022  % of net sales": a share's cell is
    # of the year before it; "off" (gate 2.50.0): such a column names no period.
    share_columns: Literal["off", "period_before"] = "period_before"
    # The evidence values a value is judged by (value_context, context/rounded_cells.py, gate
    # 2.52.0, d704): "zh_clauses" - for a value said in a Chinese clause, each that it may be:
    # a rounded value ("87.65亿元" for a 元 table's 8,765,432,100.00) by every one that rounds
    # to it alike (out of context when each is another row's, period's or column's), one whose
    # sign the answer says in words ("投资损失2,345.68万元") by those of either sign;
    # "every_candidate" (selectable): so for any value; "found" (gate 2.50.0): by those of the
    # quantity that grounded it, a rounded value not at all.
    context_candidates: Literal["found", "zh_clauses", "every_candidate"] = "zh_clauses"
    # A longer row holding a shorter one's label (value_context's row rule, context/
    # disagreement.py, gate 2.52.0, d705): "unsaid_words" - where the answer says a row's label
    # whole ("归属于上市公司股东的净利润") and the value is a cell of a row whose label holds it
    # with words the answer does not say ("归属于上市公司股东的扣除非经常性损益的净利润"), the
    # value is the longer row's; "off" (gate 2.50.0): two rows with as many words said tie.
    longer_rows: Literal["off", "unsaid_words"] = "unsaid_words"
    # Abbreviations of report labels (the row rule, context/label_words.py, gate 2.52.0,
    # d706): "zh_finance" - "扣非" names a label holding "扣除非经常性损益", "归母" one holding
    # "归属于母公司" or "归属于上市公司股东"; "off" (gate 2.50.0): only the label's own words.
    # "zh_finance_after" (gate 2.71.0, d889): as "zh_finance", and "扣非" names a label holding
    # "扣除非经常性损益后" with its 后 ("归属于上市公司股东的扣除非经常性损益后的净利润").
    label_abbreviations: Literal["off", "zh_finance", "zh_finance_after"] = "zh_finance_after"
    # A statement's note column and title date (facts.TableReading, context/note_columns.py,
    # gate 2.52.0, d707): "note_columns" - a 附注 column's reference ("七、1") is no cell nor
    # part of the label, the header's "附注" no column, and a title line's date ("2023年12月31
    # 日" over every column) gives its year to no column that names its own; "off" (gate
    # 2.50.0): the "1" is a cell, and the 2022 column is of 2023 too; "indicator_heads" (gate
    # 2.61.0, d789) - as "note_columns", and "指标" heads the label column as "项目" does
    # ("指标  本报告期  上年同期  增减（百分点）": its parts head the columns, d775 reads them).
    statement_headers: Literal["off", "note_columns", "indicator_heads"] = "indicator_heads"
    # Cells printed in parentheses (context/plain_negatives.py, gate 2.52.0, d708):
    # "parentheses_said" - a full-width "（4,667）" is negative as "(4,667)" is, and a Chinese
    # answer that states such a cell by its size with no sign word ("应收账款为4,667万元"), in a
    # row naming no negative side itself ("减：", "流出", "损失"), states a flipped sign;
    # "ascii" (gate 2.50.0): only ASCII parentheses make a cell negative, and either is
    # grounded by its size.
    negative_cells: Literal["ascii", "parentheses_said"] = "parentheses_said"
    # A figure in parentheses with spaces inside them (declarations.sign_in_words, gate
    # 2.55.0, d747): "full_width" - "（4,667 ）", a Chinese report's padded negative, gives the
    # figure's sign as "(4,667)" does (facts._negative reads such a cell negative since d708),
    # so "-4,667" is grounded by it; "spaced" (selectable) - so any parentheses, "( 4,667 )"
    # too (an English table's spaced cell grounded a wrong TAT-QA answer so: d747); "tight"
    # (gate 2.54.0, verbatim's): only a parenthesis next to the figure does.
    sign_parentheses: Literal["tight", "full_width", "spaced"] = "full_width"
    # Relative periods against year columns (value_context's period rule, context/
    # year_relative.py, gate 2.52.0, d709): "latest_year" - for a value said in a Chinese
    # clause, a cell of the table's latest year column is of 本年 (and 期末), one of the year
    # before of 上年 / 去年 (and 期初): "上年营业收入为87.65亿元" with the 2023 cell is out of
    # context; "off" (gate 2.50.0): relative periods are read against relative columns only.
    # Only with relative_periods "current_prior".
    year_relative: Literal["off", "latest_year"] = "latest_year"
    # A Chinese table's scale dropped (context/yuan_scales.py, gate 2.52.0, d710):
    # "declared_tables" - under "单位：万元", "12,345.67元" (the figure as written, said in 元)
    # and "约1.23万元" (the bare figure rescaled) said in a Chinese clause are scale slips;
    # "off" (gate 2.50.0): both ground, as "$12,345" for a table "(in thousands)" does.
    yuan_scales: Literal["off", "declared_tables"] = "declared_tables"
    # A month among naming words (context/claims.naming_words, gate 2.53.0, d714):
    # "whole_words" - a month is a whole word ("March", "Dec."), so "Markets", "margin" and
    # "decrease" name a row as other words do; "prefix" (gate 2.50.0, verbatim's): every word
    # starting as a month does is dropped.
    month_words: Literal["prefix", "whole_words"] = "whole_words"
    # Percent and percentage points of a bare cell (context/point_units.py, gate 2.58.0,
    # d775): "unit_headers" - "增长12.36个百分点" of a "增减变动幅度（%）" cell 12.36 (a row
    # naming no rate) is another column's unit, and a percent of a "(ppt)" column's cell;
    # "off" (gate 2.55.0, verbatim's): the bare cell grounds either.
    point_units: Literal["off", "unit_headers"] = "unit_headers"
    # A header line of dated parts past 100 characters (context/dated_headers.py, gate 2.58.0,
    # d778): "long_parts" - "Three Months Ended September 30, 2023  Three Months Ended
    # September 30, 2022  Nine Months Ended ..." heads its columns; "off" (gate 2.55.0,
    # verbatim's): a line of 100 characters or more heads nothing (d696).
    dated_headers: Literal["off", "long_parts"] = "long_parts"
    # A sentence read as a row (context/adjacent_periods.py, gate 2.64.0, d827): "adjacent" -
    # in a sentence naming two or more periods, a figure followed by its own period phrase
    # ("$5.2 billion in 2023 and $4.8 billion in 2022") is of that period; "off" (gate 2.63.0,
    # verbatim's): such a line's cells have no period.
    # "own_phrases" (gate 2.68.0, d855; context/phrase_periods.py): as "adjacent", and a prose
    # figure's own period phrase wins over its clause's and sentence's reading - "$1.3 billion
    # in Q2" of "In 2023, revenue was $1.1 billion in Q1, $1.3 billion in Q2" is Q2 2023's (not
    # also Q1's), "$5.2 billion, or 8% more, in 2023" 2023's, "$4.8 billion in 2022, and in
    # 2023 it was ..." 2022's; a sentence's last figures the table reader took for a row's
    # cells take the periods its prose gives them ("..., and in 2023 it was $5.2 billion.").
    sentence_periods: Literal["off", "adjacent", "own_phrases"] = "own_phrases"
    # A quarter named without its year (year_quarters.py, gate 2.68.0, d854): "sentence_year" -
    # in a sentence naming one year before it ("In 2023, revenue was $1.1 billion in Q1"), the
    # evidence offers the quarter as that year's (Q1 2023), reported with the rule date_format;
    # "off" (before gate 2.68.0, verbatim's): an answer's "Q1 2023" is in no excerpt there.
    year_quarters: Literal["off", "sentence_year"] = "sentence_year"
    # The written decimals of an amount with zero cents (written_decimals.py, context/
    # rounded_cells.py, gate 2.65.0, d831): "written_first" - "1.70亿元" is grounded at the
    # two decimals it writes where an evidence value rounds so (169,500,000.00, not 2023's
    # 165,000,000.00 at one decimal), at its padded precision (cents_zeros "scaled_padding",
    # "$8.70 billion" for 8,738 million) only where none does; and a rounded value is judged by
    # every cell that rounds to it at the precision that grounded it, so the cell in context
    # grounds it; "first_found" (gate 2.64.0, verbatim's): the padded precision first, and a
    # value so grounded is judged by the cell found alone.
    padded_decimals: Literal["first_found", "written_first"] = "written_first"
    # An amount written out whole at a scale stated nowhere (written_decimals.whole_at_no_scale,
    # gate 2.65.0, d832): "declared_scale" - "2,806,364,000" (no magnitude word) is grounded by
    # a bare 2,806,364 only where the evidence declares the scale its zeros restate ("(in
    # thousands)"); where none does, its near miss is the bare figure, a wrong scale; "any_scale"
    # (gate 2.64.0, verbatim's): also at 10^3, 10^6 or 10^9 where no scale is declared.
    whole_amounts: Literal["any_scale", "declared_scale"] = "declared_scale"
    # A period's months printed beside it (context/month_ranges.py, gate 2.71.0, d885):
    # "period_heads" - "第一季度（1-3月份）  第二季度（4-6月份） ..." heads quarter columns and
    # "本报告期（1-6月）  上年同期" relative ones, the parenthesised months (the quarter's own, or
    # from January) no value and no month; "off" (gate 2.68.1 and verbatim's): the months' range
    # was a value, so the line headed no column.
    month_ranges: Literal["off", "period_heads"] = "period_heads"
    # A segment table's label column head (context/segment_columns.py, gate 2.71.0, d886):
    # "metric_heads" - "分行业  营业收入  营业成本  毛利率（%）  营业收入比上年增减（%） ..." heads
    # its columns as "项目" does, so a cell is its metric's ("白酒营业成本为123.46亿元" of the
    # 营业收入 cell is another column's), and a rate's change column ("毛利率比上年增减（%）")
    # may print percentage points under its percent mark; "off" (gate 2.68.1 and verbatim's): the
    # line heads nothing, any cell of the row grounds any metric.
    segment_columns: Literal["off", "metric_heads"] = "metric_heads"
    # A change the evidence's prose says after its direction word (context/prose_directions.py,
    # gate 2.71.0, d887): "said_words" - "扣非归母净利润同比增长6.38%" of "较上年同期下降6.38%",
    # "Operating income increased 6.4%" of "decreased 6.4%" is out of context (another_direction,
    # as a change column's cell, d672; only with direction_cells "change_columns"); "off" (gate
    # 2.68.1, verbatim's): the unsigned figure grounds either direction.
    direction_prose: Literal["off", "said_words"] = "said_words"
    # Dates side by side one space apart in a header line (context/date_columns.py, gate
    # 2.72.0, d906): "each_date" - "July 29, 2023 July 30, 2022" (a PDF statement's header as
    # chunking version 2 keeps it, d905) heads a column per date, and "January 28, January 29,"
    # over "2023  2022" is "January 28, 2023" and "January 29, 2022"; "one_part" (gate 2.71.1,
    # verbatim's): the line is one part, a prefix of every column, so each cell is of both dates.
    date_columns: Literal["one_part", "each_date"] = "each_date"
    # A figure's period phrase as filings write it (context/claim_periods.without_lengths,
    # context/other_sides.py, gate 2.73.0): "ended_lengths" (d910) - "$473 million in the six
    # months ended July 29, 2023": the length before "ended" is the phrase's, no figure between
    # the value and its date, so the answer's value is of that date; "other_sides" (d911) - as
    # "ended_lengths", and the evidence's figure compared to another's period ("increased to
    # $10.2 billion compared to $8.6 billion in fiscal 2021") is not of that period; "off"
    # (gate 2.71.1, verbatim's): the length is a figure that leaves the value no period, and
    # the compared figure has none, so it contradicts no named period (d169).
    period_phrases: Literal["off", "ended_lengths", "other_sides"] = "other_sides"
    # A retail fiscal year named by the year it starts in (context/fiscal_years.py, gate 2.73.0,
    # d912): "declared_starts" - where the cited excerpt declares it ("fiscal 2021 (the 52 weeks
    # ended January 29, 2022)"), a column or figure of a year ending in January or February is
    # of the year before too, so "$1,059,265 thousand in fiscal 2021" of the "January 29, 2022"
    # column is no other period's; "calendar" (gate 2.76.1, verbatim's): its year is the date's;
    # "declared_names" (gate 2.78.0, the default, d945-d948; context/fiscal_names.py): a year
    # the answer names "FY"/"fiscal" is read as the case's cited excerpts declare the naming (by
    # its end: Best Buy's "fiscal 2024" ending February 3, 2024; by its start, d912), and where
    # nothing declares it over a column of a late January or early February day, by its end:
    # "Q2 of FY 2024" of the "July 29, 2023" column is no other period's; a declared start
    # year's number is offered to the number check (d947); "chunk_names" (gate 2.82.0, the
    # default, d977): as "declared_names", and a cell of a row quoted without its header that
    # took its column from its chunk (excerpt_headers "chunk_columns", d940) reads the retail
    # year end of the chunk's header, not of the header-less excerpt's; "open_names" (gate
    # 2.83.0, the default, d987): as "chunk_names", and a fiscal year nothing in the case
    # places (no declared naming, no retail year end, no paired month) is not judged against a
    # cell of a day of March to November of the year before ("Q2 of FY 2024" of Best Buy's
    # "July 29, 2023" income-statement column: fiscal 2024 may end in any month of 2024).
    fiscal_years: Literal[
        "calendar", "declared_starts", "declared_names", "chunk_names", "open_names"
    ] = "open_names"
    # An excerpt quoting a statement's rows without its header (context/chunk_headers.py, gate
    # 2.77.0, d940, d941): "chunk_columns" - where the gate located the excerpt in its chunk
    # and it is a part of it, its table cells of no column take the column (and periods) the
    # chunk's own table reading gives the same cell, so "$431,560 thousand at January 28, 2023"
    # citing "Cash and cash equivalents $ 737,877 $ 431,560" is another date's cell; and a
    # rounded value ("$431.6 million") is judged by every such cell it may be; "excerpt" (gate
    # 2.76.1, verbatim's): the excerpt is read alone, its row's cells of no period.
    excerpt_headers: Literal["excerpt", "chunk_columns"] = "chunk_columns"
    # The answer's period words of a value whose cell took its column from its chunk
    # (context/cell_periods.py, gate 2.86.0, d1011-d1013): "cell_headers" - a length ("52
    # weeks", "six months"), a day or a year that the excerpt quoting the row does not hold is
    # grounded where the header the value's cell takes (excerpt_headers "chunk_columns", d940)
    # prints it (NUMBER_CELL_HEADER): only the cell's own column, never another's; a message
    # names a column's length printed on its own header line ("Net income (52 Weeks Ended
    # January 28, 2023)"); and a period word the question states, beside the value it
    # describes found out of context for its period, gets no "restates the question" note
    # (d1012); "excerpt" (gate 2.85.0, verbatim's): every period word must be in an excerpt;
    # "section_lines" (gate 2.87.0, the default, d1039; context/section_lines.py): as
    # "cell_headers", and a section's name under a statement's dated header lines ("Operating
    # activities", "Current assets:") is no header line, so it does not push the column's
    # length or day ("52 Weeks Ended") out of the lines its columns are read from.
    period_words: Literal["excerpt", "cell_headers", "section_lines"] = "section_lines"
