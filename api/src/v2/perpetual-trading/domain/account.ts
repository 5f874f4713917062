import type { Address } from "viem";
import type { ClearinghouseState } from "../venue/wire.ts";
import { DEX } from "./markets.ts";
import type { Venue } from "./ports.ts";

export interface VenueAccount {
  /** the `xyz` dex's clearinghouse state: its positions and margin */
  dex: ClearinghouseState;
  /** USD: collateral + unrealized PnL, wherever the collateral sits */
  accountValue: string;
  withdrawable: string;
}

/**
 * The venue keeps one clearinghouse state per perp dex. Deposits land on the main dex; the `xyz` dex
 * sees that collateral only once the account is in a unified mode. So the account's value is the
 * `xyz` state's when that state holds anything (unified: collateral + PnL), else the main dex's (a
 * fresh deposit that cannot trade `xyz` yet) — never their sum, which would count the collateral twice.
 */
export async function readAccount(venue: Venue, owner: Address, signal?: AbortSignal): Promise<VenueAccount> {
  const [main, dex] = await Promise.all([
    venue.info<ClearinghouseState>({ type: "clearinghouseState", user: owner }, signal),
    venue.info<ClearinghouseState>({ type: "clearinghouseState", user: owner, dex: DEX }, signal),
  ]);
  const reaches = dex.assetPositions.length > 0 || Number(dex.marginSummary.accountValue) > 0;
  const source = reaches ? dex : main;
  return { dex, accountValue: source.marginSummary.accountValue, withdrawable: source.withdrawable };
}
