"""Which "how" question asks for a procedure (policy sufficiency_reading "asked-v2", d766-d767).

The "asked" reading (answer-assembly/2026-11.4) reads an English "How ..." as a procedure
question only when it asks how to DO something ("how to", "how do I / we / you", "how can I",
steps, a procedure): "How does the system handle nested loops?" asks how a thing works and is a
question for a fact. A Chinese question it read by its words alone: 如何 / 怎么 / 怎样 anywhere,
or 程序 (which is also "program"), made it a procedure question, so "SpiderMonkey 里的 jsval 是怎么
区分值的类型的？" (how it works), "公报里土壤环境质量状况如何？" (what state it is in) and
"SunSpider的测试程序 ..." (test programs) needed procedural language ("steps", "submit") that
no paper or bulletin states, and were refused with their fact's chunk answering.

"asked-v2" reads Chinese as "asked" reads English (d766):
  - 如何 / 怎么 / 怎样 asks a procedure when somebody is to do it - a person or a modal just
    before it (我 / 我们 / 你 / 您 / 大家 / 应 / 应该 / 该 / 要 / 需要 / 可以: "我该怎么给轴承
    加油", "应如何申请"; not 得 or 能, the particle of 跑得怎么样 and the 能 of 性能), or 才能 /
    才可以 after it ("怎样才能恢复运行"), or 怎么办;
  - otherwise it asks how a thing is or works ("X是怎么处理的", "状况如何", "表现怎样") - a
    question for a fact, like "How does X work?";
  - 步骤 / 流程 / 办理 stay procedure cues; 程序 alone is none (d767): it is also "program" -
    the paper's 测试程序, 示例程序 - and the English pattern has "procedure" only as its own word.
English questions read as under "asked", word for word.
"""

from __future__ import annotations

import re

# "asked"'s English cues (sufficiency._HOW_TO without its Chinese half).
_HOW_TO_EN = re.compile(
    r"^\s*how\s+(?:to\b|(?:do|can|could|should|must|would)\s+(?:i|we|you|one|they)\b)"
    r"|\bsteps?\b|\bprocedures?\b|\bprocess\s+(?:for|of|to)\b",
    re.I,
)
_ZH_HOW = "(?:如何|怎么|怎样|怎麼)"
# Somebody is to do it: a person or a modal just before the "how" word (at most one character
# between: 我们该怎么, 应当如何), 才能 after it, or 怎么办.
_ZH_DOER = "(?:我们|咱们|你们|大家|用户|我|你|您|应该|应当|需要|可以|应|该|要)"
_HOW_TO_ZH = re.compile(
    _ZH_DOER + r".?" + _ZH_HOW + "|" + _ZH_HOW + r"\S{0,8}?(?:才能|才可以|才可)|怎么办|如何办"
)
# Words that name a procedure in themselves (程序 not: it is also "program", d767).
_PROCEDURE_WORDS_ZH = re.compile(r"步骤|流程|办理")


def asks_how_to(query: str) -> bool:
    """Does `query` ask how to do something ("asked-v2")? See the module docstring."""
    return bool(
        _HOW_TO_EN.search(query) or _HOW_TO_ZH.search(query) or _PROCEDURE_WORDS_ZH.search(query)
    )
