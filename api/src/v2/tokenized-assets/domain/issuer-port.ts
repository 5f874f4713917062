/** The fund issuer's distributor API, as the issuer twin (devnet/src/twins/mmf-issuer) serves it. */
export interface IssuerFund {
  symbol: string;
  name: string;
  chain: string;
  chain_id: number;
  token_address: `0x${string}`;
  decimals: number;
  /** where subscription USDC must be sent */
  deposit_address: `0x${string}`;
  /** where shares are sent to redeem them */
  redemption_address: `0x${string}`;
  nav: { per_share: string; date: string; struck_at: number };
  next_cycle: { date: string; cutoff_at: number };
  cutoff: { time: string; time_zone: string };
  shares_outstanding: string;
  subscriptions_paused: boolean;
  notice?: string;
}

export interface IssuerAccount {
  address: string;
  status: "unregistered" | "pending" | "approved" | "rejected";
  whitelisted: boolean;
  portal_url: string;
}

export interface IssuerOrder {
  id: number;
  kind: "subscription" | "redemption";
  fund: string;
  account: string;
  status: "pending" | "settled" | "rejected";
  usdc_amount: string | null;
  shares: string | null;
  nav_per_share: string | null;
  requested_at: number;
  cycle_date: string;
  expected_settlement_at: number;
  settled_at: number | null;
  transaction_hash: `0x${string}`;
  settlement_transaction_hash: `0x${string}` | null;
  reason: string | null;
}

export interface IssuerNavPoint {
  date: string;
  per_share: string;
  struck_at: number;
}

/** The fund issuer's distributor API as the domain sees it: its funds, NAV history and an account's orders. */
export interface Issuer {
  fund(symbol: string): Promise<IssuerFund>;
  account(address: string): Promise<IssuerAccount>;
  orders(account: string): Promise<IssuerOrder[]>;
  navHistory(symbol: string, days: number): Promise<IssuerNavPoint[]>;
}
