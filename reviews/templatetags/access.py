"""{% may dataset "import" as may_import %}: asks groundgate.access whether the page's user may do
an action in a dataset (which links the navigation offers; the views check again)."""

from django import template

from groundgate.access import Action, member_role, role_may

register = template.Library()


@register.simple_tag(takes_context=True)
def may(context, dataset, action: str) -> bool:
    user = context.get("user")
    if dataset is None or user is None:
        return False
    # The user's role is asked once per rendering (the navigation asks for two actions), or
    # not at all when the view gives the access it decided with (`access`, a DatasetAccess).
    roles = context.render_context.setdefault("groundgate_roles", {})
    key = (user.pk, dataset.pk)
    if key not in roles:
        given = context.get("access")
        if given is not None and given.dataset.pk == dataset.pk:
            roles[key] = given.role
        else:
            roles[key] = member_role(user=user, dataset=dataset)
    return role_may(roles[key], Action(action))
