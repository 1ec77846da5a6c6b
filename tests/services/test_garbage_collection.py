"""An import leaves the objects alive before it out of the collector's full passes, and puts
them back when it ends, however it ends."""

import gc
import threading

import pytest

from groundgate.services.garbage_collection import old_objects_frozen


def test_objects_alive_before_are_frozen_during_and_back_after():
    assert gc.get_freeze_count() == 0
    with old_objects_frozen():
        assert gc.get_freeze_count() > 1000  # Django, the modules, the test session
    assert gc.get_freeze_count() == 0


def test_an_inner_scope_freezes_what_the_outer_built_and_only_the_last_exit_unfreezes():
    with old_objects_frozen():
        outer = gc.get_freeze_count()
        built = [[i] for i in range(5000)]  # an index the first pass keeps
        with old_objects_frozen():
            assert gc.get_freeze_count() >= outer + 5000
        assert gc.get_freeze_count() > 0  # the outer import is still running
        del built
    assert gc.get_freeze_count() == 0


def test_a_failed_import_unfreezes_too():
    with pytest.raises(RuntimeError), old_objects_frozen():
        raise RuntimeError("the import failed half way")
    assert gc.get_freeze_count() == 0


def test_two_imports_in_threads_share_the_scope():
    inside, leave = threading.Event(), threading.Event()

    def other_import():
        with old_objects_frozen():
            inside.set()
            leave.wait(10)

    thread = threading.Thread(target=other_import)
    thread.start()
    inside.wait(10)
    with old_objects_frozen():
        pass
    assert gc.get_freeze_count() > 0  # the other thread's import has not ended
    leave.set()
    thread.join(10)
    assert gc.get_freeze_count() == 0
