"""Whole-row INSERTs and rows read by key without the ORM's query compiler, for the gate service's
write path (issue 15).

Measured on this project's hot path, compiling an ORM statement costs 1-2 ms of Python (a
token lookup: ~1.2 ms through the ORM, ~0.06 ms as the same SQL through the cursor), which is
most of a gate request. These helpers build each statement's text once per model from the
model's own field list and prepare each value with the field's own `get_db_prep_save`, as
`bulk_create` does, so a stored row is the same whichever path wrote it (tests compare them).
They send no signals, like `bulk_create`; nothing in this project listens to model signals.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import connection, models
from django.utils import timezone

MAX_ROWS = 200


_heads: dict[tuple, tuple[str, tuple[models.Field, ...]]] = {}
_readers: dict[tuple, list] = {}


def _insert_head(model: type[models.Model], vendor: str) -> tuple[str, tuple[models.Field, ...]]:
    """'INSERT INTO "table" ("a", "b")' and the fields it names, for `model` (the
    auto-incremented primary key is left to the database). Built once per model."""
    key = (model._meta.label, vendor)
    if key in _heads:
        return _heads[key]
    quote = connection.ops.quote_name
    fields = tuple(
        f
        for f in model._meta.concrete_fields
        if not (f.primary_key and isinstance(f, models.AutoField | models.BigAutoField))
    )
    columns = ", ".join(quote(f.column) for f in fields)
    _heads[key] = (f"INSERT INTO {quote(model._meta.db_table)} ({columns})", fields)
    return _heads[key]


# Fields whose get_db_prep_save returns a value of this exact type unchanged (their to_python
# and get_prep_value are the identity on it, on SQLite and PostgreSQL alike): such a value is
# sent as it is, which skips three calls per column. Any other value, or any other field (JSON,
# dates, a subclass that may prepare differently), goes through get_db_prep_save.
_AS_IS: dict[type, type] = {
    models.CharField: str,
    models.TextField: str,
    models.BooleanField: bool,
    models.IntegerField: int,
    models.BigIntegerField: int,
    models.SmallIntegerField: int,
    models.PositiveIntegerField: int,
    models.PositiveSmallIntegerField: int,
    models.AutoField: int,
    models.BigAutoField: int,
}
_Preparer = list[tuple[models.Field, str, type | None, bool]]
_preparers: dict[int, _Preparer] = {}


def _preparer(fields: tuple[models.Field, ...]) -> _Preparer:
    """Per field: the field, its attname, the type sent as it is (or None), and whether it is
    an auto_now / auto_now_add timestamp. Keyed by the identity of the field tuple _insert_head
    keeps for good."""
    key = id(fields)
    if key not in _preparers:
        found = []
        for f in fields:
            # A foreign key is prepared as its target field (ForeignKey.get_db_prep_save).
            target = f.target_field if f.many_to_one or f.one_to_one else f
            stamped = isinstance(f, models.DateTimeField) and (f.auto_now or f.auto_now_add)
            found.append((f, f.attname, _AS_IS.get(type(target)), stamped))
        _preparers[key] = found
    return _preparers[key]


def _stamp(fields: tuple[models.Field, ...]):
    """The timestamp of one statement's auto_now(_add) fields, and the same prepared for the
    database: every row of one INSERT gets the same instant (as PostgreSQL's now() is one per
    transaction), taken and prepared once rather than per row."""
    now = timezone.now()
    stamped = [f for f, _, _, is_stamp in _preparer(fields) if is_stamp]
    return now, (stamped[0].get_db_prep_save(now, connection) if stamped else None)


def _values(obj: models.Model, fields: tuple[models.Field, ...], stamp=None) -> list:
    """The row's values as the fields prepare them; auto_now(_add) timestamps are set on the
    object, as a save would (from `stamp`, _stamp's pair, when given)."""
    values = []
    for field, attname, as_is, is_stamp in _preparer(fields):
        if as_is is not None:
            value = getattr(obj, attname)
            if value is None or type(value) is as_is:
                values.append(value)
                continue
        elif is_stamp and stamp is not None:
            setattr(obj, attname, stamp[0])
            values.append(stamp[1])
            continue
        values.append(field.get_db_prep_save(field.pre_save(obj, True), connection))
    return values


def _saved(obj: models.Model) -> None:
    obj._state.adding = False
    obj._state.db = connection.alias


def row_insert(obj: models.Model) -> models.Model:
    """INSERT `obj` as one row and set its primary key (RETURNING, on SQLite and PostgreSQL).
    Raises IntegrityError like save() would."""
    model = type(obj)
    head, fields = _insert_head(model, connection.vendor)
    placeholders = ", ".join(["%s"] * len(fields))
    pk = model._meta.pk
    sql = f"{head} VALUES ({placeholders})"
    returning = pk not in fields
    if returning:
        sql += f" RETURNING {connection.ops.quote_name(pk.column)}"
    with connection.cursor() as cursor:
        cursor.execute(sql, _values(obj, fields))
        if returning:
            obj.pk = cursor.fetchone()[0]
    _saved(obj)
    return obj


def rows_insert(objs: Sequence[models.Model], *, ignore_conflicts: bool = False) -> None:
    """INSERT a few `objs` (all of one model) in one statement; their primary keys are not read
    back. `ignore_conflicts`: a row whose unique key is taken is skipped (ON CONFLICT DO NOTHING,
    on SQLite and PostgreSQL)."""
    if not objs:
        return
    head, fields = _insert_head(type(objs[0]), connection.vendor)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    tail = " ON CONFLICT DO NOTHING" if ignore_conflicts else ""
    with connection.cursor() as cursor:
        # Statements of at most MAX_ROWS rows, well under SQLite's limit of bound values.
        for start in range(0, len(objs), MAX_ROWS):
            batch = objs[start : start + MAX_ROWS]
            stamp = _stamp(fields)
            params = [value for obj in batch for value in _values(obj, fields, stamp)]
            cursor.execute(f"{head} VALUES {', '.join([row] * len(batch))}{tail}", params)
    for obj in objs:
        _saved(obj)


def rows_insert_keyed(
    objs: Sequence[models.Model], *, key: str, ignore_conflicts: bool = False
) -> list[models.Model]:
    """INSERT `objs` (all of one model, a batch of an import) in statements of MAX_ROWS rows and
    set each inserted one's primary key; returns the inserted objects, in their order. `key`
    names a field whose value differs from one obj to the next (a case's external_id within one
    dataset and kind, a run's case): the primary keys come back as RETURNING (pk, key) and are
    matched by it, since SQLite does not promise RETURNING's rows in the order of VALUES.
    `ignore_conflicts`: a row whose unique key is taken is skipped (ON CONFLICT DO NOTHING) and
    left without a primary key, so the caller can tell which rows the database refused."""
    if not objs:
        return []
    model = type(objs[0])
    head, fields = _insert_head(model, connection.vendor)
    pk, key_field = model._meta.pk, model._meta.get_field(key)
    by_key = {getattr(obj, key_field.attname): obj for obj in objs}
    if len(by_key) != len(objs):
        raise ValueError(f"rows_insert_keyed: two objects share a {key}")
    quote = connection.ops.quote_name
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    tail = " ON CONFLICT DO NOTHING" if ignore_conflicts else ""
    tail += f" RETURNING {quote(pk.column)}, {quote(key_field.column)}"
    inserted = set()
    with connection.cursor() as cursor:
        for start in range(0, len(objs), MAX_ROWS):
            batch = objs[start : start + MAX_ROWS]
            stamp = _stamp(fields)
            params = [value for obj in batch for value in _values(obj, fields, stamp)]
            cursor.execute(f"{head} VALUES {', '.join([row] * len(batch))}{tail}", params)
            for pk_value, key_value in cursor.fetchall():
                obj = by_key[key_value]
                obj.pk = pk_value
                _saved(obj)
                inserted.add(key_value)
    return [obj for obj in objs if getattr(obj, key_field.attname) in inserted]


def _reader(model: type[models.Model], names: tuple[str, ...], vendor: str) -> list:
    """The fields named `names` (all concrete fields when empty) and each one's converters, the
    same ones the ORM applies to a column it reads (SQLite's text timestamps become aware
    datetimes, its integers booleans, and so on). Found once per model and field list."""
    key = (model._meta.label, names, vendor)
    if key in _readers:
        return _readers[key]
    # In the model's field order, which from_db expects of a partial row.
    wanted = {model._meta.get_field(n) for n in names}
    fields = [f for f in model._meta.concrete_fields if not names or f in wanted]
    readers = []
    for field in fields:
        col = field.get_col(model._meta.db_table)
        converters = [*connection.ops.get_db_converters(col), *col.get_db_converters(connection)]
        readers.append((field, col, converters))
    _readers[key] = readers
    return readers


def columns(model: type[models.Model], alias: str, names: tuple[str, ...] = ()) -> str:
    """The SELECT list for `model`'s row under table alias `alias` (see instance_from)."""
    quote = connection.ops.quote_name
    readers = _reader(model, names, connection.vendor)
    return ", ".join(f"{alias}.{quote(field.column)}" for field, _, _ in readers)


def instance_from(model: type[models.Model], row: Sequence, names: tuple[str, ...] = ()):
    """A `model` instance from the values a `columns(model, alias, names)` list selected, as the
    ORM would have built it; fields left out are deferred (read on first use)."""
    readers = _reader(model, names, connection.vendor)
    values = []
    for (_field, col, converters), value in zip(readers, row, strict=True):
        for convert in converters:
            value = convert(value, col, connection)
        values.append(value)
    return model.from_db(connection.alias, [f.attname for f, _, _ in readers], values)
