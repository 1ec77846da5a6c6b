"""Chunks shared by the synthesis tests (legal text, as in the spec's examples)."""

from groundgate.engine.gates.synthesis import RetrievedChunk

IPC_420 = RetrievedChunk(
    semantic_id="IPC_420_0",
    text="Section 420 deals with cheating and dishonestly inducing delivery of property. "
    "Whoever cheats and thereby dishonestly induces the person deceived to deliver any "
    "property shall be punished with imprisonment of either description for a term which "
    "may extend to seven years, and shall also be liable to fine.",
)
IPC_420_PLAIN = RetrievedChunk(semantic_id="IPC_420_1", text="Section 420 deals with cheating.")
WAGES_2 = RetrievedChunk(
    semantic_id="MinimumWagesAct_2_1",
    text="Employer means any person who employs, whether directly or through another person, "
    "one or more employees in any scheduled employment.",
)
WAGES_DUTY = RetrievedChunk(
    semantic_id="MinimumWagesAct_12_0",
    text="The employer must pay minimum wages to every employee engaged in scheduled employment.",
)
WAGES_CLAIM = RetrievedChunk(
    semantic_id="MinimumWagesAct_20_0",
    text="An employee may file a claim before the Authority. The application shall be "
    "submitted within six months; the Authority shall then hear the employer.",
)
WAGES_EXTENT = RetrievedChunk(
    semantic_id="MinimumWagesAct_1_2",
    text="This Act extends to the whole of India and applies to every scheduled employment.",
)
PENALTY_ZH = RetrievedChunk(
    semantic_id="WaterLaw_83_0",
    text="违反本法规定，超标排放水污染物的，由环境保护主管部门责令改正，处十万元以上一百万元以下的罚款。",
)
DEFINITION_ZH = RetrievedChunk(
    semantic_id="WaterLaw_102_0",
    text="本法所称水污染，是指水体因某种物质的介入，导致其化学、物理、生物特性的改变。",
)
