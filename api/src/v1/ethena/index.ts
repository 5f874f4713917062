import type { Operation } from "../../kernel/registry/define.ts";
import { deposit } from "./operations/deposit.ts";
import { request } from "./operations/request.ts";
import { unstake } from "./operations/unstake.ts";
import { vault } from "./operations/vault.ts";

/** The v1 Ethena group (spec v1-capabilities.md §5): sUSDe read, staked, and left through its cooldown. Ethereum only. */
export const operations: Operation[] = [vault, deposit, request, unstake];
