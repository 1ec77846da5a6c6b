"""The app's own 500 page (templates/500.html): what a reviewer whose save failed on the server
reads - that it was not saved, and that going back keeps what she entered."""

from __future__ import annotations

from django.test import RequestFactory
from django.views.defaults import server_error


def test_a_server_error_says_nothing_was_saved_and_how_to_get_the_input_back():
    # Django's own handler, as DEBUG=False serves it: the template renders with no context.
    response = server_error(RequestFactory().post("/d/demo/cases/1/review"))
    page = response.content.decode()
    assert response.status_code == 500
    assert 'id="error-500"' in page
    assert "it was not saved" in page
    assert "still holds what you entered" in page
    assert "/static/css/groundgate.css" in page
