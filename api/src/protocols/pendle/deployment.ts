import { type Address, getAddress } from "viem";
import { addressBook, type Config } from "../../kernel/config/env.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";

/**
 * Pendle v2 on a chain, found through the deployment's address book: the router trades go through
 * (`PendleRouter`, Pendle's PendleRouterV4), the quoting router (`PendleRouterStatic`, the view contract
 * Pendle's own app quotes with) and the market factory that vouches for markets (`PendleMarketFactory`).
 * Production changes addresses, not code.
 */
export interface PendleDeployment {
  router: Address;
  routerStatic: Address;
  marketFactory: Address;
}

export function pendleDeployment(config: Config, chain: ChainName): PendleDeployment | null {
  const c = addressBook(config)?.chains[chain]?.contracts ?? {};
  if (!c.PendleRouter || !c.PendleRouterStatic || !c.PendleMarketFactory) return null;
  return {
    router: getAddress(c.PendleRouter),
    routerStatic: getAddress(c.PendleRouterStatic),
    marketFactory: getAddress(c.PendleMarketFactory),
  };
}

export function requirePendle(config: Config, chain: ChainName, loc: Loc): PendleDeployment {
  const d = pendleDeployment(config, chain);
  if (!d) throw fieldError(loc, `Pendle is not configured on ${chain} in this deployment`);
  return d;
}

/** The quoting router alone (a valuation needs nothing else), if the address book names one. */
export function pendleRouterStatic(config: Config, chain: ChainName): Address | undefined {
  const routerStatic = addressBook(config)?.chains[chain]?.contracts.PendleRouterStatic;
  return routerStatic ? getAddress(routerStatic) : undefined;
}

/**
 * The markets the address book lists (`PendleMarket_<name>`), by that name: the deployment's own ("prime")
 * markets, and how its PTs (`PendlePT_<name>`) and YTs (`PendleYT_<name>`) find theirs.
 */
export function listedPendleMarkets(config: Config, chain: ChainName): Map<string, Address> {
  const contracts = addressBook(config)?.chains[chain]?.contracts ?? {};
  return new Map(
    Object.entries(contracts)
      .filter(([name]) => name.startsWith("PendleMarket_"))
      .map(([name, address]) => [name.slice("PendleMarket_".length), getAddress(address)]),
  );
}
