import { batchVocabulary } from "./batches/index.ts";
import type { Operation } from "./kernel/registry/define.ts";
import { type SimulationSpecs, withSimulation } from "./kernel/registry/simulated.ts";
import { healthFactorProbe, oraclePriceSource } from "./protocols/aave/index.ts";
import { operations as v0 } from "./v0/index.ts";
import { operations as aave } from "./v1/aave/index.ts";
import { operations as aerodromeSlipstream } from "./v1/aerodrome-slipstream/index.ts";
import { operations as ethena } from "./v1/ethena/index.ts";
import { operations as generic } from "./v1/generic/index.ts";
import { operations as morpho } from "./v1/morpho/index.ts";
import { operations as pendle } from "./v1/pendle/index.ts";
import { operations as sky } from "./v1/sky/index.ts";
import { operations as smartAccount } from "./v1/smart-account/index.ts";
import { operations as swap } from "./v1/swap/index.ts";
import { operations as token } from "./v1/token/index.ts";
import { operations as transactionBundler } from "./v1/transaction-bundler/index.ts";
import { operations as uniswap } from "./v1/uniswap/index.ts";
import { operations as vaults } from "./v1/vaults/index.ts";
import { operations as cctp } from "./v2/cctp/index.ts";
import { operations as credit } from "./v2/credit/index.ts";
import { operations as earn } from "./v2/earn/index.ts";
import { operations as gasSponsorship } from "./v2/gas-sponsorship/index.ts";
import { operations as onramp } from "./v2/onramp/index.ts";
import { operations as perpetualTrading } from "./v2/perpetual-trading/index.ts";
import { operations as tokenizedAssets } from "./v2/tokenized-assets/index.ts";

/**
 * The composition of the capabilities: no capability imports another, so the ones built over others get them
 * here — the batches (bundler, smart account) the v1 writes, v0 the operations that serve it.
 */

/** The v1 writes a batch can hold, each naming its `action_type`. */
const batchable: Operation[] = [
  ...token,
  ...aave,
  ...vaults,
  ...generic,
  ...uniswap,
  ...aerodromeSlipstream,
  ...morpho,
  ...pendle,
  ...sky,
  ...ethena,
  ...swap,
];
const batch = batchVocabulary(batchable);

/** a Pendle trade's quoted output, when it pays out in `token` (a sale, a withdrawal) */
const pendleOutput = (paysOutIn: string) => ({
  quotedOutput: (body: any, result: any) =>
    body.action === paysOutIn
      ? { token: body.token, quoted: result.amount_out_quote, slippagePercent: body.max_slippage_percent }
      : null,
});

/**
 * What the simulation of each write's answer is told beyond the answer itself: outcomes that arrive after a later
 * block, and the quoted output a swap promises (warned of when less arrives).
 */
const simulationSpecs: SimulationSpecs = {
  v1_ethena_request: {
    settlesLater:
      "The USDe is released after the cooldown (cooldown_duration_days): then POST /v1/ethena/unstake sends it to the wallet",
  },
  v1_uniswap_swap_sell_exactly: {
    quotedOutput: (body, result) => ({
      token: body.token_out,
      quoted: result.amount_out_quote,
      slippagePercent: body.max_slippage_percent,
    }),
  },
  v1_swap_odos: {
    quotedOutput: (body, result) => ({
      token: body.token_out,
      quoted: result.amount_out_quote,
      slippagePercent: body.max_slippage_percent,
    }),
  },
  v1_pendle_pt: pendleOutput("SELL"),

  v1_pendle_yt: pendleOutput("SELL"),

  v1_pendle_liquidity: pendleOutput("WITHDRAW"),

  v2_cctp_burn: {
    settlesLater:
      "The USDC is minted on the destination chain once Circle attests the burn: POST /v2/cctp/mint with bridge_id and the burn's hash",
  },
  v2_tokenized_assets_transact_buy: {
    settlesLater:
      "The issuer settles the subscription later (settlement, expected_settlement_at): the tokens reach the account then; poll_endpoint follows it",
  },
  v2_tokenized_assets_transact_sell: {
    settlesLater:
      "The issuer settles the redemption later (settlement, expected_settlement_at): the cash reaches the account then; poll_endpoint follows it",
  },
  v2_tokenized_assets_order: {
    settlesLater:
      "The approval is what moves now; the order fills at the venue after it is signed and submitted (POST /v2/tokenized_assets/order/submit)",
  },
  v2_perpetual_trading_deposit_sponsor_prepare: {
    settlesLater:
      "The USDC leaves for the venue's bridge now; the venue credits it to the trading account once it sees the deposit (GET /v2/perpetual_trading/account)",
  },
};
const simulationSources = { price: oraclePriceSource, probes: healthFactorProbe };

const served: Operation[] = [
  ...batchable,
  ...transactionBundler(batch),
  ...smartAccount(batch),
  ...onramp,
  ...tokenizedAssets,
  ...gasSponsorship,
  ...perpetualTrading,
  ...earn,
  ...credit,
  ...cctp,
];

/**
 * Every operation the API serves. Surfaces (routes, OpenAPI, SDKs, CLI, MCP) derive from this list. Each write that
 * answers something to sign answers its `simulation` too.
 */
export const operations: Operation[] = served.map((op) =>
  withSimulation(op, simulationSources, simulationSpecs[op.operationId]),
);

/**
 * The frozen v0 operations: routed and documented (`/v0/openapi.json`) apart from the list above, so no client
 * surface is generated for them.
 */
export const v0Operations: Operation[] = v0(served);
