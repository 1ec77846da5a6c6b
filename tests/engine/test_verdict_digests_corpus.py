"""The corpus set's verdicts, byte for byte, under each policy (tests/engine/digests.py)."""

from __future__ import annotations

import pytest

from tests.engine.digests import assert_set_unchanged, verdict_digests


@pytest.mark.parametrize("policy_name", list(verdict_digests.POLICIES))
def test_corpus_verdicts_are_byte_identical_to_the_stored_digests(policy_name):
    assert_set_unchanged("corpus", policy_name)
