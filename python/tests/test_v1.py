"""The v1 ERC-4626, generic and token groups through the Python SDK against the live stack `npm test` starts:
an allowance set by protocol name, a vault deposit and its shares on chain, a price at a block."""
import os
import unittest

from compass_api import CompassClient, HttpError, ValidationError

from . import devnet
from .devnet import book

URL = os.environ.get("COMPASS_TEST_URL")
DEVNET = devnet.DEVNET
CHAIN = "base"
OWNER_INDEX = 8


@unittest.skipUnless(URL and DEVNET, "runs under npm test")
class V1Test(unittest.TestCase):
    def test_a_deposit_approved_by_name_lands_as_shares_the_vault_read_shows(self):
        client = CompassClient(server_url=URL)
        b = book()
        owner = b["accounts"]["dev"][OWNER_INDEX]["address"]
        vault = b["chains"][CHAIN]["contracts"]["Erc4626VaultUSDC"]
        approve = client.universal.allowance_set({"chain": CHAIN, "sender": owner, "token": "USDC", "contract": vault, "amount": "40"})
        devnet.send(CHAIN, approve["transaction"])
        allowed = client.universal.allowance(chain=CHAIN, user=owner, token="USDC", contract=vault)
        self.assertEqual(allowed["amount"], "40")
        before = devnet.balance_of(CHAIN, vault, owner)
        devnet.send(CHAIN, client.erc4626_vaults.deposit({"chain": CHAIN, "sender": owner, "vault_address": vault, "amount": 40})["transaction"])
        shares = devnet.balance_of(CHAIN, vault, owner)
        self.assertGreater(shares, before)
        read = client.erc4626_vaults.vault(chain=CHAIN, vault_address=vault, user_address=owner)
        self.assertEqual(int(round(float(read["user_position"]["amount_of_shares"]) * 1e6)), shares)
        self.assertIsInstance(read["apy"]["apy_7_day"], str)

    def test_withdrawing_more_than_the_shares_allow_is_a_validation_error_on_amount(self):
        client = CompassClient(server_url=URL)
        b = book()
        owner = b["accounts"]["dev"][OWNER_INDEX]["address"]
        vault = b["chains"][CHAIN]["contracts"]["Erc4626VaultUSDC"]
        with self.assertRaises(ValidationError) as e:
            client.erc4626_vaults.withdraw({"chain": CHAIN, "sender": owner, "vault_address": vault, "amount": "100000000"})
        self.assertEqual(e.exception.fields, ["amount"])

    def test_a_price_at_a_block_and_the_portfolio(self):
        client = CompassClient(server_url=URL)
        b = book()
        owner = b["accounts"]["dev"][OWNER_INDEX]["address"]
        head = int(devnet.rpc(CHAIN, "eth_blockNumber", []), 16)
        price = client.token.price(chain=CHAIN, token="WETH", block=head - 2)
        self.assertGreater(float(price["price"]), 100)
        portfolio = client.universal.portfolio(chain=CHAIN, user=owner)
        total = sum(float(t["token_value_in_usd"]) for t in portfolio["token_balances"])
        self.assertAlmostEqual(float(portfolio["total_value_in_usd"]), total, delta=0.05)

    def test_a_uniswap_quote_and_a_missing_pool(self):
        client = CompassClient(server_url=URL)
        q = client.uniswap_v3.quote_sell_exactly(chain=CHAIN, token_in="USDC", token_out="WETH", fee="0.05", amount_in="500")
        self.assertGreater(float(q["amount_out"]), 0)
        self.assertGreater(float(q["price_after"]), 100)
        with self.assertRaises(HttpError) as e:
            client.uniswap_v3.pool_price(chain=CHAIN, token_in="USDC", token_out="WETH", fee="1.0")
        self.assertEqual(e.exception.status, 404)

    def test_morpho_markets_filtered_and_a_market_by_its_key(self):
        client = CompassClient(server_url=URL)
        markets = client.morpho.markets(chain=CHAIN, loan_token="USDC")["markets"]
        self.assertGreaterEqual(len(markets), 2)
        key = markets[0]["uniqueKey"]
        one = client.morpho.market(chain=CHAIN, unique_market_key=key)
        self.assertEqual(one["loanAsset"]["symbol"], "USDC")
        with self.assertRaises(ValidationError) as e:
            client.morpho.market(chain=CHAIN, unique_market_key="0x12")
        self.assertEqual(e.exception.fields, ["unique_market_key"])

    def test_pendle_markets_and_a_yt_purchase_quoted(self):
        client = CompassClient(server_url=URL)
        b = book()
        owner = b["accounts"]["dev"][OWNER_INDEX]["address"]
        markets = client.pendle.markets(chain=CHAIN)["markets"]
        market = b["chains"][CHAIN]["contracts"]["PendleMarket_USDC"]
        self.assertIn(market, [m["address"] for m in markets])
        approve = client.universal.allowance_set({"chain": CHAIN, "sender": owner, "token": "USDC", "contract": "PendleRouter", "amount": "20"})
        devnet.send(CHAIN, approve["transaction"])
        yt = b["chains"][CHAIN]["contracts"]["PendleYT_USDC"]
        before = devnet.balance_of(CHAIN, yt, owner)
        r = client.pendle.yt({"chain": CHAIN, "sender": owner, "market_address": market, "action": "BUY", "token": "USDC", "amount_in": "20", "max_slippage_percent": 2})
        devnet.send(CHAIN, r["transaction"])
        bought = devnet.balance_of(CHAIN, yt, owner) - before
        self.assertGreaterEqual(bought, int(float(r["amount_out_quote"]) * 1e6 * 0.98))
        read = client.pendle.market(chain=CHAIN, market_address=market, user_address=owner)
        self.assertEqual(int(round(float(read["user_position"]["yt_balance"]) * 1e6)), before + bought)
        with self.assertRaises(ValidationError) as e:
            client.pendle.yt({"chain": CHAIN, "sender": owner, "market_address": market, "action": "BUY", "token": "WETH", "amount_in": "1", "max_slippage_percent": 2})
        self.assertEqual(e.exception.fields, ["token"])

    def test_usde_staked_through_ethena_and_a_cooldown_request_refused_beyond_the_stake(self):
        client = CompassClient(server_url=URL)
        b = book()
        owner = b["accounts"]["dev"][1]["address"]
        s_usde = b["chains"]["ethereum"]["contracts"]["EthenaStakedUsde"]
        approve = client.universal.allowance_set({"chain": "ethereum", "sender": owner, "token": "USDe", "contract": "EthenaVault", "amount": "300"})
        devnet.send("ethereum", approve["transaction"])
        before = devnet.balance_of("ethereum", s_usde, owner)
        devnet.send("ethereum", client.ethena.deposit({"chain": "ethereum", "sender": owner, "amount": "300"})["transaction"])
        shares = devnet.balance_of("ethereum", s_usde, owner) - before
        self.assertGreater(shares, 0)
        read = client.ethena.vault(user_address=owner)
        self.assertAlmostEqual(float(read["user_position"]["amount_of_shares"]), (before + shares) / 1e18, places=6)
        self.assertEqual(read["cooldown_duration_days"], 7)
        with self.assertRaises(ValidationError) as e:
            client.ethena.request({"chain": "ethereum", "sender": owner, "amount": "10000000"})
        self.assertEqual(e.exception.fields, ["amount"])

    def test_an_ens_name_resolves_and_an_unknown_one_is_an_http_error(self):
        client = CompassClient(server_url=URL)
        b = book()
        r = client.universal.ens(ens_name="alice.eth")
        self.assertEqual(r["wallet_address"], b["accounts"]["dev"][1]["address"])
        with self.assertRaises(HttpError) as e:
            client.universal.ens(ens_name="nobody-here.eth")
        self.assertEqual(e.exception.status, 404)

    def test_an_odos_swap_without_allowance_names_the_router(self):
        client = CompassClient(server_url=URL)
        b = book()
        owner = b["accounts"]["dev"][OWNER_INDEX]["address"]
        with self.assertRaises(ValidationError) as e:
            client.swap.odos({"chain": CHAIN, "sender": owner, "token_in": "USDT", "token_out": "WETH", "amount": "10", "max_slippage_percent": 1})
        self.assertEqual(e.exception.fields, ["amount"])
        self.assertIn("OdosRouter", str(e.exception))

    def test_aerodrome_slipstream_pool_price_and_a_missing_spacing(self):
        client = CompassClient(server_url=URL)
        p = client.aerodrome_slipstream.pool_price(token_in="USDC", token_out="WETH", tick_spacing=100)
        self.assertGreater(float(p["price"]), 100)
        with self.assertRaises(HttpError) as e:
            client.aerodrome_slipstream.pool_price(token_in="USDC", token_out="WETH", tick_spacing=200)
        self.assertEqual(e.exception.status, 404)


@unittest.skipUnless(URL and DEVNET, "runs under npm test")
class V1BundlerTest(unittest.TestCase):
    """The transaction bundler and smart-account batching through the Python SDK."""

    def test_a_batch_of_calls_sent_one_by_one_lands_on_chain(self):
        client = CompassClient(server_url=URL)
        b = book()
        owner = b["accounts"]["dev"][OWNER_INDEX]["address"]
        weth = b["tokens"][CHAIN]["WETH"]["address"]
        auth = client.transaction_bundler.authorization({"chain": CHAIN, "sender": owner})
        nonce = int(devnet.rpc(CHAIN, "eth_getTransactionCount", [owner, "pending"]), 16)
        self.assertEqual(auth["nonce"], nonce + 1)
        self.assertEqual(auth["address"], b["chains"][CHAIN]["contracts"]["Simple7702Account"])
        # a bundle from an EOA that has not delegated needs the signed authorization
        with self.assertRaises(ValidationError) as e:
            client.transaction_bundler.execute(
                {"chain": CHAIN, "sender": owner, "actions": [{"body": {"action_type": "WRAP_ETH", "amount": "0.1"}}]}
            )
        self.assertEqual(e.exception.fields, ["signed_authorization"])
        # the same steps as calls: a wallet without atomic batches sends them one by one
        before = devnet.balance_of(CHAIN, weth, owner)
        ops = client.smart_account.batched_user_operations(
            {
                "chain": CHAIN,
                "sender": owner,
                "operations": [
                    {"body": {"action_type": "WRAP_ETH", "amount": "0.3"}},
                    {"body": {"action_type": "UNWRAP_WETH", "amount": "0.1"}},
                ],
            }
        )["operations"]
        self.assertEqual([op["to"] for op in ops], [weth, weth])
        for op in ops:
            devnet.send(CHAIN, {"from": owner, **op})
        self.assertEqual(devnet.balance_of(CHAIN, weth, owner), before + 2 * 10**17)
