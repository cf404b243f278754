"""/metrics in Prometheus's text format, for operators only.

It is answered by the probe middleware (justalllowgod/health.py), before redirects, Host checks and
rate limits, so a scraper on loopback can read each server process directly. It is not public: a
request must come from an address in `DJANGO_METRICS_ALLOWED_ADDRESSES` (loopback by default; behind
the proxy this is the visitor's own address, so the world never matches) or carry
`Authorization: Bearer <DJANGO_METRICS_TOKEN>` (32 characters or more, or start-up refuses).
Anyone else gets a plain 404. Only the exact path `/metrics` is answered.
"""

from __future__ import annotations

import hmac

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound
from django.utils.cache import add_never_cache_headers
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

from justalllowgod.lib.addresses import connection_address, request_address

# The one path metrics are answered on: "/metrics/" or "/metrics//" are other paths (a 404 page).
METRICS_PATH = "/metrics"


def _bearer(request: HttpRequest) -> str:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def may_read_metrics(request: HttpRequest) -> bool:
    """An allowed address, or the operators' token."""
    token = settings.METRICS_TOKEN
    if token and hmac.compare_digest(_bearer(request).encode(), token.encode()):
        return True
    # Both the address the site reads and the connection's own: an address of a trusted network
    # may send forwarding headers, and must not read metrics by naming loopback in them.
    allowed = settings.METRICS_ALLOWED_ADDRESSES
    return request_address(request.META) in allowed and connection_address(request.META) in allowed


def metrics(request: HttpRequest) -> HttpResponse:
    """This process's counters, gauges and histograms (game/metrics.py), and the process's own."""
    if not may_read_metrics(request):
        return HttpResponseNotFound("Not found", content_type="text/plain")
    response = HttpResponse(generate_latest(REGISTRY), content_type=CONTENT_TYPE_LATEST)
    add_never_cache_headers(response)
    return response
