"""Label Studio tasks from export records and annotations back (its JSON task format)."""

from groundgate.integrations.labelstudio.tasks import (
    LABEL_CONFIG,
    Evidence,
    PageImage,
    PageSize,
    box_value,
    record_task,
    rotate_box,
    unrotate_box,
)

__all__ = [
    "LABEL_CONFIG",
    "Evidence",
    "PageImage",
    "PageSize",
    "box_value",
    "record_task",
    "rotate_box",
    "unrotate_box",
]
