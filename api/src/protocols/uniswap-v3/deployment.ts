import { type Address, getAddress, type PublicClient } from "viem";
import type { ChainClients } from "../../kernel/chain/clients.ts";
import { addressBook, type Config } from "../../kernel/config/env.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import type { V3Variant } from "./variant.ts";

/** One chain's deployment of a variant: its client and the factory, SwapRouter, QuoterV2 and position manager. */
export interface UniswapV3 {
  variant: V3Variant;
  chain: ChainName;
  client: PublicClient;
  factory: Address;
  router: Address;
  quoter: Address;
  positions: Address;
}

/**
 * The variant's deployment on `chain`, by the address book's names; a chain this deployment does not serve, or
 * one without the variant's four contracts, is a 422 on `loc`.
 */
export function uniswapV3(
  variant: V3Variant,
  config: Config,
  chains: ChainClients,
  chain: ChainName,
  loc: Loc,
): UniswapV3 {
  const client = chains.get(chain, loc);
  const c = addressBook(config)?.chains[chain]?.contracts ?? {};
  const { factory, router, quoter, positions } = variant.contracts;
  if (!c[factory] || !c[router] || !c[quoter] || !c[positions])
    throw fieldError(loc, `${variant.name} is not deployed on ${chain} in this deployment`);
  return {
    variant,
    chain,
    client,
    factory: getAddress(c[factory]),
    router: getAddress(c[router]),
    quoter: getAddress(c[quoter]),
    positions: getAddress(c[positions]),
  };
}
