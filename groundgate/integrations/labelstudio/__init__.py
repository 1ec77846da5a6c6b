"""Label Studio tasks from export records (the Basic Label Studio JSON task format)."""

from groundgate.integrations.labelstudio.tasks import LABEL_CONFIG, PageSize, record_task

__all__ = ["LABEL_CONFIG", "PageSize", "record_task"]
