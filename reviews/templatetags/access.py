"""{% may dataset "import" as may_import %}: asks groundgate.access whether the page's user may do
an action in a dataset (which links the navigation offers; the views check again)."""

from typing import Any, cast

from django import template
from django.template.context import Context

from groundgate.access import Action, member_role, role_may
from groundgate.models import Dataset

register = template.Library()


@register.simple_tag(takes_context=True)
def may(context: Context, dataset: Dataset | None, action: str) -> bool:
    user = context.get("user")
    if dataset is None or user is None:
        return False
    # The user's role is asked once per rendering (the navigation asks for two actions), or
    # not at all when the view gives the access it decided with (`access`, a DatasetAccess).
    # A tag's own state (Django's documented use of render_context), whose values django-stubs
    # types as the template loader's only.
    state = cast(Any, context.render_context)
    roles: dict[tuple[Any, Any], str | None] = state.setdefault("groundgate_roles", {})
    key = (user.pk, dataset.pk)
    if key not in roles:
        given = context.get("access")
        if given is not None and given.dataset.pk == dataset.pk:
            roles[key] = given.role
        else:
            roles[key] = member_role(user=user, dataset=dataset)
    return role_may(roles[key], Action(action))
