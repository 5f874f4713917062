"""Earn through the Python SDK against the live stack `npm test` starts: a swap inside the Earn Account."""
import json
import os
import time
import unittest
import urllib.request
from decimal import Decimal

from compass_api import CompassClient, ValidationError

URL = os.environ.get("COMPASS_TEST_URL")
DEVNET = os.environ.get("COMPASS_DEVNET_DIR")
CHAIN = "base"
OWNER_INDEX = 5


def book():
    with open(os.path.join(DEVNET, "addressbook.json")) as f:
        return json.load(f)


def rpc(method, params):
    req = urllib.request.Request(
        book()["chains"][CHAIN]["rpcUrl"],
        data=json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(req) as r:
        body = json.load(r)
    if "error" in body:
        raise RuntimeError(body["error"])
    return body["result"]


def balance_of(token, who):
    data = "0x70a08231" + who[2:].lower().rjust(64, "0")
    return int(rpc("eth_call", [{"to": token, "data": data}, "latest"]), 16)


def send(tx):
    """The dev accounts are anvil's unlocked ones: the node signs (Python's stdlib has no secp256k1)."""
    fields = {k: tx[k] for k in ("from", "to", "data", "value", "gas", "nonce", "maxFeePerGas", "maxPriorityFeePerGas") if tx.get(k)}
    tx_hash = rpc("eth_sendTransaction", [fields])
    receipt = None
    for _ in range(200):
        receipt = rpc("eth_getTransactionReceipt", [tx_hash])
        if receipt:
            break
        time.sleep(0.05)
    assert receipt and receipt["status"] == "0x1", receipt
    return receipt


@unittest.skipUnless(URL and DEVNET, "runs under npm test")
class EarnSwapTest(unittest.TestCase):
    def test_quote_then_swap_lands_in_the_account(self):
        client = CompassClient(server_url=URL)
        b = book()
        owner = b["accounts"]["dev"][OWNER_INDEX]["address"]
        usdc = b["tokens"][CHAIN]["USDC"]["address"]
        weth = b["tokens"][CHAIN]["WETH"]["address"]

        quote = client.earn.swap_quote(chain=CHAIN, token_in="USDC", token_out="WETH", amount_in="30")
        self.assertEqual(quote["token_in"], usdc)
        self.assertGreater(float(quote["amount_out"]), 0)

        created = client.earn.create_account({"sender": owner, "owner": owner, "chain": CHAIN})
        account = created["earn_account_address"]
        if created["transaction"]:
            send(created["transaction"])
        send(client.earn.transfer({"owner": owner, "chain": CHAIN, "token": "USDC", "amount": "30", "action": "DEPOSIT"})["transaction"])
        before = (balance_of(usdc, account), balance_of(weth, account))
        swap = client.earn.swap({"owner": owner, "chain": CHAIN, "token_in": "USDC", "token_out": "WETH", "amount_in": "30", "slippage": "1"})
        send(swap["transaction"])
        self.assertEqual(balance_of(usdc, account), before[0] - 30_000_000)
        got = balance_of(weth, account) - before[1]
        # nothing traded in between: the route returns exactly its quote
        self.assertEqual(got, int(Decimal(swap["estimated_amount_out"]) * 10**18))
        self.assertGreater(got, 0)

    def test_bad_slippage_is_a_validation_error_naming_the_field(self):
        client = CompassClient(server_url=URL)
        owner = book()["accounts"]["dev"][OWNER_INDEX]["address"]
        with self.assertRaises(ValidationError) as e:
            client.earn.swap({"owner": owner, "chain": CHAIN, "token_in": "USDC", "token_out": "WETH", "amount_in": "1", "slippage": "75"})
        self.assertEqual(e.exception.fields, ["slippage"])
