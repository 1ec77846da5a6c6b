"""Answer-gate cases from TAT-QA tables: right answers and wrong answers of each kind.

Used by bench/tatqa_cases.py (which gates them and reports) and bench/financebench_kinds.py.
From one TAT-QA context (a table, its paragraphs and questions) `build` makes:
  - the evidence: the table rendered as a text extraction renders it (`rows`: one row per line,
    cells separated by two spaces, negatives kept as printed "(4,667 )"; or `markdown`), as one
    chunk cited whole, plus the question's related paragraphs as a second chunk;
  - right answers: the gold answer stated in a sentence, as people write it - a table cell
    ("Total sales in 2019 was $1,496.5 million.", naming its row label and column header) or a
    one-step calculation ("The change in Other in 2019 from 2018 is -12.6 million.");
  - wrong answers of each kind models make: `digit` (one significant digit changed), `scale`
    (million -> billion, thousand -> million, a percent x100), `sign` (negated), `row` (the same
    cell or calculation on another row of the table), `period` (the same row, another column),
    `operation` (the same operands, the top operator swapped: - <-> +, / <-> x).
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

WRONG_KINDS = ("digit", "scale", "sign", "row", "period", "operation")
SCALE_WORDS = {"thousand": "thousand", "million": "million", "billion": "billion"}
NEXT_SCALE = {"thousand": "million", "million": "billion", "billion": "trillion"}
_UNIT_HEADER = re.compile(
    r"\(\d\)|[$€£¥]\s*['’]?000|\b(?:US)?[$€£]m\b|[€£]m\b|\$m\b|\bRMB\s*['’]?\s*Million\b|"
    r"\(in (?:thousands|millions)\)"
)
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
_CELL = re.compile(r"^\(?-?\$?\s*\(?\s*(\d[\d,]*(?:\.\d+)?)\s*\)?\s*%?\s*\)?$")


@dataclass(frozen=True)
class Built:
    """One gate case and what it is: right (cell / calculation) or a wrong kind."""

    group: str  # "right cell", "right calculation" or a WRONG_KINDS entry
    case: dict


# -- reading the table -------------------------------------------------------------------------


def cell_value(text: str) -> float | None:
    """The number a cell prints: "$  1,452.4" -> 1452.4, "(4,667 )" -> -4667; None otherwise."""
    t = text.strip().replace("$", "").replace(" ", "")
    if not t or not any(ch.isdigit() for ch in t):
        return None
    m = _CELL.match(t)
    if not m:
        return None
    v = float(m.group(1).replace(",", ""))
    return -v if t.startswith(("(", "-")) else v


def header_rows(table: list[list[str]]) -> int:
    """Rows before the first row that has a label and a numeric cell that is not a year."""
    for i, row in enumerate(table):
        if (
            row
            and row[0].strip()
            and any((v := cell_value(c)) is not None and not _is_year(c) for c in row[1:])
        ):
            del v
            return i
    return 1


def _is_year(text: str) -> bool:
    return bool(re.fullmatch(r"\s*(19|20)\d\d\s*", text))


def column_header(table: list[list[str]], n_header: int, col: int) -> str:
    """The header of a column, spanning rows: "December 31," above "2019" -> "December 31, 2019"."""
    parts: list[str] = []
    for row in table[:n_header]:
        if col >= len(row):
            continue
        text = row[col].strip()
        if not text:
            # A header spanning columns is printed once, in its first (or a middle) cell.
            left = [
                row[c].strip() for c in range(col - 1, 0, -1) if c < len(row) and row[c].strip()
            ]
            text = left[0] if left else ""
        if text and text not in parts:
            parts.append(text)
    return " ".join(parts)


def render(table: list[list[str]], how: str) -> str:
    if how == "markdown":
        width = max(len(r) for r in table)
        lines = []
        for i, row in enumerate(table):
            cells = [c.strip() for c in row] + [""] * (width - len(row))
            lines.append("| " + " | ".join(cells) + " |")
            if i == 0:
                lines.append("|" + "---|" * width)
        return "\n".join(lines)
    return "\n".join("  ".join(c.strip() for c in row if c.strip()) for row in table)


# -- writing answers ---------------------------------------------------------------------------


def decimals_of(value: float) -> int:
    text = repr(float(value))
    if "e" in text:
        return 2
    frac = text.split(".")[1].rstrip("0")
    return min(len(frac), 4)


def fmt(value: float, decimals: int) -> str:
    text = f"{value:,.{decimals}f}"
    return text


def write_value(value: float, decimals: int, scale: str, money: bool) -> str:
    if scale == "percent":
        return fmt(value, decimals) + "%"
    sign = "-" if value < 0 else ""
    body = ("$" if money else "") + fmt(abs(value), decimals)
    word = SCALE_WORDS.get(scale)
    return sign + body + (f" {word}" if word else "")


def statement(question: str, value_text: str) -> str:
    q = question.strip().rstrip("?").strip()
    m = re.match(r"(?i)^(what|how much|how many)\s+(is|was|are|were|did|does)\s+(the\s+)?(.*)$", q)
    if m and m.group(1).lower() == "what":
        verb = m.group(2).lower()
        return f"The {m.group(4)} {verb} {value_text}."
    return f"{q}: {value_text}."


def digit_slip(value: float, decimals: int) -> float:
    """Change one significant digit (the second if there are three or more, else the first)."""
    text = fmt(abs(value), decimals)
    positions = [i for i, ch in enumerate(text) if ch.isdigit()]
    sig = [
        i for i in positions if text[i] != "0" or any(text[j] != "0" for j in positions if j < i)
    ]
    if not sig:
        return value
    pick = sig[1] if len(sig) >= 3 else sig[0]
    d = (int(text[pick]) + 1) % 10
    if pick == sig[0] and d == 0:
        d = 1 if text[pick] != "1" else 2
    new = text[:pick] + str(d) + text[pick + 1 :]
    out = float(new.replace(",", ""))
    return -out if value < 0 else out


# -- derivations -------------------------------------------------------------------------------


def parse_derivation(derivation: str) -> tuple[str, list[float]] | None:
    """ "(44.1-56.7)/56.7" -> ("(x0-x1)/x2", [44.1, 56.7, 56.7]); None if not plain arithmetic."""
    text = derivation.replace("$", "").replace("%", "").replace("×", "*").replace("÷", "/")
    operands: list[float] = []

    def sub(m: re.Match[str]) -> str:
        operands.append(float(m.group(0).replace(",", "")))
        return f"x{len(operands) - 1}"

    expr = _NUMBER.sub(sub, text)
    if not operands or not re.fullmatch(r"[\sx\d()+\-*/.]*", expr):
        return None
    try:
        tree = ast.parse(expr, mode="eval")
    except SyntaxError:
        return None
    if not isinstance(tree.body, ast.BinOp):
        return None
    return expr, operands


def evaluate(expr: str, operands: list[float]) -> float | None:
    env = {f"x{i}": v for i, v in enumerate(operands)}
    try:
        return float(eval(compile(ast.parse(expr, mode="eval"), "<d>", "eval"), {}, env))
    except (ZeroDivisionError, OverflowError):
        return None


_SWAP = {ast.Sub: ast.Add, ast.Add: ast.Sub, ast.Div: ast.Mult, ast.Mult: ast.Div}


def swapped(expr: str) -> str:
    """The top operator swapped, except a "* 100" of a percentage, whose inner operator swaps."""
    tree = ast.parse(expr, mode="eval")
    node = tree.body
    assert isinstance(node, ast.BinOp)
    if isinstance(node.op, ast.Mult) and isinstance(node.left, ast.BinOp):
        node = node.left
    if isinstance(node.op, ast.Div) and isinstance(node.left, ast.BinOp):
        node = node.left  # (a - b) / b: the change becomes a sum
    node.op = _SWAP[type(node.op)]()
    return ast.unparse(tree)


def locate(
    table: list[list[str]], first: int, operands: list[float]
) -> tuple[int, list[int]] | None:
    """The one row holding every operand (by absolute value), and each operand's column."""
    for r in range(first, len(table)):
        row = table[r]
        cols: list[int] = []
        for v in operands:
            hit = [
                c
                for c in range(1, len(row))
                if (cv := cell_value(row[c])) is not None and math.isclose(abs(cv), abs(v))
            ]
            if not hit:
                break
            cols.append(hit[0] if hit[0] not in cols or len(hit) == 1 else hit[1])
        else:
            return r, cols
    return None


def substituted(
    table: list[list[str]],
    r: int,
    cols: list[int],
    operands: list[float],
    r2: int,
    cols2: list[int],
) -> list[float] | None:
    out = []
    for c, c2, v in zip(cols, cols2, operands, strict=True):
        old = cell_value(table[r][c])
        new = cell_value(table[r2][c2]) if c2 < len(table[r2]) else None
        if old is None or new is None or old == 0:
            return None
        out.append(new * (v / old))
    return out


# -- building the cases ------------------------------------------------------------------------


def build(context: dict, how: str) -> Iterator[Built]:
    table: list[list[str]] = context["table"]["table"]
    first = header_rows(table)
    table_text = render(table, how)
    paragraphs = {str(p["order"]): p["text"] for p in context["paragraphs"]}
    for q in context["questions"]:
        if q["answer_from"] not in ("table", "table-text"):
            continue
        chunks = [{"chunk_id": "table", "text": table_text}]
        evidences = [{"chunk_id": "table", "excerpt": table_text}]
        rel = "\n".join(paragraphs[p] for p in q.get("rel_paragraphs") or () if p in paragraphs)
        if rel.strip():
            chunks.append({"chunk_id": "text", "text": rel.strip()})
            evidences.append({"chunk_id": "text", "excerpt": rel.strip()})

        def case(
            kind: str,
            sentence: str,
            q: dict = q,
            chunks: list = chunks,
            evidences: list = evidences,
        ) -> Built:
            return Built(
                kind,
                {
                    "case_id": f"{q['uid']}-{kind}",
                    "question": q["question"],
                    "raw_chunks": chunks,
                    "answer": {"conclusion": sentence, "evidences": evidences},
                },
            )

        scale = q.get("scale") or ""
        if q["answer_type"] == "span":
            yield from _cell_cases(q, table, first, scale, case)
        elif q["answer_type"] == "arithmetic" and isinstance(q["answer"], int | float):
            yield from _calculation_cases(q, table, first, scale, case)


def _wrong_scale(value: float, decimals: int, scale: str, money: bool) -> str:
    if scale == "percent":
        return write_value(value * 100, decimals, scale, money)
    if scale in NEXT_SCALE:
        return write_value(value, decimals, NEXT_SCALE[scale], money)
    return write_value(value * 1000, decimals, scale, money)


def _common_wrongs(
    q: dict, value: float, decimals: int, scale: str, money: bool, case
) -> Iterator[Built]:  # type: ignore[no-untyped-def]
    slip = digit_slip(value, decimals)
    if slip != value:
        yield case("digit", statement(q["question"], write_value(slip, decimals, scale, money)))
    if value != 0:  # a zero at another scale is the same zero, as its sign is (d916)
        yield case("scale", statement(q["question"], _wrong_scale(value, decimals, scale, money)))
        yield case("sign", statement(q["question"], write_value(-value, decimals, scale, money)))


def _cell_cases(q: dict, table: list[list[str]], first: int, scale: str, case) -> Iterator[Built]:  # type: ignore[no-untyped-def]
    answers = q["answer"] if isinstance(q["answer"], list) else [q["answer"]]
    if len(answers) != 1 or cell_value(str(answers[0])) is None or _is_year(str(answers[0])):
        return
    target = str(answers[0]).strip()
    hits = [
        (r, c)
        for r in range(first, len(table))
        for c in range(1, len(table[r]))
        if table[r][c].strip() == target
    ]
    if len(hits) != 1:
        return
    r, c = hits[0]
    value = cell_value(target)
    assert value is not None
    decimals = len(target.split(".")[1].rstrip(" )%")) if "." in target else 0
    money = "$" in target
    if "%" in target:
        scale = "percent"
    label = table[r][0].strip()
    header = column_header(table, first, c)
    if not label or not header:
        return

    # People name the column by its period, not by its unit or footnote ("$'000", "€m", "(1)").
    header = _UNIT_HEADER.sub(" ", header).strip() or header

    def say(v: float, sc: str = scale) -> str:
        return f"{label} in {header} was {write_value(v, decimals, sc, money)}."

    yield case("right cell", say(value))
    slip = digit_slip(value, decimals)
    if slip != value:
        yield case("digit", say(slip))
    if value != 0:  # (d916, as _common_wrongs)
        scaled = _wrong_scale(value, decimals, scale, money)
        yield case("scale", f"{label} in {header} was {scaled}.")
        yield case("sign", say(-value))
    for r2 in _nearest(range(first, len(table)), r):
        v2 = cell_value(table[r2][c]) if c < len(table[r2]) else None
        if v2 is not None and abs(v2) != abs(value) and not _is_year(table[r2][c]):
            yield case("row", say(v2))
            break
    for c2 in _nearest(range(1, len(table[r])), c):
        v2 = cell_value(table[r][c2])
        if v2 is not None and abs(v2) != abs(value) and column_header(table, first, c2) != header:
            yield case("period", say(v2))
            break


def _nearest(indices: range, at: int) -> list[int]:
    return sorted((i for i in indices if i != at), key=lambda i: (abs(i - at), i))


def _calculation_cases(
    q: dict, table: list[list[str]], first: int, scale: str, case
) -> Iterator[Built]:  # type: ignore[no-untyped-def]
    gold = float(q["answer"])
    decimals = decimals_of(gold)
    money = False
    yield case(
        "right calculation", statement(q["question"], write_value(gold, decimals, scale, money))
    )
    yield from _common_wrongs(q, gold, decimals, scale, money, case)
    parsed = parse_derivation(q.get("derivation") or "")
    if parsed is None:
        return
    expr, operands = parsed
    base = evaluate(expr, operands)
    if base is None or base == 0:
        return
    factor = next(
        (f for f in (1.0, 100.0) if math.isclose(base * f, gold, rel_tol=0.02, abs_tol=0.011)), None
    )
    if factor is None:
        return

    def wrong(kind: str, value: float | None) -> Iterator[Built]:
        if value is None:
            return
        v = round(value * factor, decimals)
        if v != round(gold, decimals) and math.isfinite(v):
            yield case(kind, statement(q["question"], write_value(v, decimals, scale, money)))

    yield from wrong("operation", evaluate(swapped(expr), operands))
    where = locate(table, first, operands)
    if where is None:
        return
    r, cols = where
    for r2 in _nearest(range(first, len(table)), r):
        new = substituted(table, r, cols, operands, r2, cols)
        if new is not None and new != operands:
            yield from wrong("row", evaluate(expr, new))
            break
    numeric = [c for c in range(1, len(table[r])) if cell_value(table[r][c]) is not None]
    for shift in (1, -1):
        idx = [numeric.index(c) + shift for c in cols]
        if all(0 <= i < len(numeric) for i in idx):
            new = substituted(table, r, cols, operands, r, [numeric[i] for i in idx])
            if new is not None and new != operands:
                yield from wrong("period", evaluate(expr, new))
                break
