"""A segment table's columns named by their metric (policy segment_columns "metric_heads", gate
2.71.0, d886). An A-share report's 主营业务分行业 / 分产品 / 分地区情况 prints

    分行业  营业收入  营业成本  毛利率（%）  营业收入比上年增减（%）
        营业成本比上年增减（%）  毛利率比上年增减（%）   (one line)
    白酒  1,234,567.89  98,765.43  92.00  15.23  10.12  增加0.37个百分点

Its label column's head ("分行业", "分产品", "分地区", "分销售模式", "分渠道", "分业务",
"分板块", "行业", "产品", "地区"; "季度" over quarter rows; and the key figures'
"主要会计数据", over "本报告期  上年同期  本报告期比上年同期增减(%)", columns of no year
that no head read before) heads it as "项目" does (table_headers._column), so each cell is of
its column: the said-header rule (columns.py, d382) refuses "白酒营业成本为123.46亿元"
(营业收入's cell) and "白酒营业收入同比增长10.12%" (营业成本's change): before, the line
headed nothing and any cell of the row grounded any metric. A change column of a rate
("毛利率比上年增减（%）") is printed in percentage points under its percent mark:
point_units (d775) reads its cell as a rate's change, as it reads a rate row's
(`rate_column`). Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

_HEAD = re.compile(
    r"(?:主营业务)?分(?:行业|产品|地区|区域|销售模式|渠道|业务|板块|客户)"
    r"|(?:行业|产品|地区|区域|业务|板块)(?:名称|类别|分类)?"
    r"|(?:主要)?会计数据|分?季度"
)
# A rate named before the column's change words: "毛利率比上年增减（%）", "毛利率同比增减".
_RATE_CHANGE = re.compile(r"率[^率]{0,3}(?:比上年|同比|较上年|比上年同期)?增减")


def segment_head(part: str) -> bool:
    """Whether a header's first part heads a segment table's label column."""
    return _HEAD.fullmatch(part.strip()) is not None


def rate_column(column: str) -> bool:
    """Whether a column is the change of a rate ("毛利率比上年增减（%）"): its cells may be
    percentage points under a percent mark."""
    return _RATE_CHANGE.search(column) is not None
