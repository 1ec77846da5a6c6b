"""How Chinese writes a quarter: "2024年第三季度", "2024年第3季度", "2024年三季度", "2024年Q3",
"2024年一季度". Read only with its year. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

_NUMBERS = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4}

QUARTER_ZH = re.compile(
    r"(?<![0-9])((?:19|20)[0-9]{2})年[ \u00a0]?(?:第?([一二三四1-4])季度|Q([1-4])(?![0-9]))"
)


def quarter_zh(m: re.Match[str]) -> tuple[int, int, str]:
    """(year, quarter, the year as written: "2024年") of a match of QUARTER_ZH."""
    year, number = m.group(1), m.group(2) or m.group(3)
    return int(year), _NUMBERS[number], year + "年"
