"""Earn through the Python SDK against the live stack `npm test` starts: a swap inside the Earn Account, Aave markets."""
import os
import unittest
from decimal import Decimal

from compass_api import CompassClient, ValidationError

from . import devnet
from .devnet import book

URL = os.environ.get("COMPASS_TEST_URL")
DEVNET = devnet.DEVNET
CHAIN = "base"
OWNER_INDEX = 5


def balance_of(token, who):
    return devnet.balance_of(CHAIN, token, who)


def send(tx):
    return devnet.send(CHAIN, tx)


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

    def test_aave_markets_name_the_pool_reserves_and_refuse_a_bad_window(self):
        client = CompassClient(server_url=URL)
        contracts = book()["chains"][CHAIN]["contracts"]
        usdc = client.earn.aave_markets(chain=CHAIN, days=7)["markets"]["USDC"]
        info = usdc["chains"][CHAIN]
        self.assertEqual(info["a_token_address"], contracts["AaveAToken_USDC"])
        self.assertGreater(float(info["borrow_apy"]), float(info["supply_apy"]))
        self.assertEqual(usdc["max_supply_apy"]["chain"], CHAIN)
        with self.assertRaises(ValidationError) as e:
            client.earn.aave_markets(chain=CHAIN, days=0)
        self.assertEqual(e.exception.fields, ["days"])

    def test_pendle_pt_bought_and_sold_from_the_earn_account(self):
        client = CompassClient(server_url=URL)
        b = book()
        owner = b["accounts"]["dev"][OWNER_INDEX]["address"]
        contracts = b["chains"][CHAIN]["contracts"]
        usdc = b["tokens"][CHAIN]["USDC"]["address"]
        pt = contracts["PendlePT_USDC"]
        market = contracts["PendleMarket_USDC"]
        listed = client.earn.pendle_markets(order_by="tvl_usd", chain=CHAIN)["markets"]
        self.assertEqual([m["market_address"] for m in listed], [market])

        created = client.earn.create_account({"sender": owner, "owner": owner, "chain": CHAIN})
        account = created["earn_account_address"]
        if created["transaction"]:
            send(created["transaction"])
        send(client.earn.transfer({"owner": owner, "chain": CHAIN, "token": "USDC", "amount": "25", "action": "DEPOSIT"})["transaction"])
        before = (balance_of(usdc, account), balance_of(pt, account))
        venue = {"type": "PENDLE_PT", "market_address": market}
        send(client.earn.manage({"owner": owner, "chain": CHAIN, "venue": venue, "action": "DEPOSIT", "amount": "25"})["transaction"])
        self.assertEqual(balance_of(usdc, account), before[0] - 25_000_000)
        bought = balance_of(pt, account) - before[1]
        self.assertGreater(bought, 25_000_000)
        position = next(p for p in client.earn.positions(chain=CHAIN, owner=owner)["pendle_pt"] if p["market_address"] == market)
        self.assertEqual(int(Decimal(position["pt_balance"]) * 10**6), balance_of(pt, account))

        amount = str(Decimal(bought) / 10**6)
        send(client.earn.manage({"owner": owner, "chain": CHAIN, "venue": venue, "action": "WITHDRAW", "amount": amount})["transaction"])
        self.assertEqual(balance_of(pt, account), before[1])
        self.assertGreater(balance_of(usdc, account), before[0] - 1_000_000)

    def test_pendle_fee_is_a_validation_error_naming_the_field(self):
        client = CompassClient(server_url=URL)
        b = book()
        owner = b["accounts"]["dev"][OWNER_INDEX]["address"]
        venue = {"type": "PENDLE_PT", "market_address": b["chains"][CHAIN]["contracts"]["PendleMarket_USDC"]}
        with self.assertRaises(ValidationError) as e:
            client.earn.manage({"owner": owner, "chain": CHAIN, "venue": venue, "action": "DEPOSIT", "amount": "1", "fee": {"recipient": owner, "amount": "1"}})
        self.assertEqual(e.exception.fields, ["fee"])


@unittest.skipUnless(URL and DEVNET, "runs under npm test")
class EarnOnBscTest(unittest.TestCase):
    """BNB Smart Chain's USDC is Binance's peg with 18 decimals: the SDK passes human amounts, the chain moves wei."""

    def test_aave_supply_of_18_decimal_usdc_lands_as_atokens(self):
        client = CompassClient(server_url=URL)
        b = book()
        owner = b["accounts"]["dev"][OWNER_INDEX]["address"]
        a_usdc = b["chains"]["bsc"]["contracts"]["AaveAToken_USDC"]
        created = client.earn.create_account({"sender": owner, "owner": owner, "chain": "bsc"})
        account = created["earn_account_address"]
        if created["transaction"]:
            devnet.send("bsc", created["transaction"])
        devnet.send("bsc", client.earn.transfer({"owner": owner, "chain": "bsc", "token": "USDC", "amount": "40", "action": "DEPOSIT"})["transaction"])
        before = devnet.balance_of("bsc", a_usdc, account)
        supply = client.earn.manage({"owner": owner, "chain": "bsc", "venue": {"type": "AAVE", "token": "USDC"}, "action": "DEPOSIT", "amount": "25.5"})
        devnet.send("bsc", supply["transaction"])
        minted = devnet.balance_of("bsc", a_usdc, account) - before
        self.assertLessEqual(abs(minted - 25_500_000_000_000_000_000), 10**9)
        markets = client.earn.aave_markets(chain="bsc")
        self.assertEqual(sorted(markets["markets"]), ["USDC", "USDT", "WBNB"])
