"""One passing and one failing case per gate family, for tests that cover every family."""

from __future__ import annotations

import copy

from tests.engine.synthesis_fixtures import IPC_420, WAGES_2

ANSWER = {
    "case_id": "a-1",
    "question": "How often?",
    "raw_chunks": [{"chunk_id": "c1", "text": "Inspect every 90 days."}],
    "answer": {
        "conclusion": "Every 90 days.",
        "evidences": [{"chunk_id": "c1", "excerpt": "every 90 days"}],
    },
}
ANCHORED = {
    "request_id": "r-1",
    "generation_status": "OK",
    "citations": [{"anchor": "C0", "chunk_id": "c1", "chunk_text": "Inspect every 90 days."}],
    "raw_model_text": "Inspect the valve every 90 days [C0].",
}
SYNTHESIS = {
    "case_id": "s-1",
    "query": "What is the punishment for cheating?",
    "retrieved_chunks": [IPC_420.model_dump(), WAGES_2.model_dump()],
    "answer_text": "According to [IPC_420_0], cheating is punished with imprisonment up to seven "
    "years and fine.",
}
REPORT = {
    "case_id": "g-1",
    "report_markdown": "## Summary\nUp 5% [@a].\n\n## Key Findings\nok\n\n## Evidence\n[@b]\n\n"
    "## Caveats\nnone\n",
    "citations": [{"cid": "a", "status": "valid"}, {"cid": "b", "status": "paywalled"}],
}
CODE = {
    "case_id": "k-1",
    "sample": {
        "question": "Where?",
        "evidence_refs": [
            {
                "symbol_id": "m.py::f",
                "file_path": "m.py",
                "start_line": 1,
                "end_line": 2,
                "source_hash": "h1",
                "repo_commit": "abc",
            }
        ],
    },
    "context_symbols": ["m.py::f"],
    "symbols": [
        {
            "symbol_id": "m.py::f",
            "file_path": "m.py",
            "start_line": 1,
            "end_line": 2,
            "source_hash": "h1",
            "repo_commit": "abc",
            "kind": "function",
            "name": "f",
        }
    ],
}

PASSING = {
    "answer": ANSWER,
    "anchored": ANCHORED,
    "synthesis": SYNTHESIS,
    "report": REPORT,
    "code": CODE,
}


def failing(kind: str) -> dict:
    case = copy.deepcopy(PASSING[kind])
    if kind == "answer":
        case["answer"]["conclusion"] = "Every 9 days."
    elif kind == "anchored":
        case["raw_model_text"] += " The pump is blue."
    elif kind == "synthesis":
        case["answer_text"] += " Employer means any person who employs workers."
    elif kind == "report":
        case["report_markdown"] = case["report_markdown"].replace("## Caveats\n", "")
    else:
        case["sample"]["evidence_refs"][0]["source_hash"] = "stale"
    return case
