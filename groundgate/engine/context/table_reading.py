"""How table headers are read (facts.TableReading): one flag or value per policy field of the
answer gate (gates/answer_reading.read_tables makes it from a policy). Moved out of facts.py
unchanged (facts.py re-exports it). Pure: no Django, no I/O.
"""

from __future__ import annotations

from typing import NamedTuple


class TableReading(NamedTuple):
    """How table headers are read (each a policy field; all False: gate 2.21.0's reading).
    `quarter_ordinals` (quarter_ordinals "columns_and_lists", gate 2.22.0): a header line of
    ordinals ("First  Second  Third  Fourth", over "Quarter  Quarter ...  Total") names
    quarter columns, and a lone year line below their rows starts the same quarters of that
    year. `year_ranges` (year_ranges "header_periods", gate 2.22.0): a range of years in a
    header line ("2021-2022", "2020 – 2024") is a column's periods, as a year is, so the line
    "(In thousands)  Total  2020  2021-2022  2023-2024  Thereafter" heads the columns.
    `header_units` (header_units "label_and_unit_lines", gate 2.25.0): a unit as the label
    column's header and a line of units only are read as header (unit_headers.py).
    `header_groups`, `standard_names`, `short_rows` (gate 2.29.0, d538-d540): words over
    runs of repeated periods head each run (table_headers.group_span), a standard's number
    ("IFRS 9") is its name's, no cell (rows.standard_names), a row as wide as its header's
    leading period columns is of them (table_headers._period_lead); `other_rows` is read by
    the answer's claims and the labels (other_rows.py), not here."""

    quarter_ordinals: bool = False
    year_ranges: bool = False
    header_units: bool = False
    year_rows: bool = False  # year_rows "transposed" (2.26.0): context/year_rows.py
    marker_cells: bool = False  # marker_cells "blank" (2.26.0): rows.marker_blanks
    # ended_headers "period_phrases" (2.28.0): "Year ended 30 June 2018" below rows starts a
    # section, "52 weeks ended 30 Mar 2019 £m" heads a column (table_headers._ENDED_WORDS).
    ended_headers: bool = False
    header_groups: bool = False  # header_groups "repeated_periods" (2.29.0): group_span
    standard_names: bool = False  # standard_names "label_words" (2.29.0): rows.standard_names
    short_rows: bool = False  # short_rows "period_columns" (2.29.0): table_headers._period_lead
    other_rows: bool = False  # other_rows "said_alone" (2.29.0): claims.says_other
    year_end: bool = False  # year_end_words "period" (2.31.0, d563): claims._YEAR_END
    # header_unit_parts "aside" (2.35.0, d595): a header line's unit statements are no part
    # of its columns (table_headers._header_words' length, unit_headers.dated_unit_parts).
    unit_parts: bool = False
    # duration_headers "columns" (2.37.0, d602): "Total  Less than 1 Year  1-3 Years ..."
    # heads the columns, each a duration (duration_headers.py).
    durations: bool = False
    # label_units "aside" (2.46.0, d670): a row label's unit statement ("营业收入（亿元）",
    # "Revenue ($ billion)") is no part of the row's name (label_units.label_name).
    label_units: bool = False
    # row_said (2.46.0, d676): "heads" - a row said by a Chinese label's head after 的;
    # "apart_or_head" - or by the words that set it apart (label_heads.said_apart).
    said_heads: bool = False
    said_apart: bool = False
    capitals: str = "off"  # capital_words (2.47.0, d679): values/capitals.py
    word_columns: bool = False  # column_naming "word_columns" (2.47.0, d681): _column
    spans: bool = False  # period_spans "lengths" (2.51.0, d694): period_spans.spans_in
    # row_rivals (2.51.0, d697): "" (best), "said", "unqualified", "qualified", "parenthesised"
    rivals: str = ""
    acronyms: bool = False  # row_acronyms "initials" (2.51.0, d700): row_acronyms.py
    share_columns: bool = False  # share_columns "period_before" (2.51.0, d702)
    # statement_headers "note_columns" (2.52.0, d707): a 附注 column's "七、1" is no cell, and
    # a title date's year no column's that names its own (note_columns.py).
    statements: bool = False
    # negative_cells "parentheses_said" (2.52.0, d708): "（4,667）" is negative as "(4,667)" is.
    wide_negatives: bool = False
    # longer_rows "unsaid_words" (2.52.0, d705): a cell of a row whose label holds a shorter
    # row's label the answer says whole, with words it does not say, is no cell of the shorter.
    longer_rows: bool = False
    # label_abbreviations "zh_finance" (2.52.0, d706): "扣非", "归母" name the labels they
    # abbreviate (label_words.py).
    abbreviations: str = ""  # "plain" (d706), "after" (zh_finance_after, 2.71.0, d889)
    # month_words "whole_words" (2.53.0, d714): claims.naming_words drops a month as a whole
    # word ("March", "Dec."), not every word starting as one does ("Markets", "margin").
    whole_months: bool = False
    # prose_facets "change_words" (2.58.0, d774): words of a change name no prose subject
    # (prose_facets.py, read by prose_bindings).
    change_words: bool = False
    count_nouns: bool = False  # prose_facets "count_nouns" (2.58.0, d780): a count's noun
    segment_heads: bool = False  # prose_facets "segment_heads" (2.60.0, d784): prose_heads.py
    respective: bool = False  # prose_facets "respective_lists" (2.61.0, d786): respective_lists
    indicators: bool = False  # statement_headers "indicator_heads" (2.61.0, d789): "指标" heads
    # point_units "unit_headers" (2.58.0, d775): a bare cell under a percent header is no
    # value in percentage points, and the other way (point_units.py, read by disagreement).
    point_units: bool = False
    # context_constants "counted" (2.58.0, d776): a one- or two-digit constant said as a count
    # ("4 stores") is judged by the context rule (counted_constants.py, read by grounding).
    counted: bool = False
    # dated_headers "long_parts" (2.58.0, d778): a header line of dated parts is read past 100
    # characters (dated_headers.py, read by table_headers._header_words).
    dated: bool = False
    # sentence_periods "adjacent" (2.64.0, d827): a sentence's figure followed by its own period
    # phrase takes that period where the line was read as a row (adjacent_periods.py, read by
    # excerpt_index._excerpt_facts).
    adjacent: bool = False
    # sentence_periods "own_phrases" (2.68.0, d855): a prose figure's own period phrase, and a
    # sentence's figures read as a row's cells are prose (phrase_periods.py, read likewise).
    phrases: bool = False
    padded_steps: bool = False  # padded_decimals "written_first" (2.65.0, d831): rounded_cells
    month_ranges: bool = False  # month_ranges "period_heads" (2.71.0, d885): month_ranges
    segments: bool = False  # segment_columns "metric_heads" (2.71.0, d886): segment_columns
    directions: bool = False  # direction_prose "said_words" (2.71.0, d887): prose_directions
    # date_columns "each_date" (2.72.0, d906): "July 29, 2023 July 30, 2022" one space apart
    # heads a column per date (date_columns.py, read by facts._text_facts).
    date_columns: bool = False
    # period_spans "printed_heads" (2.83.0, d986): a length's header printed below rows heads
    # the rows under it (lower_heads.py, read by facts._text_facts).
    lower_heads: bool = False
    period_readings: frozenset[str] = frozenset()  # answer_reading._period_readings (d910-d912)


PLAIN = TableReading()
