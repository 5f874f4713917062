import type { Address, Hex } from "viem";

export type AccountStatus = "pending" | "approved" | "rejected";

export interface RegisteredAccount {
  address: Address;
  entity_name: string | null;
  status: AccountStatus;
  registered_at: number;
  decided_at: number | null;
  /** the on-chain allow-list entry is written (approval is complete only then) */
  allow_listed: boolean;
}

export type OrderKind = "subscription" | "redemption";
export type OrderStatus = "pending" | "settled" | "rejected";

export interface Order {
  id: number;
  kind: OrderKind;
  account: Address;
  /** raw units received: USDC (subscription) or shares (redemption), both 6 decimals */
  amount_in: string;
  /** raw units paid out once settled: shares (subscription) or USDC (redemption) */
  amount_out: string | null;
  nav: string | null;
  /** block timestamp of the transfer that placed the order */
  requested_at: number;
  /** business day whose NAV strike settles it, YYYY-MM-DD */
  cycle_date: string;
  /** when that strike happens (the cutoff), unix seconds */
  cycle_at: number;
  status: OrderStatus;
  settled_at: number | null;
  tx_hash: Hex;
  log_index: number;
  settlement_tx_hash: Hex | null;
  reason: string | null;
}

export interface IssuerState {
  version: 1;
  /** last block whose logs were scanned */
  cursor: number;
  accounts: Record<string, RegisteredAccount>;
  orders: Order[];
  next_order_id: number;
  subscriptions_paused: boolean;
}

export function initialState(): IssuerState {
  return { version: 1, cursor: -1, accounts: {}, orders: [], next_order_id: 1, subscriptions_paused: false };
}
