import { runEarnActivity } from "../earn/activity.ts";
import { EARN_CHAINS } from "../earn/tokens.ts";
import type { ChainExtension } from "./types.ts";

/** One round of market activity at every start (after the protocols are in place); see earn/activity.ts. */
export const earnActivityExtension: ChainExtension = {
  name: "earn activity",
  chains: EARN_CHAINS,
  ensure: (ctx) => runEarnActivity(ctx, 0),
};
