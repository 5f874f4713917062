import { MULTICALL3 } from "@compass/constants";
import type { Address } from "viem";
import type { ChainSpec } from "./config.ts";
import { type ChainExtension, EXTENSIONS, extensionContracts } from "./extensions/index.ts";
import { SAFE_CONTRACTS, SAFE_SINGLETON_FACTORY, type SafeContractName } from "./safe.ts";

export { MULTICALL3 };

/** The contracts every chain's baseline installs (before any capability's extension runs). */
export function baselineContracts(spec: ChainSpec): Record<string, Address> {
  const safes = Object.fromEntries(
    (Object.keys(SAFE_CONTRACTS) as SafeContractName[]).map((name) => [name, SAFE_CONTRACTS[name].address]),
  );
  return {
    USDC: spec.usdc.address,
    Multicall3: MULTICALL3,
    SafeSingletonFactory: SAFE_SINGLETON_FACTORY,
    ...safes,
  };
}

/** Every contract the devnet provides on a chain, under the names the address book uses. */
export function chainContracts(
  spec: ChainSpec,
  extensions: ChainExtension[] = EXTENSIONS,
): Record<string, Address> {
  return { ...baselineContracts(spec), ...extensionContracts(spec.name, extensions) };
}
