"""Retail fiscal years named by the year they start in (policy fiscal_years "declared_starts",
gate 2.73.0, d912; issue 28, d903 item 4).

A 52/53-week retail year ends late in January or early in February, and some companies name it
by the year it starts in (Ulta Beauty: "fiscal 2021" = the 52 weeks ended January 29, 2022),
others by the year it ends in (Best Buy: "fiscal 2024" ends February 3, 2024), and the calendar
reading stays right for the rest (a fiscal year ended December 31, 2021 is fiscal 2021). So the
year before is read only where the text declares the naming: a sentence pairs "fiscal N" (or
"fiscal year N") with a January or February day of N+1 by "ended"/"ending" or a parenthesis -
"fiscal 2021 (the 52 weeks ended January 29, 2022)", "fiscal 2022 ended January 28, 2023", "the
52 weeks ended January 29, 2022 ("fiscal 2021")". Then a value of that text whose periods are
a January or February day of year Y (a column "January 29, 2022", "52 Weeks Ended January 28,
2023") is also of fiscal Y-1: the answer's "fiscal 2021" of the "January 29, 2022" column is no
other period's (the year of the date stays: an answer naming the year it ends in, "FY2022", as
FinanceBench's questions do, is not refused either). English words only. Pure: no Django, no
I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.text_memo import text_memo

_MONTH = r"(?:jan(?:uary)?|feb(?:ruary)?)\.?"
_DAY = rf"(?:{_MONTH}\s+\d{{1,2}},?\s+|\d{{1,2}}\s+{_MONTH}\s+)(?P<end>(?:19|20)\d\d)"
_FISCAL = r"fiscal\s+(?:year\s+)?(?P<named>(?:19|20)\d\d)\b"
# "fiscal 2021 (the 52 weeks ended January 29, 2022)" / "fiscal 2022 ended January 28, 2023";
# "... ended January 29, 2022 ("fiscal 2021")" / "ended January 29, 2022 (fiscal 2021)".
_NAMED_FIRST = re.compile(
    rf"(?i)\b{_FISCAL}[^.;]{{0,60}}?(?:\bended|\bending|\()[^.;()]{{0,40}}?\b{_DAY}"
)
_DAY_FIRST = re.compile(
    rf"(?i)\b(?:ended|ending)\s+(?:on\s+)?{_DAY}[,\s]*\(\W{{0,2}}{_FISCAL.replace('named', 'n2')}"
)


@text_memo(max_bytes=2**20, item_bytes=50)
def declares_start_years(text: str) -> bool:
    """Whether `text` names a fiscal year ending in January or February by the year before
    (the module's doc)."""
    if "iscal" not in text:
        return False
    for m in _NAMED_FIRST.finditer(text):
        if int(m.group("end")) == int(m.group("named")) + 1:
            return True
    return any(int(m.group("end")) == int(m.group("n2")) + 1 for m in _DAY_FIRST.finditer(text))


def with_start_years(held: tuple[str, ...]) -> tuple[str, ...]:
    """A value's periods with the year before for a January or February day's ("M1", "Y2022":
    also "Y2021"); others as they are."""
    if "M1" not in held and "M2" not in held:
        return held
    years = [p for p in held if p[0] == "Y" and p[1:].isdigit()]
    if len(years) != 1:
        return held  # a day of one year only
    return (*held, f"Y{int(years[0][1:]) - 1}")
