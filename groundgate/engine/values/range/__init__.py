"""Ranges: two values of one kind read as one ("10-20%", "3-5 million", "5-10pm", "2019—2023年").
See kind.py; the grammar reads them in numbers.py (and "5-10pm" in values/range/rules_en.py)."""
