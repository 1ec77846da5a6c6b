"""Stored files when the disk fails: a full disk stores nothing, a lost file is a clear answer.

StorageFull (507 Insufficient Storage) and DocumentFileMissing (410 Gone) are answered by
groundgate.middleware.StoredFileMiddleware on pages and by groundgate.api.errors on the API,
so every view that reads or writes a document's file gets the same answer without a 500.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os

from django.core.files.base import ContentFile
from django.core.files.storage import FileSystemStorage, Storage

from groundgate.models import Document

log = logging.getLogger(__name__)

# The errors that mean "there is no room" (a full file system, a quota), not a bug.
NO_SPACE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


class StorageFull(Exception):
    """The file could not be stored for lack of space; nothing was kept."""

    def __init__(self, message: str = "the server's storage is full; nothing was stored") -> None:
        super().__init__(message)
        self.message = message


class DocumentFileMissing(Exception):
    """A document row whose stored file is gone (lost in a restore, deleted by hand)."""

    def __init__(self, document: Document) -> None:
        message = (
            f"the stored file of document {document.pk} ({document.title!r}) is missing; "
            "upload the PDF again to restore it"
        )
        super().__init__(message)
        self.message = message
        self.document_id = document.pk


def no_space(exc: BaseException) -> bool:
    return isinstance(exc, OSError) and exc.errno in NO_SPACE_ERRNOS


def document_file_store(document: Document, name: str, data: bytes) -> None:
    """Store `data` as the document's file (not saving the row). On a full disk the partly
    written file is deleted and StorageFull raised, so the caller's transaction rolls back with
    nothing on disk either."""
    field = document.file
    storage = field.storage
    target = storage.get_available_name(field.field.generate_filename(document, name))
    try:
        field.save(target.rsplit("/", 1)[-1], ContentFile(data), save=False)
    except OSError as exc:
        if not no_space(exc):
            raise
        with contextlib.suppress(OSError):
            storage.delete(target)
        _remove_empty_folders(storage, target)
        field.name = None
        log.warning("upload refused, storage full: %s", exc)
        raise StorageFull() from exc


def document_file_exists(document: Document) -> bool:
    return bool(document.file) and document.file.storage.exists(document.file.name)


def document_file_bytes(document: Document) -> bytes:
    """The bytes of the document's stored file; DocumentFileMissing when there is none."""
    if not document.file:
        raise DocumentFileMissing(document)
    try:
        with document.file.open("rb") as fh:
            data: bytes = fh.read()
    except FileNotFoundError:
        raise DocumentFileMissing(document) from None
    return data


def _remove_empty_folders(storage: Storage, name: str) -> None:
    """The folders made for a file that was not stored, while empty, up to the storage root."""
    if not isinstance(storage, FileSystemStorage):  # a storage without local folders
        return
    root = os.path.realpath(storage.location)
    folder = os.path.realpath(os.path.dirname(storage.path(name)))
    while folder != root and folder.startswith(root + os.sep):
        try:
            os.rmdir(folder)
        except OSError:  # not empty: another file lives there
            return
        folder = os.path.dirname(folder)
