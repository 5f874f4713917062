import type { Operation } from "../registry/define.ts";
import { balances } from "./operations/balances.ts";
import { createAccount } from "./operations/create-account.ts";
import { transfer } from "./operations/transfer.ts";

/** The /v2/earn operations (spec earn-and-credit.md Part A), in the spec's order as they land. */
export const operations: Operation[] = [balances, createAccount, transfer];
