"""Who may see and do what (house rule 7). One place, asked by every page, API view, export,
admin action and service that acts for a user:

- policies.py: the rules, as pure functions of a member's role and a few facts;
- selectors.py: the records a user may see ("which datasets", "this case, or 404").

Outsiders get 404, never 403: they cannot tell a dataset they may not see from one that does not
exist. A member whose role may not do something gets 403. Django's staff and superuser flags give
no access to datasets here (the admin site has its own permissions).
"""

from groundgate.access.policies import (
    Action,
    others_reviews_visible,
    reserved_by_others_visible,
    role_may,
)
from groundgate.access.selectors import (
    DatasetAccess,
    case_for,
    dataset_access,
    dataset_default,
    dataset_for,
    datasets_administered,
    datasets_visible,
    document_for,
    member_role,
    require,
)

__all__ = [
    "Action",
    "DatasetAccess",
    "case_for",
    "dataset_access",
    "dataset_default",
    "dataset_for",
    "datasets_administered",
    "datasets_visible",
    "document_for",
    "member_role",
    "others_reviews_visible",
    "require",
    "reserved_by_others_visible",
    "role_may",
]
