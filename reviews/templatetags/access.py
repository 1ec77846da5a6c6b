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
    return role_may(member_role(user=user, dataset=dataset), Action(action))
