import type { Operation } from "../../kernel/registry/define.ts";
import { balance } from "./operations/balance.ts";
import { price } from "./operations/price.ts";
import { transfer } from "./operations/transfer.ts";

/** The v1 token group (spec v1-capabilities.md §9): price at any block, balance, transfer. */
export const operations: Operation[] = [price, balance, transfer];

export { V1Chain } from "./schemas.ts";
