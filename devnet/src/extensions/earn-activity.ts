import { runEarnActivity } from "../earn/activity.ts";
import { EARN_CHAINS } from "../earn/tokens.ts";
import type { ChainExtension } from "./types.ts";

/** Code here marks a chain whose first round of market activity has run. */
const ACTIVITY_MARKER = "0x00000000000000000000000000000000EA27AC71" as const;

/**
 * One round of market activity when the earn protocols are first installed (see earn/activity.ts); later
 * rounds follow clock advances. A restart adds no blocks: the chain continues exactly where it stopped.
 */
export const earnActivityExtension: ChainExtension = {
  name: "earn activity",
  chains: EARN_CHAINS,
  async ensure(ctx) {
    const marker = await ctx.clients.public.getCode({ address: ACTIVITY_MARKER });
    if (marker !== undefined && marker !== "0x") return;
    await runEarnActivity(ctx, 0);
    await ctx.clients.test.setCode({ address: ACTIVITY_MARKER, bytecode: "0x00" });
  },
};
