"""Compass API — Python SDK (standard library only).

    from compass_api import CompassClient
    client = CompassClient(server_url="http://127.0.0.1:3000", api_key_auth="...")
    client.perpetual_trading.market_order({"owner": "0x…", "asset": "AAPL", "side": "buy", "size": "1"})
"""
from ._client import Transport, dumps
from ._generated import NAMESPACES, OPERATIONS
from .errors import ApiError, CompassError, HttpError, NetworkError, TimeoutError, ValidationError

__all__ = ["CompassClient", "CompassError", "ValidationError", "ApiError", "HttpError", "NetworkError", "TimeoutError", "dumps"]
__version__ = "0.0.1"


class CompassClient:
    """Namespaces follow the URL groups (``client.onramp``, ``client.perpetual_trading``, ``client.tokenized_assets``)."""

    def __init__(self, server_url=None, api_key_auth=None, timeout_ms=30000, retries=2, headers=None):
        self.transport = Transport(server_url, api_key_auth, timeout_ms, retries, headers)
        for name, cls in NAMESPACES.items():
            setattr(self, name, cls(self.transport, OPERATIONS))
