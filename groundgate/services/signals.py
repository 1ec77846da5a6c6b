"""Signals the services send so other apps can keep derived data in step.

cases_changed(case_ids=[...]) is sent inside the writing transaction after gate runs were added,
so receivers (the review queue index) commit or roll back with the records.
"""

from django.dispatch import Signal

cases_changed = Signal()
