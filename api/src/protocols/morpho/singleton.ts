import { type Address, getAddress } from "viem";
import { addressBook, type Config } from "../../kernel/config/env.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";

/** The chain's Morpho Blue singleton in the deployment's address book, or null where it has none. */
export function morphoOn(config: Config, chain: ChainName): Address | null {
  const morpho = addressBook(config)?.chains[chain]?.contracts.MorphoBlue;
  return morpho ? getAddress(morpho) : null;
}

/** The chain's Morpho Blue singleton, or a 422 on `loc` (the request's chain) where the deployment has none. */
export function requireMorpho(config: Config, chain: ChainName, loc: Loc): Address {
  const morpho = morphoOn(config, chain);
  if (!morpho) throw fieldError(loc, `Morpho Blue is not deployed on ${chain} in this deployment`);
  return morpho;
}
