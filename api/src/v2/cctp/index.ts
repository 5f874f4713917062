import type { Operation } from "../../kernel/registry/define.ts";
import { cctpBurn } from "./operations/cctp-burn.ts";
import { cctpMint } from "./operations/cctp-mint.ts";

/** The /v2/cctp operations (spec earn-and-credit Part C), in the spec's order. */
export const operations: Operation[] = [cctpBurn, cctpMint];
