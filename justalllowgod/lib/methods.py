"""Form doors that also answer an address typed, reloaded or shared: a GET goes to a page."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect

# Where a GET goes: a URL or URL name, or a function of the view's URL arguments that gives a URL.
Destination = str | Callable[..., str]


def post_only(go_to: Destination) -> Callable:
    """Acts only on POST, like require_POST; a GET or HEAD is sent to the page the form lives on.

    Django's require_POST answers a GET with a blank 405, which is what a family saw after typing
    /play-now/ in the address bar or reloading after a Leave. Other methods still get 405.
    """

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method in ("GET", "HEAD"):
                # redirect() resolves a URL name at request time, once the URLconf is loaded.
                return redirect(go_to(*args, **kwargs) if callable(go_to) else go_to)
            if request.method != "POST":
                return HttpResponseNotAllowed(
                    ["GET", "HEAD", "POST"], "This address takes a button on one of our pages."
                )
            return view(request, *args, **kwargs)

        return wrapper

    return decorator
