"""Credit through the Python SDK against the live stack `npm test` starts: Aave positions, Morpho Blue markets."""
import os
import unittest

from compass_api import CompassClient, HttpError, ValidationError

from . import devnet
from .devnet import book

URL = os.environ.get("COMPASS_TEST_URL")
DEVNET = devnet.DEVNET
CHAIN = "arbitrum"
OWNER_INDEX = 6


@unittest.skipUnless(URL and DEVNET, "runs under npm test")
class CreditTest(unittest.TestCase):
    def test_borrow_against_usdc_lands_in_the_credit_account(self):
        client = CompassClient(server_url=URL)
        b = book()
        owner = b["accounts"]["dev"][OWNER_INDEX]["address"]
        usdt = b["tokens"][CHAIN]["USDT"]["address"]
        debt_token = b["chains"][CHAIN]["contracts"]["AaveVariableDebtToken_USDT"]
        created = client.credit.create_account({"sender": owner, "owner": owner, "chain": CHAIN})
        account = created["credit_account_address"]
        if created["transaction"]:
            devnet.send(CHAIN, created["transaction"])
        devnet.send(CHAIN, client.credit.transfer({"owner": owner, "chain": CHAIN, "token": "USDC", "amount": "500", "action": "DEPOSIT"})["transaction"])
        before = (devnet.balance_of(CHAIN, usdt, account), devnet.balance_of(CHAIN, debt_token, account))
        borrow = client.credit.borrow({"owner": owner, "chain": CHAIN, "token_in": "USDC", "amount_in": "500", "borrow_token": "USDT", "borrow_amount": "120.5"})
        devnet.send(CHAIN, borrow["transaction"])
        self.assertEqual(devnet.balance_of(CHAIN, usdt, account) - before[0], 120_500_000)
        self.assertGreaterEqual(devnet.balance_of(CHAIN, debt_token, account) - before[1], 120_500_000 - 1)
        positions = client.credit.positions(chain=CHAIN, owner=owner)
        debt = next(d for d in positions["debt_positions"] if d["symbol"] == "USDT")
        self.assertEqual(debt["events"][-1]["event_type"], "borrow")
        self.assertEqual(debt["events"][-1]["amount"], "120.5")
        self.assertGreater(float(positions["account_summary"]["health_factor"]), 1)

    def test_a_borrow_beyond_the_collateral_is_a_validation_error_naming_the_field(self):
        client = CompassClient(server_url=URL)
        owner = book()["accounts"]["dev"][OWNER_INDEX]["address"]
        with self.assertRaises(ValidationError) as e:
            client.credit.borrow({"owner": owner, "chain": CHAIN, "borrow_token": "USDT", "borrow_amount": "100000000"})
        self.assertEqual(e.exception.fields, ["borrow_amount"])

    def test_morpho_markets_lend_usdc_against_weth(self):
        client = CompassClient(server_url=URL)
        markets = client.credit.morpho_markets(chain=CHAIN, order_by="lltv")
        self.assertEqual(markets["morpho"], book()["chains"][CHAIN]["contracts"]["MorphoBlue"])
        pairs = {(m["collateral_token_symbol"], m["loan_token_symbol"]) for m in markets["markets"]}
        self.assertIn(("WETH", "USDC"), pairs)

    def test_unloop_without_a_loop_is_refused_with_the_reason_and_looped_positions_are_empty(self):
        client = CompassClient(server_url=URL)
        owner = book()["accounts"]["dev"][9]["address"]
        looped = client.credit.looped_positions(chain=CHAIN, owner=owner)
        self.assertEqual(looped["positions"], [])
        self.assertTrue(looped["credit_account_address"].startswith("0x"))
        with self.assertRaises(HttpError) as e:
            client.credit.unloop({"owner": owner, "chain": CHAIN, "collateral_token": "WETH", "borrow_token": "USDC", "preview": True})
        self.assertEqual(e.exception.status, 400)
        self.assertIn("no WETH/USDC loop to unwind", str(e.exception))
