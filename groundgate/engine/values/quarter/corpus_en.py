"""Quarters in English: texts that must be read as a quarter (with it) and that must not."""

from groundgate.engine.values.corpus import Reads, ReadsNot
from groundgate.engine.values.quarter.kind import Quarter as Q

MUST = [
    Reads("Revenue in Q3 2024 rose", "Q3 2024", Q(2024, 3)),
    Reads("Revenue in Q3'24 rose", "Q3'24", Q(2024, 3)),
    Reads("Revenue in 3Q24 rose", "3Q24", Q(2024, 3)),
    Reads("Revenue in 4Q 2023 rose", "4Q 2023", Q(2023, 4)),
    Reads("In the third quarter of 2024 revenue rose", "third quarter of 2024", Q(2024, 3)),
    Reads("Third-quarter 2024 revenue rose", "Third-quarter 2024", Q(2024, 3)),
    Reads("the 4th quarter of 2023", "4th quarter of 2023", Q(2023, 4)),
    # A line break between the words (a PDF's line): "the third quarter of\n2023".
    Reads("a gain in the third quarter of\n2023.", "third quarter of\n2023", Q(2023, 3)),
    Reads("THIRD QUARTER 2024 RESULTS", "THIRD QUARTER 2024", Q(2024, 3)),
    # The year first, as a release's headline writes it.
    Reads("2022 Fourth-Quarter reported sales", "2022 Fourth-Quarter", Q(2022, 4)),
    Reads("2023 second quarter sales", "2023 second quarter", Q(2023, 2)),
    # A table's header: the quarter written once for the years of its columns.
    Reads("SECOND QUARTER\n2023\n2022\n* Fiscal", "SECOND QUARTER\n2023", Q(2023, 2)),
    Reads("SECOND QUARTER\n2023\n2022\n* Fiscal", "2022", Q(2022, 2)),
]

MUST_NOT = [
    ReadsNot("In the third quarter revenue rose"),  # no year: not read
    ReadsNot("See Q3 in the survey"),
    ReadsNot("the 3rd quarter"),
    ReadsNot("FAQ3 2024"),
    ReadsNot("Q5 2024"),
    ReadsNot("Revenue in Q2 FY2023 rose"),  # a fiscal quarter: its months are the company's
    ReadsNot("the second quarter of fiscal 2024"),
    ReadsNot("the second quarter of fiscal year 2022"),
    ReadsNot("in fiscal 2022 second quarter sales"),
    ReadsNot("2022 quarterly report"),
]
