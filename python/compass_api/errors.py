"""Typed errors. Every failed call raises one of these, carrying ``status``, ``body`` and the cause."""


class CompassError(Exception):
    """Base class. ``status`` is the HTTP status, or 0 when no answer arrived."""

    def __init__(self, message, status=0, body=None, request_id=None):
        super().__init__(message)
        self.status = status
        self.body = body
        self.request_id = request_id
        self.short_message = message


class ValidationError(CompassError):
    """422: the request did not validate. ``detail`` lists ``{loc, msg, type}`` naming each field."""

    def __init__(self, body, request_id=None):
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


class ApiError(CompassError):
    """A domain error ``{"error": label, "message": detail}``."""

    def __init__(self, status, body, request_id=None):
        super().__init__(body.get("message") or body.get("error"), status, body, request_id)
        self.error = body.get("error")


class HttpError(CompassError):
    """Any other non-2xx answer."""

    def __init__(self, status, body, request_id=None):
        detail = body.get("detail") if isinstance(body, dict) else None
        super().__init__(detail if isinstance(detail, str) else "HTTP %d" % status, status, body, request_id)


class NetworkError(CompassError):
    """No answer: connection refused, reset, DNS failure."""


class TimeoutError(NetworkError):  # noqa: A001 - mirrors the TypeScript SDK's name
    """The request did not finish in time."""


def error_from_response(status, body, request_id=None):
    """A 422 listing fields (``detail: [...]``) is a ValidationError; a 422 business rule in the domain
    envelope (e.g. "Account not whitelisted") is an ApiError, like every other ``{error, message}``."""
    domain = isinstance(body, dict) and isinstance(body.get("error"), str) and isinstance(body.get("message"), str)
    listed = isinstance(body, dict) and isinstance(body.get("detail"), list) and len(body["detail"]) > 0
    if status == 422 and (listed or not domain):
        return ValidationError(body if isinstance(body, dict) else {}, request_id)
    if domain:
        return ApiError(status, body, request_id)
    return HttpError(status, body, request_id)
