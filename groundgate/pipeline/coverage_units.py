"""The coverage check `units` (issue 32, policy `coverage_checks`, d719): a question that asks
for a physical quantity - by its unit ("in kW", "how many kilobytes", 多少分贝) or by a quantity
that is only ever stated with a unit (a power rating, a flow rate, a torque, a voltage, a
diameter, 扬程) - is answered only by a chunk stating a value in a unit of that quantity.

What it refuses: a neighbouring value of another kind ("Which motor power rating do the station
pumps have?" answered by the manual's pressure or temperature rating, "How many kilobytes of
native code does a trace take?" by a count of traces). The quantities answerability already
reads as attributes (temperature, pressure, mass, memory, duration, money, share) keep their
reading there; a quantity here is named only when answerability has none for it, or when the
question names the unit itself. A unit is read with the number before it ("2 GB", "8-byte",
"85 C"), in either language. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Quantity:
    name: str
    asked: re.Pattern[str]  # in the question: this quantity is asked (or its unit named)
    stated: re.Pattern[str]  # in the chunk: a value of it, a number and its unit


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


_NUM = r"\d(?:[\d,.]*\d)?\s*-?\s*"
_ZH_NUM = r"[\d一二两三四五六七八九十百千万〇零]\s*"

QUANTITIES: tuple[Quantity, ...] = (
    Quantity(
        "power",
        _re(
            r"\b(?:kw|kilowatts?|watts?|wattage|horsepower|hp)\b|"
            r"\b(?:power\s+(?:rating|draw|consumption|output|input|demand)|"
            r"(?:rated|motor|electrical|input|output)\s+power)\b|千瓦|功率"
        ),
        _re(_NUM + r"(?:[km]?w|kilowatts?|watts?|hp|horsepower)\b|" + _ZH_NUM + r"(?:千瓦|瓦)"),
    ),
    Quantity(
        "flow",
        _re(
            r"\bflow\s*rates?\b|\brated\s+flow\b|\bm[3³]\s*/\s*h\b|"
            r"\bcubic\s+met(?:re|er)s?\s+(?:per|an|a)\s+(?:hour|minute|second|day)\b|"
            r"\b(?:litres?|liters?)\s+(?:per|a|an)\s+(?:hour|minute|second)\b|流量|"
            r"(?:多少|几)(?:立方米?|方水)|每(?:小时|秒|分钟).{0,10}(?:多少|几)方"
        ),
        _re(
            _NUM + r"(?:m[3³]|l|litres?|liters?|cubic\s+met(?:re|er)s?)\s*(?:/|per\s+|an?\s+)"
            r"\s*(?:h|hr|hour|min|minute|s|sec|second|d|day)\b|"
            + _ZH_NUM
            + r"(?:立方米|吨|升)\s*(?:/|每)\s*(?:小时|时|分钟|秒|天|日)"
        ),
    ),
    Quantity(
        "torque",
        _re(r"\btorque\b|\bnewton[-\s]?met(?:re|er)s?\b|\bn\s*·?\s*m\b|扭矩|力矩|拧紧力"),
        _re(
            _NUM
            + r"(?:n\s*·?\s*m|newton[-\s]?met(?:re|er)s?|ft[-\s]?lbs?|lb[-\s]?ft)\b|"
            + _ZH_NUM
            + r"(?:牛\s*·?\s*米|牛米)"
        ),
    ),
    Quantity(
        "voltage",
        _re(r"\bvoltage\b|\b(?:kilo)?volts?\b|电压"),
        _re(_NUM + r"(?:k?v|volts?|kilovolts?)\b|" + _ZH_NUM + r"(?:伏|千伏)"),
    ),
    Quantity(
        "current",
        _re(r"\b(?:amps?|amperes?|amperage)\b|\bcurrent\s+(?:draw|rating)\b|电流"),
        _re(_NUM + r"(?:m?a|amps?|amperes?)\b|" + _ZH_NUM + r"(?:安|毫安|安培)"),
    ),
    Quantity(
        "sound",
        _re(
            r"\bdecibels?\b|\bdb\s*\(?a?\)?\b|\b(?:noise|sound)\s+(?:level|limit|emissions?)\b|分贝|噪声|噪音"
        ),
        _re(_NUM + r"(?:db\s*\(?a?\)?|decibels?)(?![a-z])|" + _ZH_NUM + r"分贝"),
    ),
    Quantity(
        "rotation",
        _re(r"\brpm\b|\brevolutions?\s+per\b|\b(?:rotational|shaft|rotor)\s+speed\b|转速"),
        _re(_NUM + r"(?:rpm|r\s*/\s*min|revolutions?)\b|" + _ZH_NUM + r"(?:转\s*/\s*分|转每分)"),
    ),
    Quantity(
        "length",
        _re(
            r"\b(?:diameter|millimet(?:re|er)s?|centimet(?:re|er)s?|mm|cm)\b(?!-)|"
            r"\b(?:rated|pump|pumping|delivery|discharge)\s+head\b|\bin\s+met(?:re|er)s\b|"
            r"直径|外径|内径|口径|毫米|厘米|扬程|多少米|几米"
        ),
        _re(
            _NUM + r"(?:mm|cm|m|km|met(?:re|er)s?|millimet(?:re|er)s?|centimet(?:re|er)s?|"
            r"inch(?:es)?|ft|feet)\b|" + _ZH_NUM + r"(?:毫米|厘米|米|公里)"
        ),
    ),
    Quantity(
        "data",
        _re(
            r"\b(?:[kmgt]i?b|kilobytes?|megabytes?|gigabytes?|terabytes?|bytes?)\b(?!-)|"
            r"(?:千|兆)?字节(?!码)|"
            # the size of a cache, a buffer or a heap is an amount of data
            r"\b(?:how\s+(?:big|large)|size)\b[^?？]*\b(?:cache|buffer|heap)s?\b|"
            r"\b(?:cache|buffer|heap)s?\b[^?？]*\b(?:how\s+(?:big|large)|size)\b|"
            r"缓存.{0,10}(?:多大|大小)|(?:多大|大小).{0,6}缓存"
        ),
        _re(
            _NUM
            + r"(?:[kmgt]i?b|bytes?|kilobytes?|megabytes?|gigabytes?|terabytes?)\b|"
            + _ZH_NUM
            + r"(?:字节(?!码)|千字节|兆字节|兆|[KMGT]B)"
        ),
    ),
    Quantity(
        "short time",
        _re(r"\b(?:milliseconds?|microseconds?|nanoseconds?|ms|µs|μs|ns)\b(?!-)|毫秒|微秒|纳秒"),
        _re(
            _NUM + r"(?:ms|µs|μs|ns|s|secs?|seconds?|milliseconds?|microseconds?|nanoseconds?|"
            r"minutes?|min)\b|" + _ZH_NUM + r"(?:毫秒|微秒|纳秒|秒|分钟)"
        ),
    ),
    Quantity(
        "vibration",
        _re(r"\bvibrations?\b|振动"),
        _re(
            _NUM
            + r"(?:mm\s*/\s*s|µm|μm|um|microns?|in\s*/\s*s|ips|g)\b|"
            + _ZH_NUM
            + r"(?:毫米\s*/\s*秒|微米)"
        ),
    ),
    Quantity(
        "money",
        _re(r"\b(?:us\s+)?dollars?\b|\busd\b|\beuros?\b|\byuan\b|\brmb\b|美元|欧元"),
        _re(
            r"[$€¥£]\s*\d|"
            + _NUM
            + r"(?:dollars?|usd|euros?|eur|yuan|rmb)\b|"
            + _ZH_NUM
            + r"(?:万)?(?:元|美元|欧元)|人民币\s*\d"
        ),
    ),
    Quantity(
        "code size",
        _re(r"\blines?\s+of\s+(?:code|c\+\+|c|java|source)|\bin\s+lines\b|\bloc\b|多少行|几行"),
        _re(_NUM + r"(?:k\s*)?(?:lines|loc|sloc)\b|" + _ZH_NUM + r"行"),
    ),
    Quantity(
        "version",
        # a version asked ("which browser version", "the version number"), not a version
        # named ("the compiled version of the loop", "future versions")
        _re(
            r"\b(?:which|what)\s+(?:[\w-]+\s+){0,3}versions?\b|\bversions?\s+(?:numbers?|no\b)|"
            r"版本号|哪个版本|哪一版|什么版本|哪版"
        ),
        _re(
            r"\b(?:version|v)\s*\d|\b[A-Z][A-Za-z]+\s+\d+(?:\.\d+)+\b|"
            r"\d+(?:\.\d+)+\s*版|版本\s*\d"
        ),
    ),
)


def quantities_asked(question: str) -> tuple[Quantity, ...]:
    """The quantities the question asks for or names the unit of."""
    return tuple(q for q in QUANTITIES if q.asked.search(question))


def states_units(question: str, chunk: str) -> bool:
    """`units`: each quantity the question asks (or names the unit of) has a value in one of
    its units in the chunk."""
    return all(q.stated.search(chunk) for q in quantities_asked(question))
