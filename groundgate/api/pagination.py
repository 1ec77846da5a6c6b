from rest_framework.pagination import CursorPagination


class IdCursorPagination(CursorPagination):
    """Cursor pagination in id order: stable under inserts, cheap at any depth."""

    ordering = "id"
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500
