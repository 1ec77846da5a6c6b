"""Append-only records: created once, never updated or deleted through the ORM.

Gate runs, reviews and relabels are the audit trail; "current" is always a query for the newest
row. The database adds a trigger against UPDATE (see the migrations) for anything that bypasses
the ORM.
"""

from __future__ import annotations

from typing import Any, NoReturn, TypeVar

from django.db import models

_M = TypeVar("_M", bound=models.Model)


class AppendOnlyError(Exception):
    pass


class AppendOnlyQuerySet(models.QuerySet[_M]):
    def update(self, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only: no update()")

    def delete(self) -> NoReturn:
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only: no delete()")


class AppendOnlyModel(models.Model):
    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError(f"{type(self).__name__} rows are append-only: no update")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError(f"{type(self).__name__} rows are append-only: no delete")
