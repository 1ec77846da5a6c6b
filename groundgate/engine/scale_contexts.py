"""What a chunk declares around a figure: the scale of its table or paragraph ("(in millions)",
"单位：万元") and whether its column is in percent, looked up for an evidence value only when a
comparison needs it (number_grounding.EvidenceIndex). With declared_scale_scope "page", a
declaration also reaches the later chunks of its page (tables are often cut below their header).
Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from groundgate.engine.declarations import Declaration, declarations, declares_percent


class ChunkLike(Protocol):
    @property
    def chunk_id(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def page_index(self) -> int | None: ...


class ChunkContexts:
    """The declarations of one case's chunks, each read once, on first need."""

    def __init__(self, chunks: Sequence[ChunkLike], scale_scope: str, glued: bool = False) -> None:
        self._chunks = chunks
        self._scope = scale_scope
        self._glued = glued  # scale_headers "glued": unspaced headers declare too
        self._declarations: dict[str, list[Declaration]] = {}
        self._percent: dict[str, bool] = {}
        self._pages: dict[int, Declaration | None] = {}
        self._page_percents: dict[int, bool] = {}
        self._shared: dict[int, LazyContext] = {}
        self._by_page: dict[int | None, list[ChunkLike]] | None = None

    @property
    def scope(self) -> str:
        return self._scope

    @property
    def glued(self) -> bool:
        return self._glued

    def chunk_declarations(self, chunk: ChunkLike) -> list[Declaration]:
        key = chunk.chunk_id
        found = self._declarations.get(key)
        if found is None:
            found = self._declarations[key] = declarations(chunk.text, chunk.chunk_id, self._glued)
        return found

    def declaration(self, chunk: ChunkLike, position: int) -> Declaration | None:
        """The scale declared for a figure at `position` of `chunk`: the last declaration before
        it in the chunk, else (scope "page") the last one in an earlier chunk of the same page."""
        declaration = None
        for d in self.chunk_declarations(chunk):
            if d.span[0] <= position:
                declaration = d
        if declaration is None and self._scope == "page" and chunk.page_index is not None:
            declaration = self._page_declaration(chunk)
        return declaration

    def percent_declared(self, chunk: ChunkLike) -> bool:
        """Whether the chunk (or, scope "page", an earlier chunk of its page) declares
        percentages."""
        if self._declares_percent(chunk):
            return True
        return self._scope == "page" and chunk.page_index is not None and self._page_percent(chunk)

    def context_for(self, chunk: ChunkLike, position: int) -> LazyContext:
        """A chunk without declarations of its own gives every figure the same context (one
        object per chunk); one with declarations depends on where the figure is."""
        if self.chunk_declarations(chunk):
            return LazyContext(self, chunk, position)
        key = id(chunk)
        context = self._shared.get(key)
        if context is None:
            context = self._shared[key] = LazyContext(self, chunk, 0)
        return context

    def _earlier_on_page(self, chunk: ChunkLike) -> list[ChunkLike]:
        """The chunks before `chunk` on its page, in case order."""
        if self._by_page is None:  # the chunks of each page, in order, in one pass
            # (made whole before it is kept: the contexts of a placed reading are shared by
            # the cases that cite the same texts, number_grounding._placed)
            by_page: dict[int | None, list[ChunkLike]] = {}
            for each in self._chunks:
                by_page.setdefault(each.page_index, []).append(each)
            self._by_page = by_page
        earlier = []
        for other in self._by_page[chunk.page_index]:
            if other is chunk:
                break
            earlier.append(other)
        return earlier

    def _page_declaration(self, chunk: ChunkLike) -> Declaration | None:
        """The last declaration in the earlier chunks of the page, once per chunk."""
        key = id(chunk)
        if key not in self._pages:
            on_page = None
            for other in self._earlier_on_page(chunk):
                declared = self.chunk_declarations(other)
                on_page = declared[-1] if declared else on_page
            self._pages[key] = on_page
        return self._pages[key]

    def _page_percent(self, chunk: ChunkLike) -> bool:
        """Whether an earlier chunk of the page declares percentages, once per chunk."""
        key = id(chunk)
        found = self._page_percents.get(key)
        if found is None:
            found = self._page_percents[key] = any(
                self._declares_percent(other) for other in self._earlier_on_page(chunk)
            )
        return found

    def _declares_percent(self, chunk: ChunkLike) -> bool:
        found = self._percent.get(chunk.chunk_id)
        if found is None:
            found = self._percent[chunk.chunk_id] = declares_percent(chunk.text)
        return found


class LazyContext:
    """A value's Context, each part looked up only when a comparison needs it (most never do:
    a derivation reads only the declaration)."""

    __slots__ = ("_chunk", "_declaration", "_index", "_percent", "_position")

    def __init__(self, index: ChunkContexts, chunk: ChunkLike, position: int) -> None:
        self._index, self._chunk, self._position = index, chunk, position
        self._declaration: Declaration | _Unset | None = _UNSET
        self._percent: bool | None = None

    @property
    def declaration(self) -> Declaration | None:
        if isinstance(self._declaration, _Unset):
            self._declaration = self._index.declaration(self._chunk, self._position)
        return self._declaration

    @property
    def percent_declared(self) -> bool:
        if self._percent is None:
            self._percent = self._index.percent_declared(self._chunk)
        return self._percent


class _Unset:
    """Not looked up yet (a declaration may be None)."""


_UNSET = _Unset()
