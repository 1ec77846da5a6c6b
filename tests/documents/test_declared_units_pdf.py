"""Tables that declare their unit in a header, as real filings do, through real PDFs: the
page is drawn with PyMuPDF, ingested by the same extractor as uploads, and the answer gate
reads the ingested chunks with their coordinates."""

from __future__ import annotations

import pymupdf
import pytest

from groundgate.documents.pdf_text import extract_pdf
from groundgate.engine.gates.answer import AnswerCase, gate_answer


def _pdf(lines: list[str], fontname: str = "helv") -> bytes:
    doc = pymupdf.open()
    page = doc.new_page()
    y = 72
    for line in lines:
        if line:
            page.insert_text((72, y), line, fontname=fontname, fontsize=11)
        y += 16 if line else 28  # a blank line starts a new paragraph (a new block)
    return doc.tobytes()


# Paragraphs long enough that chunking (min 200 characters) keeps the header and the figures
# in separate chunks of the same page, as in real filings.
ENGLISH = _pdf(
    [
        "CONSOLIDATED STATEMENT OF CASH FLOWS",
        "(in millions, except per share data)",
        "The accompanying notes are an integral part of these consolidated financial",
        "statements. Amounts are presented for the fiscal years ended December 25, 2021,",
        "December 26, 2020 and December 28, 2019, as restated for discontinued operations.",
        "",
        "Investing Activities",
        "Capital spending (4,625) (4,240)",
        "Sales of property, plant and equipment 166 55",
        "Acquisitions, net of cash acquired (5,717) (6,372)",
        "Proceeds from sales of businesses 169 6",
        "Short-term investments, by original maturity, more than three months 1,200 300",
        "Other investing, net 67 (33)",
    ]
)
CHINESE = _pdf(
    [
        "合并利润表",
        "单位：万元",
        "本报告期内，公司按照企业会计准则编制财务报表，以下数据为合并口径，未",
        "经审计。本表所列金额除特别说明外均以人民币列示，各项目之间的勾稽关系",
        "已经复核无误。公司管理层对本表内容的真实性、准确性和完整性负责，并承",
        "担相应的法律责任。投资者应当结合年度报告全文阅读本表，并关注其中披露",
        "的重大风险因素及应对措施。",
        "本报告期内，公司按照企业会计准则编制财务报表，以下数据为合并口径，未",
        "经审计。本表所列金额除特别说明外均以人民币列示，各项目之间的勾稽关系",
        "已经复核无误。公司管理层对本表内容的真实性、准确性和完整性负责，并承",
        "担相应的法律责任。投资者应当结合年度报告全文阅读本表，并关注其中披露",
        "的重大风险因素及应对措施。",
        "",
        "营业收入 330,435.30 298,114.20",
        "营业成本 201,118.06 188,402.75",
        "销售费用 21,440.12 19,873.64",
        "管理费用 15,023.88 14,110.09",
        "研发费用 12,904.51 11,276.33",
        "财务费用 1,203.77 987.15",
        "利润总额 74,332.90 61,204.81",
        "所得税费用 11,149.94 9,180.72",
        "净利润 63,182.96 52,024.09",
    ],
    fontname="china-s",
)


def _case(pdf: bytes, conclusion: str, figure: str) -> AnswerCase:
    extracted = extract_pdf(pdf)
    chunks = []
    for i, chunk in enumerate(extracted.chunks):
        rects = chunk.rects()
        chunks.append(
            {
                "chunk_id": f"p{chunk.page_index}-{i}",
                "text": chunk.text,
                "page_index": chunk.page_index,
                "position_int": [[chunk.page_index + 1, r[0], r[2], r[1], r[3]] for r in rects],
            }
        )
    cited = next(c for c in chunks if figure in c["text"])
    line = next(line for line in cited["text"].splitlines() if figure in line)
    return AnswerCase.model_validate(
        {
            "case_id": "pdf",
            "raw_chunks": chunks,
            "answer": {
                "conclusion": conclusion,
                "evidences": [{"chunk_id": cited["chunk_id"], "excerpt": line}],
            },
        }
    )


@pytest.mark.parametrize(
    ("pdf", "header", "figure"),
    [(ENGLISH, "(in millions", "4,625"), (CHINESE, "单位：万元", "330,435.30")],
)
def test_the_header_and_the_figures_are_separate_chunks_of_one_page(pdf, header, figure):
    chunks = extract_pdf(pdf).chunks
    with_header = [c for c in chunks if header in c.text]
    with_figure = [c for c in chunks if figure in c.text]
    assert len(with_header) == 1 and len(with_figure) == 1 and with_header != with_figure
    assert with_header[0].page_index == with_figure[0].page_index


@pytest.mark.parametrize(
    ("conclusion", "rules"),
    [
        ("Capital spending was $4,625 million.", ["declared_scale"]),
        ("Capital spending was $4.625 billion.", ["declared_scale"]),
        ("Capital spending was about $4.6 billion.", ["declared_scale", "rounded"]),
        ("Capital spending was 4625.", ["as_written"]),
    ],
)
def test_english_table_in_millions(conclusion, rules):
    verdict = gate_answer(_case(ENGLISH, conclusion, "4,625"))
    assert verdict.status == "ok", verdict.findings
    (info,) = [f for f in verdict.findings if f.code == "NUMBER_EQUIVALENT"]
    assert info.rules == rules and "(in millions" in info.message


@pytest.mark.parametrize(
    ("conclusion", "reason"),
    [
        ("Capital spending was $4,265 million.", "digits_transposed"),
        ("Capital spending was $4,625 billion.", "wrong_scale"),
        ("Capital spending was $46.25 billion.", "wrong_scale"),
    ],
)
def test_english_table_wrong_values(conclusion, reason):
    verdict = gate_answer(_case(ENGLISH, conclusion, "4,625"))
    assert verdict.status == "citation_insufficient"
    (finding,) = [f for f in verdict.findings if f.code == "UNGROUNDED_NUMBER"]
    assert finding.near_match.reason == reason


def test_chinese_table_in_ten_thousands():
    verdict = gate_answer(_case(CHINESE, "营业收入为330,435.30万元。", "330,435.30"))
    assert verdict.status == "ok", verdict.findings
    (info,) = [f for f in verdict.findings if f.code == "NUMBER_EQUIVALENT"]
    assert info.rules == ["declared_scale"] and "单位：万元" in info.message
    verdict = gate_answer(_case(CHINESE, "营业收入约33.04亿元。", "330,435.30"))
    assert verdict.status == "ok", verdict.findings  # 330,435.30万元 = 33.04亿元, rounded
    verdict = gate_answer(_case(CHINESE, "营业收入为330,435.30元。", "330,435.30"))
    # "元" with no magnitude: the figure as the table writes it; the message names the header.
    assert verdict.status == "ok"
    verdict = gate_answer(_case(CHINESE, "营业收入为330,435.30亿元。", "330,435.30"))
    assert verdict.status == "citation_insufficient"
    assert verdict.findings[0].near_match.reason == "wrong_scale"
