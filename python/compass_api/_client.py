"""HTTP runtime of the SDK: urllib only. Bodies and responses are plain dicts with the wire's keys."""
import json
import os
import random
import re
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from decimal import Decimal

from .errors import NetworkError, TimeoutError, error_from_response

_RETRY_STATUS = {429, 502, 503, 504}
_OPTION_KEYS = {"timeout_ms", "retries", "idempotency_key", "headers"}
_DEC = "\u0000decimal:"


def dumps(value):
    """JSON without float rounding: Decimal values are written as exact number literals."""

    def default(o):
        if isinstance(o, Decimal):
            if not o.is_finite():
                raise ValueError("amount must be finite")
            return _DEC + format(o, "f")
        raise TypeError("Object of type %s is not JSON serializable" % type(o).__name__)

    text = json.dumps(value, default=default, separators=(",", ":"))
    return re.sub(r'"\\u0000decimal:(-?[0-9.]+)"', r"\1", text)


class Transport:
    def __init__(self, server_url=None, api_key_auth=None, timeout_ms=30000, retries=2, headers=None):
        self.server_url = (server_url or os.environ.get("COMPASS_SERVER_URL") or "http://127.0.0.1:3000").rstrip("/")
        self.api_key_auth = api_key_auth if api_key_auth is not None else os.environ.get("COMPASS_API_KEY_AUTH")
        self.timeout_ms = timeout_ms
        self.retries = retries
        self.headers = dict(headers or {})

    def request(self, op, path_args, body, kwargs):
        options = {k: kwargs.pop(k) for k in list(kwargs) if k in _OPTION_KEYS}
        path = op["path"]
        for name, value in zip(op["path_params"], path_args):
            path = path.replace("{%s}" % name, urllib.parse.quote(str(value), safe=""))
        query = {}
        if op["has_body"]:
            payload = dict(body or {})
            payload.update(kwargs)  # keyword fields override the body dict
        else:
            payload = None
            query = {k: v for k, v in kwargs.items() if v is not None}
        url = self.server_url + path
        if query:
            url += "?" + urllib.parse.urlencode({k: _query_value(v) for k, v in query.items()})
        headers = {"accept": "application/json"}
        headers.update(self.headers)
        headers.update(options.get("headers") or {})
        if self.api_key_auth:
            headers["x-api-key"] = self.api_key_auth
        if options.get("idempotency_key"):
            headers["idempotency-key"] = options["idempotency_key"]
        data = None
        if payload is not None:
            headers["content-type"] = "application/json"
            data = dumps(payload).encode("utf-8")
        retries = options.get("retries", self.retries)
        can_retry = op["idempotent"] or bool(options.get("idempotency_key"))
        timeout = options.get("timeout_ms", self.timeout_ms) / 1000.0
        attempt = 0
        while True:
            try:
                return self._once(url, op["method"], headers, data, timeout)
            except Exception as error:  # noqa: BLE001 - classified below
                status = getattr(error, "status", 0)
                retryable = isinstance(error, NetworkError) or status in _RETRY_STATUS
                if not (can_retry and retryable and attempt < retries):
                    raise
                delay = getattr(error, "retry_after", None) or min(0.25 * 2**attempt, 5.0) * (0.5 + random.random() / 2)
                time.sleep(delay)
                attempt += 1

    def _once(self, url, method, headers, data, timeout):
        req = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return _parse(resp.read())
        except urllib.error.HTTPError as e:
            body = _parse(e.read())
            err = error_from_response(e.code, body, e.headers.get("x-request-id"))
            after = e.headers.get("retry-after")
            err.retry_after = float(after) if after and after.replace(".", "", 1).isdigit() else None
            raise err from None
        except (socket.timeout, TimeoutError) as e:
            raise TimeoutError("Request timed out after %d ms" % int(timeout * 1000)) from e
        except urllib.error.URLError as e:
            if isinstance(e.reason, socket.timeout):
                raise TimeoutError("Request timed out after %d ms" % int(timeout * 1000)) from e
            raise NetworkError("Could not reach %s: %s" % (self.server_url, e.reason)) from e
        except (ConnectionError, OSError) as e:
            raise NetworkError("Could not reach %s: %s" % (self.server_url, e)) from e


def _query_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def _parse(raw):
    if not raw:
        return None
    try:
        return json.loads(raw.decode("utf-8"))
    except ValueError:
        return raw.decode("utf-8", "replace")


class _Namespace:
    def __init__(self, transport, operations):
        self._transport = transport
        self._operations = operations

    def _call(self, operation_id, path_args, body, kwargs):
        return self._transport.request(self._operations[operation_id], path_args, body, kwargs)
