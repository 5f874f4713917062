import type { Market } from "./dexes.ts";
import { Oracle } from "./oracle.ts";
import { type Account, newAccount, type VenueState } from "./state.ts";

/** Fee schedule of the venue's base tier (perps): 4.5 bps taker, 1.5 bps maker. */
export interface FeeRates {
  taker: number;
  maker: number;
}
const BASE_FEES: FeeRates = { taker: 0.00045, maker: 0.00015 };

export type Network = "Mainnet" | "Testnet";

export interface CoreOptions {
  /** "Mainnet" (default) or "Testnet": which venue this is (signatures, token ids). */
  network?: Network;
  fees?: FeeRates;
  /** USDC kept by the venue on each withdrawal (the live bridge charges $1) */
  withdrawFeeUsd?: number;
  /**
   * When true (the venue's behaviour), HIP-3 markets only see an account's balance once it has
   * enabled an abstraction mode (unified account, portfolio margin or dex abstraction); in the
   * default mode the collateral sits on the main dex and `xyz` orders fail for lack of margin.
   */
  requireAbstractionForHip3?: boolean;
}

/**
 * The shared context every engine module works on: the state, the oracle and the time the
 * current operation happens at. `now` is set by the venue per request and per sync step, so
 * funding and liquidations replayed for a past instant are stamped with that instant.
 */
export class Core {
  now: number;
  readonly oracle: Oracle;
  readonly fees: FeeRates;
  readonly withdrawFeeMicro: number;
  readonly requireAbstractionForHip3: boolean;
  readonly network: Network;

  constructor(
    readonly state: VenueState,
    now: number,
    options: CoreOptions = {},
  ) {
    this.now = now;
    this.oracle = new Oracle(state.seed, state.shocks);
    this.fees = options.fees ?? BASE_FEES;
    this.withdrawFeeMicro = Math.round((options.withdrawFeeUsd ?? 1) * 1e6);
    this.requireAbstractionForHip3 = options.requireAbstractionForHip3 ?? true;
    this.network = options.network ?? "Mainnet";
  }

  peek(user: string): Account | undefined {
    return this.state.accounts[user];
  }

  account(user: string): Account {
    let account = this.state.accounts[user];
    if (!account) {
      account = newAccount();
      this.state.accounts[user] = account;
    }
    return account;
  }

  oraclePx(m: Market, time = this.now): number {
    return this.oracle.price(m, time);
  }

  /** Whether the account's collateral backs positions on a HIP-3 dex (see CoreOptions). */
  collateralReaches(account: Account, dex: string): boolean {
    if (!dex || !this.requireAbstractionForHip3) return true;
    return account.abstraction !== "default" && account.abstraction !== "disabled";
  }
}
