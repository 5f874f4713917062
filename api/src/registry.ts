import { batchVocabulary } from "./batches/index.ts";
import type { Operation } from "./kernel/registry/define.ts";
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

/** Every operation the API serves. Surfaces (routes, OpenAPI, SDKs, CLI, MCP) derive from this list. */
export const operations: Operation[] = [
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
 * The frozen v0 operations: routed and documented (`/v0/openapi.json`) apart from the list above, so no client
 * surface is generated for them.
 */
export const v0Operations: Operation[] = v0(operations);
