import { parseIsoDate } from "../../calendar/days.ts";
import type { IssuerChain } from "./chain.ts";
import { navOn, sharesFor, usdcFor } from "./nav.ts";
import type { IssuerState, Order } from "./state.ts";

/**
 * Runs every NAV cycle that is due at `now`: subscriptions are minted as shares, redemptions paid in USDC
 * (and their shares burned), each at its cycle's NAV. Rejected orders are refunded. `save` runs after
 * each order so a restart never repeats a settlement that went through.
 */
export async function settleDue(
  chain: IssuerChain,
  state: IssuerState,
  now: number,
  save: () => void,
  log: (line: string) => void,
): Promise<void> {
  for (const order of state.orders) {
    if (order.status === "rejected" && !order.settlement_tx_hash) {
      await refund(chain, order);
      order.settled_at = now;
      save();
      continue;
    }
    if (order.status !== "pending" || order.cycle_at > now) continue;
    const nav = navOn(parseIsoDate(order.cycle_date));
    const amountIn = BigInt(order.amount_in);
    if (order.kind === "subscription") {
      const shares = sharesFor(amountIn, nav);
      order.settlement_tx_hash = await chain.mintShares(order.account, shares);
      order.amount_out = shares.toString();
    } else {
      const usdc = usdcFor(amountIn, nav);
      order.settlement_tx_hash = await chain.payUsdc(order.account, usdc);
      order.amount_out = usdc.toString();
      await chain.burnShares(amountIn);
    }
    order.nav = nav.toString();
    order.status = "settled";
    order.settled_at = now;
    save();
    log(`settled ${order.kind} #${order.id} of ${order.account} at NAV ${nav} (cycle ${order.cycle_date})`);
  }
}

async function refund(chain: IssuerChain, order: Order): Promise<void> {
  const amount = BigInt(order.amount_in);
  order.settlement_tx_hash =
    order.kind === "subscription"
      ? await chain.payUsdc(order.account, amount)
      : await chain.returnShares(order.account, amount);
}
