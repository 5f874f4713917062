"""The Python SDK against the live server `npm test` starts (COMPASS_TEST_URL)."""
import json
import os
import unittest
import urllib.request

from compass_api import CompassClient, HttpError, NetworkError, ValidationError

URL = os.environ.get("COMPASS_TEST_URL")
PROD_URL = os.environ.get("COMPASS_TEST_PROD_URL")
KEY = os.environ.get("COMPASS_TEST_API_KEY")
DEVNET = os.environ.get("COMPASS_DEVNET_DIR")


def book():
    with open(os.path.join(DEVNET, "addressbook.json")) as f:
        return json.load(f)


def usdc_balance(chain, owner):
    """Independent on-chain read (eth_call balanceOf), not through the SDK."""
    b = book()
    data = "0x70a08231" + owner[2:].lower().rjust(64, "0")
    req = urllib.request.Request(
        b["chains"][chain]["rpcUrl"],
        data=json.dumps({"jsonrpc": "2.0", "id": 1, "method": "eth_call", "params": [{"to": b["chains"][chain]["contracts"]["USDC"], "data": data}, "latest"]}).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(req) as r:
        return int(json.load(r)["result"], 16)


@unittest.skipUnless(URL and DEVNET, "runs under npm test")
class LiveTest(unittest.TestCase):
    def setUp(self):
        self.user = book()["accounts"]["dev"][1]["address"]

    def test_reads_a_balance(self):
        client = CompassClient(server_url=URL)
        r = client.token.balance(chain="ethereum", user=self.user, token="USDC")
        self.assertEqual(int(r["balance_raw"]), usdc_balance("ethereum", self.user))

    def test_malformed_address_is_a_validation_error_naming_the_field(self):
        client = CompassClient(server_url=URL)
        with self.assertRaises(ValidationError) as ctx:
            client.token.balance(chain="ethereum", user="0xnotanaddress")
        self.assertEqual(ctx.exception.status, 422)
        self.assertEqual(ctx.exception.detail[0]["loc"], ["query", "user"])

    def test_production_needs_the_key(self):
        ok = CompassClient(server_url=PROD_URL, api_key_auth=KEY).token.balance(chain="base", user=self.user)
        self.assertEqual(ok["token_symbol"], "USDC")
        with self.assertRaises(HttpError) as ctx:
            CompassClient(server_url=PROD_URL, api_key_auth="nope").token.balance(chain="base", user=self.user)
        self.assertEqual(ctx.exception.status, 401)

    def test_unreachable_server_is_a_network_error(self):
        with self.assertRaises(NetworkError):
            CompassClient(server_url="http://127.0.0.1:9", retries=0).token.balance(user=self.user)


if __name__ == "__main__":
    unittest.main()
