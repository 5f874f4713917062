import { type Address, getAddress } from "viem";
import { addressBook, type Config } from "../../kernel/config/env.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";

/** The Centrifuge ERC-7540 vault that issues the deRWA token `symbol` on `chain`, from the address book. */
export function centrifugeVault(config: Config, chain: ChainName, symbol: string): Address | undefined {
  const address = addressBook(config)?.chains[chain]?.contracts?.[`CentrifugeVault_${symbol}`];
  return address ? getAddress(address) : undefined;
}
