import { type Address, getAddress } from "viem";
import { addressBook, type Config } from "../../kernel/config/env.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";

/** An mToken's Midas contracts on one chain, from the address book (each absent where it is not deployed). */
export interface MidasContracts {
  /** the mToken's rate feed */
  feed?: Address;
  depositVault?: Address;
  redemptionVault?: Address;
}

export function midasContracts(config: Config, chain: ChainName, symbol: string): MidasContracts {
  const c = addressBook(config)?.chains[chain]?.contracts ?? {};
  const at = (name: string) => (c[name] ? getAddress(c[name]!) : undefined);
  return {
    feed: at(`MidasDataFeed_${symbol}`),
    depositVault: at(`MidasDepositVault_${symbol}`),
    redemptionVault: at(`MidasRedemptionVault_${symbol}`),
  };
}
