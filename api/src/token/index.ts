import type { Operation } from "../registry/define.ts";
import { balance } from "./operations/balance.ts";

/** v1 token reads. */
export const operations: Operation[] = [balance];
export { V1Chain } from "./schemas.ts";
