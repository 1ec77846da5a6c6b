"""Versioned gate policies. Anything that can change a verdict lives in a policy; its sha256 is
written into every verdict so a stored verdict can always be traced to the exact configuration."""

from __future__ import annotations

from functools import cached_property

from pydantic import BaseModel, ConfigDict

from groundgate.engine.canonical import sha256_of


class GatePolicy(BaseModel):
    """Base class: frozen, strict about unknown keys, hashable by content."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    policy_version: str

    @cached_property
    def sha256(self) -> str:
        return sha256_of(self.model_dump(mode="json"))
