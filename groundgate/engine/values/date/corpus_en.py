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
    # Month names in lower case (rules_en._lower_case_month): "may"/"march" where a date ends.
    Reads("since november 1980 the firm", "november 1980", D(1980, 11, None)),
    Reads("by june 30 the loan", "june 30", D(None, 6, 30)),
    Reads("on may 30, 2020 it", "may 30, 2020", D(2020, 5, 30)),
    Reads("it closed on may 30.", "may 30", D(None, 5, 30)),
    Reads("until march 2019.", "march 2019", D(2019, 3, None)),
    # Months in capitals, as the evidence is read under capital_words "units_months" (d679):
    # "MAY" and "MARCH" as in lower case (a month where the date ends), the others as written.
    Reads("THREE MONTHS ENDED MARCH 31, 2023", "MARCH 31, 2023", D(2023, 3, 31), "units_months"),
    Reads("YEAR ENDED MAY 31,", "MAY 31", D(None, 5, 31), "units_months"),
    Reads("AS OF DEC. 31, 2023", "DEC. 31, 2023", D(2023, 12, 31), "units_months"),
    Reads("SEPTEMBER 30,", "SEPTEMBER 30", D(None, 9, 30), "units_months"),
]

MUST_NOT = [
    ReadsNot("you may 5 times retry"),  # "may" in lower case is a verb
    ReadsNot("it may 30 percent rise"),
    ReadsNot("they march 5 miles a day"),  # and "march" a verb
    ReadsNot("in June. 30 stores opened"),  # a full stop after a full month name ends a sentence
    ReadsNot("the 3rd quarter"),
    ReadsNot("the 32nd of May"),
    ReadsNot("COVID-19", nothing=True),
    ReadsNot("Form 10-K, 10-Q and 8-K; 20-F", nothing=True),
    ReadsNot("YOU MAY 5 TIMES RETRY", capitals="units_months"),  # "MAY" a verb in capitals too
    ReadsNot("THEY MARCH 5 MILES A DAY", capitals="units_months"),
    ReadsNot("THREE MONTHS ENDED MARCH 31,", capitals="units"),  # months: "units_months" only
]
