"""perpetual_trading through the Python SDK against the live stack: deposit, trade, close, withdraw.

Signing uses the devnet's own dev account through anvil's eth_signTypedData_v4 (the stdlib has no
secp256k1); outcomes are read independently at the venue (/info) and on chain (balanceOf).
"""
import json
import os
import time
import unittest
import urllib.request

from compass_api import CompassClient, ValidationError

URL = os.environ.get("COMPASS_TEST_URL")
DEVNET = os.environ.get("COMPASS_DEVNET_DIR")
BRIDGE2 = "0x2df1c51e09aecf9cacb7bc98cb1742757f163df7"
TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"


def book():
    with open(os.path.join(DEVNET, "addressbook.json")) as f:
        return json.load(f)


def post_json(url, body):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def rpc(method, params):
    reply = post_json(book()["chains"]["arbitrum"]["rpcUrl"], {"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
    if "error" in reply:
        raise RuntimeError(reply["error"])
    return reply["result"]


def usdc_balance(owner):
    usdc = book()["chains"]["arbitrum"]["contracts"]["USDC"]
    return int(rpc("eth_call", [{"to": usdc, "data": "0x70a08231" + owner[2:].lower().rjust(64, "0")}, "latest"]), 16)


def venue(body):
    return post_json(book()["twins"]["venue"]["url"] + "/info", body)


def account_value(user):
    """The venue's account value: the xyz dex's once collateral reaches it (unified mode), else the main dex's."""
    xyz = float(venue({"type": "clearinghouseState", "user": user, "dex": "xyz"})["marginSummary"]["accountValue"])
    return xyz or float(venue({"type": "clearinghouseState", "user": user})["marginSummary"]["accountValue"])


def until(read, done, seconds=20):
    end = time.time() + seconds
    while True:
        value = read()
        if done(value) or time.time() > end:
            return value
        time.sleep(0.2)


@unittest.skipUnless(URL and DEVNET, "runs under npm test")
class PerpetualTradingTest(unittest.TestCase):
    def setUp(self):
        self.client = CompassClient(server_url=URL)
        self.owner = book()["accounts"]["dev"][8]["address"]

    def sign(self, typed_data):
        return rpc("eth_signTypedData_v4", [self.owner, json.dumps(typed_data)])

    def execute(self, prepared):
        if prepared["typed_data"] is None:  # already in that state: nothing to sign
            return {"status": "ok"}
        return self.client.perpetual_trading.execute(
            {"action": prepared["action"], "nonce": prepared["nonce"], "signature": self.sign(prepared["typed_data"])}
        )

    def relay(self, transaction):
        sponsor = book()["roles"]["sponsor"]["address"]
        tx = {k: transaction[k] for k in ("to", "data", "gas", "nonce", "maxFeePerGas", "maxPriorityFeePerGas")}
        tx["from"] = sponsor
        tx_hash = rpc("eth_sendTransaction", [tx])
        return until(lambda: rpc("eth_getTransactionReceipt", [tx_hash]), lambda r: r is not None)

    def test_deposit_trade_close_withdraw(self):
        pt = self.client.perpetual_trading
        start = usdc_balance(self.owner)
        value = account_value(self.owner)

        deposit = pt.deposit({"owner": self.owner, "amount": "150"})
        prepared = pt.deposit_sponsor_prepare(
            owner=self.owner,
            amount_raw=deposit["amount_raw"],
            deadline=int(deposit["permit"]["message"]["deadline"]),
            signature=self.sign(deposit["permit"]),
            sender=book()["roles"]["sponsor"]["address"],
        )
        receipt = self.relay(prepared["transaction"])
        moved = [l for l in receipt["logs"] if l["topics"][0] == TRANSFER and l["topics"][2][-40:] == BRIDGE2[2:]]
        self.assertEqual(int(moved[0]["data"], 16), 150_000_000)
        self.assertEqual(usdc_balance(self.owner), start - 150_000_000)
        credited = until(lambda: account_value(self.owner), lambda v: v > value)
        self.assertAlmostEqual(credited - value, 150.0, places=1)

        self.assertEqual(self.execute(pt.enable_unified_account(owner=self.owner))["status"], "ok")
        buy = self.execute(pt.market_order(owner=self.owner, asset="SILVER", side="buy", size="1"))
        self.assertEqual(buy["response"]["data"]["statuses"][0]["filled"]["totalSz"], "1.0")
        (position,) = [p["position"] for p in venue({"type": "clearinghouseState", "user": self.owner, "dex": "xyz"})["assetPositions"]]
        self.assertEqual((position["coin"], position["szi"]), ("xyz:SILVER", "1.0"))
        self.assertEqual(pt.positions(owner=self.owner)["positions"][0]["entry_price"], position["entryPx"])

        self.execute(pt.market_order(owner=self.owner, asset="SILVER", side="sell", size="1", reduce_only=True))
        self.assertEqual(venue({"type": "clearinghouseState", "user": self.owner, "dex": "xyz"})["assetPositions"], [])
        fills = pt.activity(owner=self.owner)["fills"]
        self.assertIsNotNone(next(f for f in fills if f["side"] == "sell")["closed_pnl"])

        self.assertEqual(self.execute(pt.withdraw(owner=self.owner, amount="30"))["status"], "ok")
        paid = until(lambda: usdc_balance(self.owner), lambda b: b > start - 150_000_000)
        self.assertEqual(paid, start - 150_000_000 + 29_000_000)

    def test_bad_size_is_a_validation_error_naming_the_field(self):
        with self.assertRaises(ValidationError) as ctx:
            self.client.perpetual_trading.limit_order(owner=self.owner, asset="SILVER", side="buy", size="1.234", price="40")
        self.assertEqual(ctx.exception.detail[0]["loc"], ["body", "size"])

    def test_uint128_client_order_id_is_sent_exactly(self):
        big = 2**100 + 7
        prepared = self.client.perpetual_trading.limit_order(
            owner=self.owner, asset="SILVER", side="buy", size="1", price="20", client_order_id=big
        )
        self.assertEqual(int(prepared["action"]["orders"][0]["c"], 16), big)
