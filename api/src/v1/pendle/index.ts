import type { Operation } from "../../kernel/registry/define.ts";
import { liquidity } from "./operations/liquidity.ts";
import { market } from "./operations/market.ts";
import { markets } from "./operations/markets.ts";
import { positions } from "./operations/positions.ts";
import { pt } from "./operations/pt.ts";
import { redeemYield } from "./operations/redeem-yield.ts";
import { yt } from "./operations/yt.ts";

/** The v1 Pendle group (spec v1-capabilities.md §4): Pendle v2 markets, a wallet's positions, PT, YT and LP trades. */
export const operations: Operation[] = [markets, market, positions, pt, yt, liquidity, redeemYield];
