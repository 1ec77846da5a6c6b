"""Dates in English: texts that must be read as a date (with the date) and that must not."""

from groundgate.engine.values.corpus import Reads, ReadsNot
from groundgate.engine.values.date.value import CalendarDate as D

MUST = [
    Reads("Filed on 2024-05-01.", "2024-05-01", D(2024, 5, 1)),
    Reads("Filed on 2024/3/5.", "2024/3/5", D(2024, 3, 5)),
    Reads("Paid 3/5/2024 by wire.", "3/5/2024", D(2024, 3, 5)),
    Reads("In August 2014 the plant opened.", "August 2014", D(2014, 8, None)),
    Reads("Due March 5, 2024.", "March 5, 2024", D(2024, 3, 5)),
    Reads("Due March 5.", "March 5", D(None, 3, 5)),
    Reads("As of Dec. 31, 2023 the balance was", "Dec. 31, 2023", D(2023, 12, 31)),
    Reads("Signed 5 March 2024.", "5 March 2024", D(2024, 3, 5)),
    Reads("Held on March 3rd, 2024.", "March 3rd, 2024", D(2024, 3, 3)),
    Reads("Held on the 3rd of March this year", "3rd of March", D(None, 3, 3)),
    Reads("dated 1st July 2022", "1st July 2022", D(2022, 7, 1)),
    Reads("Aug. 2014 results", "Aug. 2014", D(2014, 8, None)),
]

MUST_NOT = [
    ReadsNot("you may 5 times retry"),  # "may" in lower case is a verb
    ReadsNot("in June. 30 stores opened"),  # a full stop after a full month name ends a sentence
    ReadsNot("the 3rd quarter"),
    ReadsNot("the 32nd of May"),
    ReadsNot("COVID-19", nothing=True),
    ReadsNot("Form 10-K, 10-Q and 8-K; 20-F", nothing=True),
]
