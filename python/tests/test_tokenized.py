"""The money-market-fund sandbox through the Python SDK against the live stack `npm test` starts."""
import json
import os
import subprocess
import time
import unittest
import urllib.request
from decimal import Decimal

from compass_api import ApiError, CompassClient, CompassError

from . import devnet
from .devnet import book

URL = os.environ.get("COMPASS_TEST_URL")
PROD_URL = os.environ.get("COMPASS_TEST_PROD_URL")
KEY = os.environ.get("COMPASS_TEST_API_KEY")
DEVNET = devnet.DEVNET
ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
CHAIN = "ethereum_sepolia"
OWNER_INDEX = 3


def rpc(method, params):
    return devnet.rpc(CHAIN, method, params)


def balance_of(token, who):
    return devnet.balance_of(CHAIN, token, who)


def send(tx):
    return devnet.send(CHAIN, tx)


def portal(action, account):
    req = urllib.request.Request(
        book()["twins"]["issuer"]["url"] + "/portal/api/" + action,
        data=json.dumps({"account": account}).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def chain_time():
    return int(rpc("eth_getBlockByNumber", ["latest", False])["timestamp"], 16)


@unittest.skipUnless(URL and DEVNET, "runs under npm test")
class MoneyMarketFundTest(unittest.TestCase):
    def test_whole_flow_settles_at_the_nav_cycle(self):
        client = CompassClient(server_url=URL)
        b = book()
        owner = b["accounts"]["dev"][OWNER_INDEX]["address"]
        fund_token = b["tokens"][CHAIN]["SBGOV"]["address"]
        usdc = b["tokens"][CHAIN]["USDC"]["address"]

        created = client.tokenized_assets.create_account({"sender": owner, "owner": owner, "chain": CHAIN})
        account = created["tokenized_assets_account_address"]
        if created["transaction"]:
            send(created["transaction"])
        send(client.tokenized_assets.transfer({"owner": owner, "chain": CHAIN, "token": "USDC", "amount": "75", "action": "DEPOSIT"})["transaction"])

        order = {"owner": owner, "chain": CHAIN, "token_in": "USDC", "token_out": "SBGOV", "amount_in": "75"}
        with self.assertRaises(ApiError) as refused:
            client.tokenized_assets.buy(order)
        self.assertEqual(refused.exception.status, 422)
        self.assertEqual(refused.exception.body["error"], "Account not whitelisted")
        self.assertTrue(str(refused.exception).startswith("Account not whitelisted: "))

        portal("register", account)
        portal("approve", account)
        buy = client.tokenized_assets.buy(order)
        self.assertEqual(buy["settlement"], "async")
        self.assertEqual(buy["poll_endpoint"], "/v2/tokenized_assets/redemptions")
        send(buy["transaction"])
        self.assertEqual(balance_of(fund_token, account), 0)
        self.assertEqual(balance_of(usdc, account), 0)

        pending = []
        for _ in range(50):
            pending = [r for r in client.tokenized_assets.redemptions(owner=owner, chain=CHAIN, vault="SBGOV")["redemptions"] if r["status"] == "pending"]
            if pending:
                break
            time.sleep(0.1)  # the issuer's next look at the chain, not a wait for the cutoff
        self.assertEqual(len(pending), 1)
        seconds = pending[0]["expected_settlement_at"] - chain_time() + 60
        subprocess.run(
            ["node", os.path.join(ROOT, "devnet", "bin", "devnet.mjs"), "time", "advance", str(seconds), "--dir", DEVNET],
            check=True,
            capture_output=True,
        )
        done = client.tokenized_assets.redemptions(owner=owner, chain=CHAIN)["redemptions"][-1]
        self.assertEqual(done["status"], "finalized")
        shares = balance_of(fund_token, account)
        self.assertGreater(shares, 0)
        self.assertEqual(Decimal(shares).scaleb(-6), Decimal(done["shares"]))
        positions = client.tokenized_assets.positions(owner=owner, chain=CHAIN)
        self.assertEqual(positions["positions"][0]["symbol"], "SBGOV")

    def test_production_hides_the_sandbox(self):
        prod = CompassClient(server_url=PROD_URL, api_key_auth=KEY)
        symbols = [m["symbol"] for m in prod.tokenized_assets.markets(provider="issuer")["markets"]]
        self.assertEqual(symbols, [])
        with self.assertRaises(CompassError) as ctx:
            prod.tokenized_assets.markets(chain=CHAIN)
        self.assertEqual(ctx.exception.status, 422)

    def test_markets_filters(self):
        client = CompassClient(server_url=URL)
        markets = client.tokenized_assets.markets(asset_class="MONEY_MARKET")["markets"]
        self.assertEqual([(m["symbol"], m["provider"], m["chain"]) for m in markets], [("SBGOV", "issuer", CHAIN)])


if __name__ == "__main__":
    unittest.main()
