import type { Operation } from "../../kernel/registry/define.ts";
import { deposit } from "./operations/deposit.ts";
import { vault } from "./operations/vault.ts";
import { withdraw } from "./operations/withdraw.ts";

/** The v1 ERC-4626 group (spec v1-capabilities.md §6): any vault by address, read at any block; its two writes. */
export const operations: Operation[] = [vault, deposit, withdraw];
