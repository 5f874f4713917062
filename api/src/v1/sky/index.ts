import type { Operation } from "../../kernel/registry/define.ts";
import { buy } from "./operations/buy.ts";
import { deposit } from "./operations/deposit.ts";
import { position } from "./operations/position.ts";
import { sell } from "./operations/sell.ts";
import { withdraw } from "./operations/withdraw.ts";

/** The v1 Sky group (spec v1-capabilities.md §5): USDS against DAI and USDC, and sUSDS savings. Ethereum only. */
export const operations: Operation[] = [position, buy, sell, deposit, withdraw];
