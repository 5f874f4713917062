"""Typed errors. Every failed call raises one of these, carrying ``status``, ``body`` and the cause.

None shadows a builtin: the timeout is ``CompassTimeoutError`` (Python's own ``TimeoutError`` stays intact).
"""
from __future__ import annotations

import email.utils
import time
from typing import Any


class CompassError(Exception):
    """Base class. ``status`` is the HTTP status, or 0 when no answer arrived."""

    def __init__(self, message: str, status: int = 0, body: Any = None, request_id: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.body = body
        self.request_id = request_id
        self.short_message = message
        #: seconds the server asked to wait (``Retry-After``), when it said
        self.retry_after: float | None = None


class ValidationError(CompassError):
    """422: the request did not validate. ``detail`` lists ``{loc, msg, type}``; ``fields`` the field paths."""

    def __init__(self, body: dict[str, Any], request_id: str | None = None) -> None:
        detail = body.get("detail") if isinstance(body, dict) and isinstance(body.get("detail"), list) else []
        if isinstance(body, dict) and isinstance(body.get("message"), str):
            message = body["message"]
        else:
            message = "; ".join(
                "%s: %s" % (".".join(str(p) for p in d.get("loc", [])[1:]) or ".".join(str(p) for p in d.get("loc", [])), d.get("msg"))
                for d in detail
            ) or "Request validation failed"
        super().__init__(message, 422, body, request_id)
        self.detail = detail
        self.field_errors: dict[str, list[str]] = {}
        for d in detail:
            loc = list(d.get("loc", []))
            path = ".".join(str(p) for p in (loc[1:] if loc and loc[0] in ("body", "query", "path", "header") else loc))
            self.field_errors.setdefault(path, []).append(d.get("msg"))
        self.fields = list(self.field_errors)


class ApiError(CompassError):
    """A domain error ``{"error": label, "message": detail}``."""

    def __init__(self, status: int, body: dict[str, Any], request_id: str | None = None) -> None:
        super().__init__(body.get("message") or body.get("error"), status, body, request_id)
        self.error = body.get("error")


class HttpError(CompassError):
    """Any other non-2xx answer."""

    def __init__(self, status: int, body: Any, request_id: str | None = None) -> None:
        detail = body.get("detail") if isinstance(body, dict) else None
        super().__init__(detail if isinstance(detail, str) else "HTTP %d" % status, status, body, request_id)


class RateLimitError(HttpError):
    """429: too many requests. ``retry_after`` is the server's ``Retry-After`` in seconds, when sent."""


class NetworkError(CompassError):
    """No answer: connection refused, reset, DNS failure."""


class CompassTimeoutError(NetworkError):
    """The request did not finish within ``timeout_ms``."""


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """``Retry-After`` as seconds: a number, or an HTTP date."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        at = email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0.0, at - (time.time() if now is None else now))


def error_from_response(status: int, body: Any, request_id: str | None = None, retry_after: float | None = None) -> CompassError:
    err = _error_from_response(status, body, request_id)
    err.retry_after = retry_after
    return err


def _error_from_response(status: int, body: Any, request_id: str | None = None) -> CompassError:
    if status == 429:
        return RateLimitError(status, body, request_id)
    """A 422 listing fields (``detail: [...]``) is a ValidationError; a 422 business rule in the domain
    envelope (e.g. "Account not whitelisted") is an ApiError, like every other ``{error, message}``."""
    domain = isinstance(body, dict) and isinstance(body.get("error"), str) and isinstance(body.get("message"), str)
    listed = isinstance(body, dict) and isinstance(body.get("detail"), list) and len(body["detail"]) > 0
    if status == 422 and (listed or not domain):
        return ValidationError(body if isinstance(body, dict) else {}, request_id)
    if domain:
        return ApiError(status, body, request_id)
    return HttpError(status, body, request_id)
