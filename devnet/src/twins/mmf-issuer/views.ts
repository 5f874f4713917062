import { MMF_CHAIN, MMF_CUTOFF, MMF_SYMBOL } from "@compass/constants";
import { formatUnits } from "viem";
import { isoDate } from "../../calendar/days.ts";
import type { IssuerChain } from "./chain.ts";
import { lastStrike, nextStrike } from "./cycles.ts";
import { formatNav, INCEPTION, NAV_DECIMALS, NAV_YIELD_BPS, navOn } from "./nav.ts";
import type { IssuerState, Order, RegisteredAccount } from "./state.ts";

export const FUND_NAME = "Sandbox Government Money Market Fund (sandbox token, no economic value)";

/** The fund as the issuer's API describes it to distributors (the Compass API reads this). */
export async function fundView(chain: IssuerChain, state: IssuerState, now: number) {
  const strike = lastStrike(now);
  const next = nextStrike(now);
  const supply = await chain.client.readContract({
    address: chain.fundToken,
    abi: [
      {
        type: "function",
        name: "totalSupply",
        stateMutability: "view",
        inputs: [],
        outputs: [{ type: "uint256" }],
      },
    ],
    functionName: "totalSupply",
  });
  return {
    symbol: MMF_SYMBOL,
    name: FUND_NAME,
    chain: MMF_CHAIN,
    chain_id: chain.client.chain!.id,
    token_address: chain.fundToken,
    decimals: 6,
    deposit_address: chain.issuer,
    redemption_address: chain.issuer,
    settlement_currency: { symbol: "USDC", address: chain.usdc, decimals: 6 },
    nav: { per_share: formatNav(navOn(strike.date)), date: isoDate(strike.date), struck_at: strike.at },
    next_cycle: { date: next.date, cutoff_at: next.at },
    cutoff: {
      time: `${MMF_CUTOFF.hour}:${String(MMF_CUTOFF.minute).padStart(2, "0")}`,
      time_zone: MMF_CUTOFF.timeZone,
    },
    nav_decimals: NAV_DECIMALS,
    inception_date: INCEPTION,
    gross_yield_bps: NAV_YIELD_BPS,
    shares_outstanding: formatUnits(supply, 6),
    subscriptions_paused: state.subscriptions_paused,
    sandbox: true,
    notice: "Sandbox fund: its shares carry no economic value",
  };
}

export function accountView(address: string, account: RegisteredAccount | undefined, portalUrl: string) {
  return {
    address,
    status: account?.status ?? "unregistered",
    whitelisted: account?.status === "approved" && account.allow_listed,
    entity_name: account?.entity_name ?? null,
    registered_at: account?.registered_at ?? null,
    decided_at: account?.decided_at ?? null,
    portal_url: `${portalUrl}?account=${address}`,
  };
}

export function orderView(order: Order) {
  const usdcRaw = order.kind === "subscription" ? order.amount_in : order.amount_out;
  const sharesRaw = order.kind === "subscription" ? order.amount_out : order.amount_in;
  return {
    id: order.id,
    kind: order.kind,
    fund: MMF_SYMBOL,
    account: order.account,
    status: order.status,
    usdc_amount: usdcRaw === null ? null : formatUnits(BigInt(usdcRaw), 6),
    shares: sharesRaw === null ? null : formatUnits(BigInt(sharesRaw), 6),
    nav_per_share: order.nav === null ? null : formatNav(BigInt(order.nav)),
    requested_at: order.requested_at,
    cycle_date: order.cycle_date,
    expected_settlement_at: order.cycle_at,
    settled_at: order.settled_at,
    transaction_hash: order.tx_hash,
    settlement_transaction_hash: order.settlement_tx_hash,
    reason: order.reason,
  };
}
