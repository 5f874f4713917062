"""Compass API — Python SDK (standard library only).

    from compass_api import CompassClient
    client = CompassClient(server_url="http://127.0.0.1:3000", api_key_auth="...")
    client.perpetual_trading.market_order({"owner": "0x…", "asset": "AAPL", "side": "buy", "size": "1"})

    from compass_api import AsyncCompassClient
    status = await AsyncCompassClient().onramp.status(payment_id="cos_…")
"""
from __future__ import annotations

from typing import Any

from ._client import Transport, dumps
from ._generated import VERSION, AsyncNamespaces, Namespaces
from .errors import (
    ApiError,
    CompassError,
    CompassTimeoutError,
    HttpError,
    NetworkError,
    RateLimitError,
    ValidationError,
)

__all__ = [
    "CompassClient",
    "AsyncCompassClient",
    "CompassError",
    "ValidationError",
    "ApiError",
    "HttpError",
    "RateLimitError",
    "NetworkError",
    "CompassTimeoutError",
    "Transport",
    "dumps",
]
__version__ = VERSION


class _Client:
    def __init__(
        self,
        server_url: str | None = None,
        api_key_auth: str | None = None,
        timeout_ms: int = 30000,
        retries: int = 2,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.transport = Transport(server_url, api_key_auth, timeout_ms, retries, headers, VERSION)
        self._init_namespaces(self.transport)  # type: ignore[attr-defined]


class CompassClient(_Client, Namespaces):
    """Namespaces follow the URL groups (``client.onramp``, ``client.perpetual_trading``, ``client.tokenized_assets``).

    ``CompassClient(server_url=None, api_key_auth=None, timeout_ms=30000, retries=2, headers=None)``:
    ``api_key_auth`` defaults to $COMPASS_API_KEY_AUTH, ``server_url`` to $COMPASS_SERVER_URL. Calls retry
    reads and keyed POSTs (every POST gets an Idempotency-Key, reused by its retries) on 429/502/503/504 and
    network errors, ``retries`` times with backoff.
    """


class AsyncCompassClient(_Client, AsyncNamespaces):
    """The same operations as coroutines (``await client.onramp.status(payment_id=…)``), same arguments.

    Requests run on the event loop's default executor (urllib is blocking); the loop stays free.
    """

    async def __aenter__(self) -> AsyncCompassClient:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        return None
