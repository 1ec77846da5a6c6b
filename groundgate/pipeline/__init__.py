"""The grounded answering pipeline, R2 -> R6 of ../shared/specs/answer-assembly-r2-r6.md, plus the
Phase-3 checks of evidence-sufficient-synthesis.md. Pure: no Django; retrieval and storage are in
groundgate.services.retrieval and groundgate.services.answering.

  R2 select.py   retrieval bundle -> validated, selected evidence -> AnswerBundle (anchors C0..)
  R3 prompt.py   AnswerBundle + question -> the exact prompt bytes and their sha256
  R4 llm.py      prompt bytes -> LLMResult (offline extractive provider, or the openai SDK)
  R5             engine.gates.anchored (the anchored-answer gate)
  R6 package.py  -> PublicResponse
  run.py         the whole flow, with the Phase-3 sufficiency check and claim coverage
"""
