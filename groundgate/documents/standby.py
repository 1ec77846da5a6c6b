"""A fresh isolated child (documents/isolated.py), started ahead of time.

Starting the child costs ~0.15 s before it can read a byte of the PDF, most of it importing
PyMuPDF: for a 14-page paper that is a third of its ingestion. So after each job, the next child
is started in the background: it imports what it needs and waits, untouched, for its job on
stdin (it sets its limits when the job comes, before reading the PDF, as a child started on
demand does). Every job still gets a process that has never seen another file; only the import
is taken off the caller's wait. The first job of a process starts its child on demand.

One waiting child per process (worker) at most; a forked process (a pre-forking server's workers)
never uses its parent's. The waiting child ends when this process ends (its stdin closes).

No Django here, like the rest of groundgate.documents.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import subprocess
import sys
import threading

COMMAND = [sys.executable, "-m", "groundgate.documents.isolated"]

_lock = threading.Lock()
# (pid of the process that started it, child)
_waiting: tuple[int, subprocess.Popen[bytes]] | None = None


def child_start() -> subprocess.Popen[bytes]:
    """A child ready for one job: the one started ahead of time if it is still alive, else a new
    one."""
    global _waiting
    with _lock:
        waiting, _waiting = _waiting, None
    if waiting is not None:
        owner, child = waiting
        if owner == os.getpid() and child.poll() is None:
            return child
        if owner == os.getpid():
            _close(child)
    return _spawn()


def child_prepare_next() -> None:
    """Start the next job's child now, in the background, unless one is waiting already."""
    global _waiting
    with _lock:
        if _waiting is not None and _waiting[0] == os.getpid() and _waiting[1].poll() is None:
            return
        _waiting = (os.getpid(), _spawn())


def _spawn() -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


def _close(child: subprocess.Popen[bytes]) -> None:
    """End a waiting child: without a job it reads the end of its stdin and exits at once."""
    for stream in (child.stdin, child.stdout, child.stderr):
        with contextlib.suppress(OSError):
            stream.close()  # type: ignore[union-attr]
    try:
        child.wait(timeout=2)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()


def _forget_in_forked_process() -> None:
    """A fork of this process (a server's worker) must not share the waiting child, nor keep its
    stdin open (the child would then outlive the process that started it)."""
    global _waiting
    if _waiting is not None:
        for stream in (_waiting[1].stdin, _waiting[1].stdout, _waiting[1].stderr):
            with contextlib.suppress(OSError):
                # This process's copy of the pipe only.
                stream.close()  # type: ignore[union-attr]
        _waiting = None


@atexit.register
def _end_waiting_child() -> None:
    global _waiting
    if _waiting is not None and _waiting[0] == os.getpid():
        _close(_waiting[1])
    _waiting = None


os.register_at_fork(after_in_child=_forget_in_forked_process)
