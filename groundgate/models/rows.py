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

from collections.abc import Iterable, Iterator, Sequence

from django.db import DEFAULT_DB_ALIAS, connection, connections, models
from django.utils import timezone

MAX_ROWS = 200


_heads: dict[tuple, tuple[str, tuple[models.Field, ...]]] = {}
_readers: dict[tuple, list] = {}
_columns: dict[tuple, str] = {}


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


def _values(obj: models.Model, fields: tuple[models.Field, ...], stamp=None, db=None) -> list:
    """The row's values as the fields prepare them; auto_now(_add) timestamps are set on the
    object, as a save would (from `stamp`, _stamp's pair, when given). `db`: the connection
    itself, looked up once per statement by the caller (each attribute of the `connection`
    proxy is a thread-local lookup, and a JSON field asks it for several)."""
    if db is None:
        db = connections[DEFAULT_DB_ALIAS]
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
        values.append(field.get_db_prep_save(field.pre_save(obj, True), db))
    return values


def _saved(obj: models.Model, alias: str = DEFAULT_DB_ALIAS) -> None:
    obj._state.adding = False
    obj._state.db = alias


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
    tail = " ON CONFLICT DO NOTHING" if ignore_conflicts else ""
    with connection.cursor() as cursor:
        for sql, params in _insert_statements(objs, tail):
            cursor.execute(sql, params)
    for obj in objs:
        _saved(obj)


def _insert_statements(objs: Sequence[models.Model], tail: str) -> Iterator[tuple[str, list]]:
    """The INSERT statements of `objs` (all of one model) and their parameters: at most
    MAX_ROWS rows each, well under SQLite's limit of bound values; `tail` ends each one."""
    head, fields = _insert_head(type(objs[0]), connection.vendor)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    for start in range(0, len(objs), MAX_ROWS):
        batch = objs[start : start + MAX_ROWS]
        stamp = _stamp(fields)
        db = connections[DEFAULT_DB_ALIAS]
        params = [value for obj in batch for value in _values(obj, fields, stamp, db)]
        yield f"{head} VALUES {', '.join([row] * len(batch))}{tail}", params


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
    pk, key_field = model._meta.pk, model._meta.get_field(key)
    by_key = {getattr(obj, key_field.attname): obj for obj in objs}
    if len(by_key) != len(objs):
        raise ValueError(f"rows_insert_keyed: two objects share a {key}")
    quote = connection.ops.quote_name
    tail = " ON CONFLICT DO NOTHING" if ignore_conflicts else ""
    tail += f" RETURNING {quote(pk.column)}, {quote(key_field.column)}"
    inserted = set()
    with connection.cursor() as cursor:
        for sql, params in _insert_statements(objs, tail):
            cursor.execute(sql, params)
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
    key = (model._meta.label, alias, names, connection.vendor)
    if key not in _columns:
        quote = connection.ops.quote_name
        readers = _reader(model, names, connection.vendor)
        _columns[key] = ", ".join(f"{alias}.{quote(field.column)}" for field, _, _ in readers)
    return _columns[key]


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


def rows_copy(model: type[models.Model], names: Sequence[str], rows: Iterable[Sequence]) -> None:
    """INSERT many rows of `model` given as plain column values already in their database form
    (JSON columns as JSON text, timestamps as a field's get_db_prep_save gives them), in the order
    of `names`: COPY FROM STDIN on PostgreSQL, one executemany on SQLite. For bulk writes of
    thousands of rows (a book's chunks) where building a model instance and preparing each value
    through its field is most of the time. No primary keys are read back; no signals."""
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    columns = ", ".join(quote(model._meta.get_field(name).column) for name in names)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # psycopg 3's COPY: rows stream to the server in large writes, parsed there.
            with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            placeholders = ", ".join(["%s"] * len(names))
            cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({placeholders})", rows)


class RowPlan:
    """INSERTs of rows that are written together (a new case, its gate run and its queue rows),
    planned first and then sent at once by `execute`.

    A planned row may point at another planned row that has no primary key yet (a new case):
    its foreign key takes that row's key once it is known. On PostgreSQL the whole plan is one
    statement, a data-modifying CTE whose later INSERTs read the new key from the first one's
    RETURNING: one round trip instead of one per row, and in autocommit no BEGIN and COMMIT (a
    single statement is its own transaction, all or nothing). On SQLite, where a statement
    costs no round trip and WITH cannot hold an INSERT, the rows are inserted one statement at
    a time, in the order planned, in the caller's transaction.
    """

    def __init__(self) -> None:
        # (objs, ignore_conflicts, key) per INSERT; (sql, params) per statement of the caller's.
        self._inserts: list[tuple[list[models.Model], bool, bool]] = []
        self._statements: list[tuple[str, list]] = []

    def insert(
        self, objs: Sequence[models.Model], *, key: bool = False, ignore_conflicts: bool = False
    ) -> None:
        """Plan one INSERT of `objs` (all of one model, a few rows). key=True: one row, whose
        new auto primary key is read back and set at `execute` (rows planned later may point
        at it). `ignore_conflicts`: a row whose unique key is taken is skipped."""
        if key and (len(objs) != 1 or ignore_conflicts):
            raise ValueError("a key is read back for one row that is always inserted")
        if objs:
            self._inserts.append((list(objs), ignore_conflicts, key))

    def statement(self, sql: str, params: Sequence) -> None:
        """Plan a statement of the caller's (an INSERT ... ON CONFLICT upsert), sent after the
        planned rows. It may not refer to a planned row's new key."""
        self._statements.append((sql, list(params)))

    @property
    def single_statement(self) -> bool:
        """Whether `execute` sends one statement (then it needs no transaction around it)."""
        return connection.vendor == "postgresql"

    def execute(self) -> None:
        if connection.vendor == "postgresql":
            self._execute_as_one()
        else:
            self._execute_each()

    def _pending(self) -> dict[int, int]:
        """id() of each planned row whose new primary key is read back -> its INSERT's index."""
        return {id(objs[0]): index for index, (objs, _, key) in enumerate(self._inserts) if key}

    @staticmethod
    def _refs(obj: models.Model, fields, pending: dict[int, int]) -> dict[int, int]:
        """Position of each foreign key of `obj` that points at a planned row without a key
        yet -> that row's INSERT index."""
        refs = {}
        for position, field in enumerate(fields):
            if field.is_relation:
                target = field.get_cached_value(obj, None)
                if target is not None and id(target) in pending:
                    refs[position] = pending[id(target)]
        return refs

    def _execute_each(self) -> None:
        for objs, ignore, key in self._inserts:
            for obj in objs:
                _point_at_saved(obj)
            if key:
                row_insert(objs[0])
            else:
                rows_insert(objs, ignore_conflicts=ignore)
        with connection.cursor() as cursor:
            for sql, params in self._statements:
                cursor.execute(sql, params)

    def _execute_as_one(self) -> None:
        quote = connection.ops.quote_name
        pending = self._pending()
        parts, returned = [], []
        params = _NamedParams()
        db = connections[DEFAULT_DB_ALIAS]  # looked up once, as _insert_statements does
        for index, (objs, ignore, key) in enumerate(self._inserts):
            model = type(objs[0])
            head, fields = _insert_head(model, connection.vendor)
            rows = []
            types = _column_types(fields)
            for obj in objs:
                refs = self._refs(obj, fields, pending)
                values = _values(obj, fields, db=db)
                cells = []
                for position, value in enumerate(values):
                    if position in refs:
                        pk = quote(type(self._inserts[refs[position]][0][0])._meta.pk.column)
                        cells.append(f"(SELECT {pk} FROM w{refs[position]})")
                    else:
                        cells.append(params.placeholder(value, types[position]))
                rows.append("(" + ", ".join(cells) + ")")
            sql = f"{head} VALUES {', '.join(rows)}"
            if ignore:
                sql += " ON CONFLICT DO NOTHING"
            if key:
                sql += f" RETURNING {quote(model._meta.pk.column)}"
                returned.append((index, objs[0]))
            parts.append(f"w{index} AS ({sql})")
        for number, (sql, statement_params) in enumerate(self._statements):
            parts.append(f"s{number} AS ({params.named(sql, statement_params)})")
        pk_of = {index: quote(obj._meta.pk.column) for index, obj in returned}
        select = ", ".join(f"(SELECT {pk_of[index]} FROM w{index})" for index, _ in returned)
        with connection.cursor() as cursor:
            cursor.execute(f"WITH {', '.join(parts)} SELECT {select or '1'}", params.values)
            new_keys = cursor.fetchone() if returned else ()
        for (_, obj), new_key in zip(returned, new_keys, strict=True):
            obj.pk = new_key
        for objs, _, _ in self._inserts:
            for obj in objs:
                _point_at_saved(obj)
                _saved(obj)


class _NamedParams:
    """The parameters of one statement as %(pN)s, each distinct plain value sent once.

    A new case repeats its dataset id, kind, id, question, status and codes across the tables
    it writes (52 values, ~30 distinct). psycopg caches the parsing of a statement's text only
    when it has at most 50 parameters (psycopg._queries.MAX_CACHED_STATEMENT_PARAMS); past that
    it re-splits the whole text on every call, and quotes every repeat again. A str, int, bool
    or None is shared with an equal earlier one of the same type (True and 1 stay apart); any
    other value (JSON, a timestamp, an enum member) only with the same object. With
    client-side binding each value is written into the text as a literal and any two equal
    ones may share; with server-side binding (decision 155) PostgreSQL gives a parameter one
    type, deduced from where it is first used, so a value is shared only between columns of
    the same database type, and a planned statement's values (no column known) not at all."""

    _SHARED = (str, int, bool, type(None))

    def __init__(self) -> None:
        self.values: dict[str, object] = {}
        self._names: dict[tuple, str] = {}
        self._client_side = not connection.settings_dict["OPTIONS"].get("server_side_binding")

    def placeholder(self, value, column_type: str | None = None) -> str:
        """The placeholder of `value`, bound for a column of `column_type` (None: unknown)."""
        kind = type(value)
        if kind not in self._SHARED:
            key: tuple = (kind, id(value))
        elif self._client_side:
            key = (kind, value)
        elif column_type is not None:
            key = (column_type, kind, value)
        else:
            key = (None, len(self.values))  # never shared: a key no other value has
        name = self._names.get(key)
        if name is None:
            name = self._names[key] = f"p{len(self.values)}"
            self.values[name] = value
        return f"%({name})s"

    def named(self, sql: str, params: Sequence) -> str:
        """`sql` written with %s placeholders (and no literal %), with them named."""
        if "%%" in sql or "%(" in sql:
            raise ValueError("a planned statement takes %s placeholders and no literal %")
        pieces = sql.split("%s")
        if len(pieces) != len(params) + 1:
            raise ValueError("a planned statement's placeholders and parameters differ in number")
        out = [pieces[0]]
        for value, piece in zip(params, pieces[1:], strict=True):
            out += [self.placeholder(value), piece]
        return "".join(out)


_column_type_cache: dict[int, tuple[str | None, ...]] = {}


def _column_types(fields: tuple[models.Field, ...]) -> tuple[str | None, ...]:
    """Each field's column type on this connection ("varchar(255)", "bigint", ...), once per
    field tuple (_insert_head keeps each for good)."""
    key = id(fields)
    found = _column_type_cache.get(key)
    if found is None:
        found = _column_type_cache[key] = tuple(f.db_type(connection) for f in fields)
    return found


def _point_at_saved(obj: models.Model) -> None:
    """Set each foreign key of `obj` whose cached target row got its key since it was set."""
    for field in obj._meta.concrete_fields:
        if field.is_relation:
            target = field.get_cached_value(obj, None)
            if target is not None and getattr(obj, field.attname) is None and target.pk is not None:
                setattr(obj, field.attname, target.pk)  # this drops the cached target: put back
                field.set_cached_value(obj, target)
