import { operations as aave } from "../aave/index.ts";
import { operations as aerodromeSlipstream } from "../aerodrome-slipstream/index.ts";
import { operations as cctp } from "../cctp/index.ts";
import { operations as credit } from "../credit/index.ts";
import { operations as earn } from "../earn/index.ts";
import { operations as ethena } from "../ethena/index.ts";
import { operations as gasSponsorship } from "../gas-sponsorship/index.ts";
import { operations as generic } from "../generic/index.ts";
import { operations as morpho } from "../morpho/index.ts";
import { operations as onramp } from "../onramp/index.ts";
import { operations as pendle } from "../pendle/index.ts";
import { operations as perpetualTrading } from "../perpetual-trading/index.ts";
import { operations as productAccounts } from "../product-accounts/index.ts";
import { operations as sky } from "../sky/index.ts";
import { operations as smartAccount } from "../smart-account/index.ts";
import { operations as swap } from "../swap/index.ts";
import { operations as token } from "../token/index.ts";
import { operations as tokenizedAssets } from "../tokenized-assets/index.ts";
import { operations as transactionBundler } from "../transaction-bundler/index.ts";
import { operations as uniswap } from "../uniswap/index.ts";
import { operations as v0 } from "../v0/index.ts";
import { operations as vaults } from "../vaults/index.ts";
import type { Operation } from "./define.ts";

/** Every operation the API serves. Surfaces (routes, OpenAPI, SDKs, CLI, MCP) derive from this list. */
export const operations: Operation[] = [
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
  ...transactionBundler,
  ...smartAccount,
  ...onramp,
  ...tokenizedAssets,
  ...productAccounts,
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
export const v0Operations: Operation[] = v0;
