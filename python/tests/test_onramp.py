"""The Python SDK's onramp namespace against the live server and the provider twin `npm test` starts."""
import json
import os
import time
import unittest
import urllib.parse
import urllib.request

from compass_api import ApiError, CompassClient, ValidationError

from tests.test_live import book, usdc_balance

URL = os.environ.get("COMPASS_TEST_URL")
DEVNET = os.environ.get("COMPASS_DEVNET_DIR")


def pay_at_provider(payment_id, card="4242424242424242"):
    """What the buyer does on the provider's hosted page: open it, submit a card."""
    twin = book()["twins"]["onramp"]
    req = urllib.request.Request(
        "%s/v1/crypto/onramp_sessions/%s" % (twin["url"], payment_id),
        headers={"authorization": "Bearer " + twin["apiKey"]},
    )
    with urllib.request.urlopen(req) as r:
        session = json.load(r)
    urllib.request.urlopen(session["redirect_url"]).read()
    form = urllib.parse.urlencode(
        {"client_secret": session["client_secret"], "number": card, "expiry": "12 / 34", "cvc": "123"}
    ).encode()
    urllib.request.urlopen(urllib.request.Request("%s/pay/%s/card" % (twin["url"], payment_id), data=form)).read()


@unittest.skipUnless(URL and DEVNET, "runs under npm test")
class OnrampTest(unittest.TestCase):
    def setUp(self):
        self.owner = book()["accounts"]["dev"][6]["address"]
        self.client = CompassClient(server_url=URL)

    def test_quote_create_pay_delivered(self):
        before = usdc_balance("ethereum", self.owner)
        quote = self.client.onramp.quote(fiat_amount="21.50", destination_address=self.owner)
        self.assertEqual(quote["output_amount"], "21.5")
        key = "py-%d" % time.time_ns()
        body = {"fiat_amount": "21.5", "destination_address": self.owner, "quote_id": quote["quote_id"]}
        payment = self.client.onramp.create(body, idempotency_key=key)
        self.assertEqual(self.client.onramp.create(body, idempotency_key=key)["payment_id"], payment["payment_id"])
        pay_at_provider(payment["payment_id"])
        status = None
        for _ in range(100):
            status = self.client.onramp.status(payment_id=payment["payment_id"])
            if status["status"] == "delivered":
                break
            time.sleep(0.3)
        self.assertEqual(status["status"], "delivered")
        self.assertEqual(status["output_amount_delivered"], "21.5")
        self.assertEqual(usdc_balance("ethereum", self.owner), before + 21_500_000)

    def test_errors_are_typed(self):
        with self.assertRaises(ValidationError) as low:
            self.client.onramp.quote(fiat_amount="1", destination_address=self.owner)
        self.assertEqual(low.exception.detail[0]["loc"], ["body", "fiat_amount"])
        with self.assertRaises(ApiError) as missing:
            self.client.onramp.status(payment_id="cos_missing")
        self.assertEqual(missing.exception.status, 404)
        self.assertEqual(missing.exception.error, "Payment not found.")
