"""HTTP runtime of the SDK: urllib only. Bodies and responses are plain dicts with the wire's keys."""
from __future__ import annotations

import asyncio
import difflib
import functools
import json
import os
import random
import re
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import AsyncIterator, Iterator
from decimal import Decimal
from typing import Any

from .errors import CompassTimeoutError, NetworkError, error_from_response, parse_retry_after

_RETRY_STATUS = {429, 502, 503, 504}
_DEC = "\u0000decimal:"
SDK_HEADER = "x-compass-sdk-version"


def dumps(value: Any) -> str:
    """JSON without float rounding: Decimal values are written as exact number literals."""

    def default(o: Any) -> Any:
        if isinstance(o, Decimal):
            if not o.is_finite():
                raise ValueError("amount must be finite")
            return _DEC + format(o, "f")
        raise TypeError("Object of type %s is not JSON serializable" % type(o).__name__)

    text = json.dumps(value, default=default, separators=(",", ":"))
    return re.sub(r'"\\u0000decimal:(-?[0-9.]+)"', r"\1", text)


def _suggest(name: str, known: list[str]) -> str:
    close = difflib.get_close_matches(name, known, n=1)
    return " (did you mean %r?)" % close[0] if close else ""


def check_fields(method: str, op: dict[str, Any], body: dict[str, Any] | None, fields: dict[str, Any]) -> None:
    """Refuse keyword arguments (and body keys) the operation does not have, before any request."""
    if op["has_body"]:
        known = op["body_fields"]
        if op.get("open_body"):
            return
        names = list(fields) + list(body or {})
    else:
        known = op["query_params"]
        names = list(fields)
    for name in names:
        if name not in known:
            raise TypeError(
                "%s() got an unexpected argument %r%s; its fields: %s"
                % (method, name, _suggest(name, known), ", ".join(known) or "none")
            )
    if not op["has_body"]:
        missing = [q for q in op["required_query"] if fields.get(q) is None]
        if missing:
            raise TypeError("%s() missing required argument%s: %s" % (method, "s" if len(missing) > 1 else "", ", ".join(missing)))


class Transport:
    """One client's connection settings; `request` sends one operation with retries and typed errors."""

    def __init__(
        self,
        server_url: str | None = None,
        api_key_auth: str | None = None,
        timeout_ms: int = 30000,
        retries: int = 2,
        headers: dict[str, str] | None = None,
        version: str = "0.0.0",
    ) -> None:
        self.server_url = (server_url or os.environ.get("COMPASS_SERVER_URL") or "http://127.0.0.1:3000").rstrip("/")
        self.api_key_auth = api_key_auth if api_key_auth is not None else os.environ.get("COMPASS_API_KEY_AUTH")
        self.timeout_ms = timeout_ms
        self.retries = retries
        self.headers = dict(headers or {})
        self.user_agent = "compass-sdk-python/%s" % version

    def request(
        self,
        op: dict[str, Any],
        path_args: list[Any],
        body: dict[str, Any] | None,
        fields: dict[str, Any],
        timeout_ms: int | None = None,
        retries: int | None = None,
        idempotency_key: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Any:
        path = op["path"]
        for name, value in zip(op["path_params"], path_args):
            path = path.replace("{%s}" % name, urllib.parse.quote(str(value), safe=""))
        query: dict[str, Any] = {}
        payload = None
        if op["has_body"]:
            payload = dict(body or {})
            payload.update(fields)  # keyword fields override the body dict
        else:
            query = {k: v for k, v in fields.items() if v is not None}
        url = self.server_url + path
        if query:
            url += "?" + urllib.parse.urlencode({k: _query_value(v) for k, v in query.items()})
        sent = {"accept": "application/json", "user-agent": self.user_agent, SDK_HEADER: self.user_agent}
        sent.update({k.lower(): v for k, v in self.headers.items()})
        sent.update({k.lower(): v for k, v in (headers or {}).items()})
        if self.api_key_auth:
            sent["x-api-key"] = self.api_key_auth
        data = None
        if payload is not None:
            sent["content-type"] = "application/json"
            data = dumps(payload).encode("utf-8")
        if op["method"] == "POST":
            # one key per call, reused by every retry: the server replays the first answer, never acts twice
            sent["idempotency-key"] = idempotency_key or sent.get("idempotency-key") or str(uuid.uuid4())
        elif idempotency_key:
            sent["idempotency-key"] = idempotency_key
        attempts = self.retries if retries is None else retries
        can_retry = op["idempotent"] or "idempotency-key" in sent
        timeout = (self.timeout_ms if timeout_ms is None else timeout_ms) / 1000.0
        attempt = 0
        while True:
            try:
                return self._once(url, op["method"], sent, data, timeout)
            except Exception as error:  # noqa: BLE001 - classified below
                status = getattr(error, "status", 0)
                retryable = isinstance(error, NetworkError) or status in _RETRY_STATUS
                if not (can_retry and retryable and attempt < attempts):
                    raise
                after = getattr(error, "retry_after", None)
                delay = min(after, 5.0) if after is not None else min(0.25 * 2**attempt, 5.0) * (0.5 + random.random() / 2)
                time.sleep(delay)
                attempt += 1

    def _once(self, url: str, method: str, headers: dict[str, str], data: bytes | None, timeout: float) -> Any:
        req = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return _parse(resp.read())
        except urllib.error.HTTPError as e:
            body = _parse(e.read())
            raise error_from_response(
                e.code, body, e.headers.get("x-request-id"), parse_retry_after(e.headers.get("retry-after"))
            ) from None
        except (socket.timeout, TimeoutError) as e:
            raise CompassTimeoutError("Request timed out after %d ms" % int(timeout * 1000)) from e
        except urllib.error.URLError as e:
            if isinstance(e.reason, (socket.timeout, TimeoutError)):
                raise CompassTimeoutError("Request timed out after %d ms" % int(timeout * 1000)) from e
            raise NetworkError("Could not reach %s: %s" % (self.server_url, e.reason)) from e
        except (ConnectionError, OSError) as e:
            raise NetworkError("Could not reach %s: %s" % (self.server_url, e)) from e

    async def arequest(self, *args: Any, **kwargs: Any) -> Any:
        """`request` on the loop's default executor: urllib blocks, the event loop does not."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, functools.partial(self.request, *args, **kwargs))


def _query_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def _parse(raw: bytes) -> Any:
    if not raw:
        return None
    try:
        return json.loads(raw.decode("utf-8"))
    except ValueError:
        return raw.decode("utf-8", "replace")


def _next_query(op: dict[str, Any], query: dict[str, Any], page: Any, count: int) -> dict[str, Any] | None:
    """The next page's query, or None when the list is done (offset/limit with total, or a cursor)."""
    p = op["pagination"]
    if not count or not isinstance(page, dict):
        return None
    if p["style"] == "offset":
        offset = int(query.get("offset") or page.get("offset") or 0) + count
        return None if offset >= int(page.get("total") or 0) else {**query, "offset": offset}
    nxt = page.get(p["nextKey"])
    return {**query, p["cursorParam"]: nxt} if nxt else None


class _Namespace:
    def __init__(self, transport: Transport, operations: dict[str, dict[str, Any]]) -> None:
        self._transport = transport
        self._operations = operations

    def _call(self, operation_id: str, path_args: list[Any], body: Any, fields: dict[str, Any], **options: Any) -> Any:
        op = self._operations[operation_id]
        check_fields(operation_id, op, body, fields)
        return self._transport.request(op, path_args, body, fields, **options)

    def _iterate(self, operation_id: str, path_args: list[Any], query: dict[str, Any], **options: Any) -> Iterator[Any]:
        op = self._operations[operation_id]
        check_fields(operation_id, op, None, query)
        q: dict[str, Any] | None = dict(query)
        while q is not None:
            page = self._transport.request(op, path_args, None, q, **options)
            items = (page or {}).get(op["pagination"]["itemsKey"]) or []
            yield from items
            q = _next_query(op, q, page, len(items))


class _AsyncNamespace(_Namespace):
    async def _call(self, operation_id: str, path_args: list[Any], body: Any, fields: dict[str, Any], **options: Any) -> Any:  # type: ignore[override]
        op = self._operations[operation_id]
        check_fields(operation_id, op, body, fields)
        return await self._transport.arequest(op, path_args, body, fields, **options)

    async def _iterate(self, operation_id: str, path_args: list[Any], query: dict[str, Any], **options: Any) -> AsyncIterator[Any]:  # type: ignore[override]
        op = self._operations[operation_id]
        check_fields(operation_id, op, None, query)
        q: dict[str, Any] | None = dict(query)
        while q is not None:
            page = await self._transport.arequest(op, path_args, None, q, **options)
            items = (page or {}).get(op["pagination"]["itemsKey"]) or []
            for item in items:
                yield item
            q = _next_query(op, q, page, len(items))
