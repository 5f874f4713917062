"""The v1 Aave group through the Python SDK against the live stack `npm test` starts: rates at a block, averages."""
import os
import unittest

from compass_api import CompassClient, ValidationError

from . import devnet
from .devnet import book

URL = os.environ.get("COMPASS_TEST_URL")
DEVNET = devnet.DEVNET
CHAIN = "arbitrum"


@unittest.skipUnless(URL and DEVNET, "runs under npm test")
class AaveTest(unittest.TestCase):
    def test_rates_at_a_block_are_fractions_as_strings_and_averages_numbers(self):
        client = CompassClient(server_url=URL)
        usdc = book()["tokens"][CHAIN]["USDC"]["address"]
        now = client.aave_v3.rate(chain=CHAIN, token="USDC")
        self.assertIsInstance(now["borrow_apr_variable_rate"], str)
        self.assertLess(float(now["borrow_apr_variable_rate"]), 1)
        # the same reserve named by its address answers the same
        self.assertEqual(client.aave_v3.rate(chain=CHAIN, token=usdc), now)
        avg = client.aave_v3.avg_rate(chain=CHAIN, token="USDC", days=7)
        std = client.aave_v3.std_rate(chain=CHAIN, token="USDC", days=7)
        self.assertIsInstance(avg["borrow_apr_variable_rate"], float)
        self.assertGreater(std["borrow_apr_variable_rate"], 0)

    def test_a_window_past_30_days_for_volatility_is_a_validation_error_naming_days(self):
        client = CompassClient(server_url=URL)
        with self.assertRaises(ValidationError) as e:
            client.aave_v3.std_rate(chain=CHAIN, token="USDC", days=31)
        self.assertEqual(e.exception.fields, ["days"])
