"""The coverage check `units` (issue 32, pipeline/coverage_units.py, d719): a question asking
for a physical quantity - by its unit or by a quantity only ever stated with one (a power
rating, a flow rate, a torque, a diameter, 扬程) - is answered only by a chunk stating a value in
a unit of that quantity. The texts are the demo PDF's and tracemonkey.pdf's chunks as the index
stores them; the questions are uncovered and covered ones of the question files, or written
the same way."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate.pipeline import coverage_checks
from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.pipeline.coverage_units import QUANTITIES, quantities_asked, states_units
from tests.pipeline.test_answerability import BULLETIN, DECISION, INSPECTION, MANUAL
from tests.pipeline.test_coverage_checks import EXPERIMENTS, _run

UNITS = SelectionPolicy(coverage_checks=("years", "names", "ties", "units"))
COSTS = (
    "Using similar computations, we ﬁnd that trace recording takes about 3800 cycles per "
    "bytecode, and compilation 3150 cycles per bytecode. Hence, during recording and compiling "
    "the VM runs at 1/200 the speed of the interpreter."
)
ALIGNED = (
    "In SpiderMonkey, all JavaScript values are represented by the type jsval. All pointers "
    "contained in jsvals point to GC-controlled blocks aligned on 8-byte boundaries."
)
FIREFOX = (
    "SpiderMonkey is the JavaScript VM embedded in Mozilla’s Firefox open-source web browser (2), "
    "which is used by more than 200 million users world-wide."
)
ACKNOWLEDGED = (
    "Acknowledgments Parts of this effort have been sponsored by the National Science Foundation "
    "under grants CNS-0615443 and CNS-0627747, as well as by the California MICRO Program and "
    "industrial sponsor Sun Microsystems under Project No. 07-127."
)
SUNSPIDER = (
    "SunSpi- der consists of 26 short-running (less than 250ms, average 26ms) JavaScript programs."
)


def test_units_is_a_check_named_in_the_policy():
    assert "units" in coverage_checks.CHECKS
    assert UNITS.coverage_checks[-1] == "units"
    assert UNITS.sha256 != SelectionPolicy(coverage_checks=("years", "names", "ties")).sha256


@pytest.mark.parametrize(
    ("question", "text", "quantity"),
    [
        # a neighbouring value of another kind: the manual's ratings are a temperature, grams,
        # hours and a pressure, not a power
        ("Which motor power rating do the station pumps have?", MANUAL, "power"),
        ("Which motor power rating, in kW, do the station pumps have?", INSPECTION, "power"),
        (
            "What flow rate, in cubic metres per hour, are the pumps designed for?",
            INSPECTION,
            "flow",
        ),
        ("What torque do the impeller's fixing bolts need?", MANUAL, "torque"),
        ("What is the pumps' rated head in metres?", INSPECTION, "length"),
        ("泵的额定扬程是多少米？", INSPECTION, "length"),
        ("叶轮的直径是多少毫米？", MANUAL, "length"),
        ("城市区域声环境质量如何，有没有具体分贝数？", BULLETIN, "sound"),
        ("How many kilobytes of native code does a typical compiled trace occupy?", COSTS, "data"),
        (
            "On average, how many microseconds does nanojit take to compile one trace?",
            COSTS,
            "short time",
        ),
        ("What supply voltage do the pump motors need?", MANUAL, "voltage"),
        ("泵的额定转速是多少？", MANUAL, "rotation"),
        # the seen files' uncovered questions the check refuses (d719)
        ("What vibration level should make an operator shut a pump down?", INSPECTION, "vibration"),
        ("How big is the nanojit code cache by default?", COSTS, "data"),
        ("TraceMonkey 的 trace 缓存默认有多大？", COSTS, "data"),
        ("How many lines of C++ does the TraceMonkey recorder contain?", COSTS, "code size"),
        ("Browser version number in which Mozilla's tracer was turned on", FIREFOX, "version"),
        ("What size was the California MICRO grant in US dollars?", ACKNOWLEDGED, "money"),
        ("一台泵每小时设计能抽多少方水？", INSPECTION, "flow"),
        ("IMP-315叶轮外径多大？", MANUAL, "length"),
        ("V8 跑完整套 SunSpider 总共用了多少毫秒？", EXPERIMENTS, "short time"),
    ],
)
def test_a_quantity_asked_needs_a_value_in_its_unit(question, text, quantity):
    assert quantity in [q.name for q in quantities_asked(question)]
    assert not states_units(question, text)


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("How much RAM, in GB, did the test machine have?", EXPERIMENTS),
        ("What boundary, in bytes, are the garbage-collected blocks aligned to?", ALIGNED),
        ("SunSpider里的程序平均每个跑多少毫秒？", SUNSPIDER),
        ("How many milliseconds does a SunSpider program run on average?", SUNSPIDER),
        # no quantity of the check asked: answerability's own attributes read these
        ("What's the hottest the pump bearings are allowed to get?", MANUAL),
        ("How many MS-40 seal kits should each station keep?", MANUAL),  # MS-40 is no unit
        ("The gauge shows 6.4 bar - must we stop the pump?", INSPECTION),
        ("PM2.5年均浓度是多少微克每立方米？", BULLETIN),
        ("那家企业超标排污当天测到的COD是多少？", DECISION),
        ("Is there a required interval for replacing the impeller?", MANUAL),
        # a version named, not asked; a sum in the currency stated
        ("How many x86 instructions does the compiled version of the sieve's loop need?", COSTS),
        ("What do the authors plan to add regarding recursion in future versions?", COSTS),
        ("In RMB, what did the authorities order the offender to pay?", DECISION),
        ("What does a seal kit cost in US dollars?", MANUAL),
    ],
)
def test_a_chunk_stating_the_unit_or_no_quantity_asked_passes(question, text):
    assert states_units(question, text)


def test_the_pipeline_refuses_a_neighbouring_rating_under_units():
    question = "Which motor power rating do the station pumps have?"
    assert _run(question, MANUAL, 0.86, UNITS).public.status == "NO_EVIDENCE"
    answered = _run(
        "How many grams of grease does each bearing lubrication take?", MANUAL, 0.86, UNITS
    )
    assert answered.public.status == "OK"


_WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ,.?", max_size=60)


@given(prefix=_WORDS, number=st.integers(min_value=1, max_value=9999))
def test_each_quantity_passes_a_chunk_with_its_own_unit(prefix, number):
    # each quantity's own units, said after a number (a version after its name), are a value
    said = {
        "power": f"{number} kW",
        "flow": f"{number} m3/h",
        "torque": f"{number} Nm",
        "voltage": f"{number} V",
        "current": f"{number} A",
        "sound": f"{number} dB",
        "rotation": f"{number} rpm",
        "length": f"{number} mm",
        "data": f"{number} KB",
        "short time": f"{number} ms",
        "vibration": f"{number} mm/s",
        "money": f"{number} USD",
        "code size": f"{number} lines",
        "version": f"version {number}",
    }
    assert set(said) == {q.name for q in QUANTITIES}
    for quantity in QUANTITIES:
        chunk = f"{prefix} {said[quantity.name]} ."
        assert quantity.stated.search(chunk), (quantity.name, chunk)


@given(text=st.text(alphabet="abcdefghijklmnopqrstuvwxyz ,.?", max_size=80))
def test_no_number_no_value_of_any_quantity(text):
    # a value is a number and its unit: words alone state none
    assert not any(q.stated.search(text) for q in QUANTITIES)
