import { tokenBalance } from "../ops/v1/token-balance.ts";
import { createAccount } from "../ops/v2/tokenized-assets/create-account.ts";
import { market } from "../ops/v2/tokenized-assets/market.ts";
import { markets } from "../ops/v2/tokenized-assets/markets.ts";
import { transfer } from "../ops/v2/tokenized-assets/transfer.ts";
import type { Operation } from "./define.ts";

/** Every operation the API serves. Surfaces (routes, OpenAPI, SDKs, CLI, MCP) derive from this list. */
export const operations: Operation[] = [tokenBalance, markets, market, createAccount, transfer];
