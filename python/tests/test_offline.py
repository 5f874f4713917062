"""Offline tests of the Python SDK against a local stdlib HTTP server (no stack needed)."""
import asyncio
import builtins
import inspect
import json
import threading
import typing
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import compass_api
from compass_api import (
    AsyncCompassClient,
    CompassClient,
    CompassTimeoutError,
    NetworkError,
    RateLimitError,
    ValidationError,
)
from compass_api import _generated as generated


class FakeApi:
    """Records each request; answers from a script of (status, body, headers), then 200 {}."""

    def __init__(self):
        self.requests = []
        self.script = []
        api = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _answer(self):
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length).decode() if length else None
                api.requests.append({"method": self.command, "path": self.path, "headers": dict(self.headers.items()), "body": body})
                status, payload, headers = api.script.pop(0) if api.script else (200, {}, {})
                if status == "sleep":
                    threading.Event().wait(payload)
                    status, payload = 200, {}
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                for k, v in headers.items():
                    self.send_header(k, v)
                self.end_headers()
                try:
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout test)

            do_GET = _answer
            do_POST = _answer

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class OfflineTest(unittest.TestCase):
    def setUp(self):
        self.api = FakeApi()
        self.client = CompassClient(server_url=self.api.url, api_key_auth="sk_test", retries=2)

    def tearDown(self):
        self.api.close()

    def header(self, i, name):
        return {k.lower(): v for k, v in self.api.requests[i]["headers"].items()}.get(name)

    def test_user_agent_and_sdk_header(self):
        self.client.onramp.status(payment_id="p1")
        self.assertEqual(self.header(0, "user-agent"), "compass-sdk-python/%s" % compass_api.__version__)
        self.assertEqual(self.header(0, "x-compass-sdk-version"), "compass-sdk-python/%s" % compass_api.__version__)
        self.assertEqual(self.header(0, "x-api-key"), "sk_test")
        self.assertEqual(self.api.requests[0]["path"], "/v2/onramp/status?payment_id=p1")

    def test_post_retries_reuse_one_idempotency_key(self):
        self.api.script = [(503, {"detail": "busy"}, {"retry-after": "0"}), (502, {"detail": "bad"}, {"retry-after": "0"})]
        self.client.onramp.create({"fiat_amount": "10", "fiat_currency": "USD", "destination_address": "0x1", "quote_id": "q"})
        keys = [self.header(i, "idempotency-key") for i in range(3)]
        self.assertEqual(len(set(keys)), 1)
        self.assertRegex(keys[0], r"^[0-9a-f-]{36}$")
        self.client.onramp.create({"quote_id": "q2"}, idempotency_key="mine-1")
        self.assertEqual(self.header(3, "idempotency-key"), "mine-1")
        self.assertNotEqual(self.header(3, "idempotency-key"), keys[0])

    def test_keyword_arguments_are_checked_against_the_fields(self):
        with self.assertRaises(TypeError) as ctx:
            self.client.onramp.status(paymentid="p1")
        self.assertIn("unexpected argument 'paymentid' (did you mean 'payment_id'?)", str(ctx.exception))
        with self.assertRaises(TypeError) as ctx:
            self.client.onramp.status()
        self.assertIn("missing required argument: payment_id", str(ctx.exception))
        with self.assertRaises(TypeError) as ctx:
            self.client.onramp.quote({"fiat_amount": "1"}, fiat_curency="USD")
        self.assertIn("did you mean 'fiat_currency'", str(ctx.exception))
        self.assertEqual(self.api.requests, [])  # refused before any request

    def test_keyword_fields_override_the_body_and_decimals_stay_exact(self):
        from decimal import Decimal

        self.client.onramp.quote({"fiat_amount": "1", "fiat_currency": "USD"}, fiat_amount=Decimal("100.10"))
        self.assertEqual(json.loads(self.api.requests[0]["body"])["fiat_amount"], 100.10)
        self.assertIn('"fiat_amount":100.10', self.api.requests[0]["body"])

    def test_typed_errors(self):
        self.api.script = [(422, {"detail": [{"loc": ["query", "payment_id"], "msg": "bad", "type": "value_error"}]}, {})]
        with self.assertRaises(ValidationError) as ctx:
            self.client.onramp.status(payment_id="x")
        self.assertEqual(ctx.exception.fields, ["payment_id"])
        self.api.script = [(429, {"detail": "slow"}, {"retry-after": "0"})] * 3
        with self.assertRaises(RateLimitError) as ctx:
            self.client.onramp.status(payment_id="x")
        self.assertEqual(ctx.exception.retry_after, 0.0)
        self.assertEqual(ctx.exception.status, 429)
        self.api.script = [("sleep", 0.5, {})]
        with self.assertRaises(CompassTimeoutError):
            self.client.onramp.status(payment_id="x", timeout_ms=50, retries=0)
        with self.assertRaises(NetworkError):
            CompassClient(server_url="http://127.0.0.1:1", retries=0).onramp.status(payment_id="x")

    def test_asyncio_client(self):
        async def main():
            client = AsyncCompassClient(server_url=self.api.url)
            a, b = await asyncio.gather(client.onramp.status(payment_id="a"), client.onramp.status(payment_id="b"))
            return a, b

        self.api.script = [(200, {"status": "pending"}, {}), (200, {"status": "pending"}, {})]
        self.assertEqual(asyncio.run(main()), ({"status": "pending"}, {"status": "pending"}))
        self.assertTrue(inspect.iscoroutinefunction(generated.AsyncOnrampNamespace.status))

    def test_paged_iteration(self):
        op = {
            "method": "GET", "path": "/v2/test/list", "idempotent": True, "path_params": [], "query_params": ["offset", "limit"],
            "required_query": [], "has_body": False, "body_fields": [], "pagination": {"style": "offset", "itemsKey": "rows"},
        }
        self.api.script = [(200, {"total": 3, "offset": 0, "rows": [1, 2]}, {}), (200, {"total": 3, "offset": 2, "rows": [3]}, {})]
        ns = generated.OnrampNamespace(self.client.transport, {"t": op})
        self.assertEqual(list(ns._iterate("t", [], {"limit": 2})), [1, 2, 3])
        self.assertEqual([r["path"] for r in self.api.requests], ["/v2/test/list?limit=2", "/v2/test/list?limit=2&offset=2"])


class PackagingTest(unittest.TestCase):
    def test_namespaces_are_explicit_classes_with_type_hints(self):
        for name, cls in typing.get_type_hints(generated.Namespaces).items():
            self.assertTrue(name.isidentifier())
            self.assertTrue(cls.__name__.endswith("Namespace"))
            for method_name, fn in vars(cls).items():
                if callable(fn) and not method_name.startswith("_"):
                    hints = typing.get_type_hints(fn)
                    self.assertIn("return", hints, "%s.%s" % (name, method_name))
        self.assertIn("perpetual_trading", typing.get_type_hints(generated.Namespaces))
        self.assertTrue(typing.is_typeddict(generated.OnrampQuoteRequest))

    def test_no_builtin_is_shadowed_and_py_typed_ships(self):
        for name in compass_api.__all__:
            self.assertFalse(hasattr(builtins, name), name)
        self.assertFalse(hasattr(compass_api, "TimeoutError"))
        root = Path(compass_api.__file__).parent
        self.assertTrue((root / "py.typed").exists())
        pyproject = (root.parent / "pyproject.toml").read_text()
        self.assertIn('requires-python = ">=3.11"', pyproject)
        self.assertIn('"py.typed"', pyproject)
        self.assertIn("Typing :: Typed", pyproject)


if __name__ == "__main__":
    unittest.main()
