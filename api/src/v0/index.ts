import type { Operation } from "../registry/define.ts";
import { genericAllowance } from "./operations/generic-allowance.ts";
import { genericAllowanceSet } from "./operations/generic-allowance-set.ts";
import { genericBalance } from "./operations/generic-balance.ts";
import { genericEns } from "./operations/generic-ens.ts";
import { genericPortfolio } from "./operations/generic-portfolio.ts";
import { genericPriceUsd } from "./operations/generic-price-usd.ts";
import { genericSupportedTokens } from "./operations/generic-supported-tokens.ts";
import { genericTransferErc20 } from "./operations/generic-transfer-erc20.ts";
import { genericTransferNativeToken } from "./operations/generic-transfer-native-token.ts";
import { genericUnwrapWeth } from "./operations/generic-unwrap-weth.ts";
import { genericVisualizePortfolio } from "./operations/generic-visualize-portfolio.ts";
import { genericWrapEth } from "./operations/generic-wrap-eth.ts";
import { tokenAddress } from "./operations/token-address.ts";

/**
 * The frozen v0 surface (spec v1-capabilities.md §10; docs/versions.md): every call a POST, reads ending in `/get`,
 * chains named `base:mainnet`, actions answering the bare transaction with integer fields. Served by the v1
 * operations' own functions (domain/adapt.ts), with `Deprecation` and `Sunset` headers and a document of its own
 * at `/v0/openapi.json`. Not in the SDKs, the CLI or MCP: new integrations use v1 and v2.
 */
export const operations: Operation[] = [
  genericPortfolio,
  genericVisualizePortfolio,
  genericPriceUsd,
  genericSupportedTokens,
  genericBalance,
  genericAllowance,
  genericEns,
  genericWrapEth,
  genericUnwrapWeth,
  genericTransferErc20,
  genericTransferNativeToken,
  genericAllowanceSet,
  tokenAddress,
];
