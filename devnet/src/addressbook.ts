import type { AddressBook } from "@compass/constants";
import { devAccounts, ROLE_INDEX, type RoleName, roleAccount } from "./accounts.ts";
import { chainContracts } from "./addresses.ts";
import type { ChainSpec } from "./config.ts";
import { type ChainExtension, EXTENSIONS, extensionTokens } from "./extensions/index.ts";
import { readJsonIfExists, writeJsonAtomic } from "./fsutil.ts";

export type { AddressBook };

/** The devnet's address book: the API's AddressBook plus the role accounts twins and tests use. */
export interface DevnetAddressBook extends AddressBook {
  environment: "devnet";
  accounts: NonNullable<AddressBook["accounts"]>;
  roles: Record<RoleName, { index: number; address: `0x${string}`; privateKey: `0x${string}` }>;
}

export function buildAddressBook(
  chains: { spec: ChainSpec; rpcUrl: string }[],
  twins: AddressBook["twins"],
  extensions: ChainExtension[] = EXTENSIONS,
): DevnetAddressBook {
  return {
    version: 1,
    environment: "devnet",
    chains: Object.fromEntries(
      chains.map(({ spec, rpcUrl }) => [
        spec.name,
        { chainId: spec.chainId, rpcUrl, contracts: chainContracts(spec, extensions) },
      ]),
    ),
    tokens: Object.fromEntries(
      chains.map(({ spec }) => [
        spec.name,
        {
          USDC: {
            address: spec.usdc.address,
            decimals: spec.usdc.decimals,
            name: spec.usdc.name,
            symbol: "USDC",
            ...(spec.usdc.version ? { permitVersion: spec.usdc.version } : {}),
          },
          ...extensionTokens(spec.name, extensions),
        },
      ]),
    ),
    accounts: { dev: devAccounts().map(({ address, privateKey }) => ({ address, privateKey })) },
    roles: Object.fromEntries(
      (Object.keys(ROLE_INDEX) as RoleName[]).map((role) => {
        const { index, address, privateKey } = roleAccount(role);
        return [role, { index, address, privateKey }];
      }),
    ) as DevnetAddressBook["roles"],
    twins,
  };
}

/** Atomic, so the API (which re-reads the file when it changes) never sees a partial book. */
export function writeAddressBook(path: string, book: DevnetAddressBook): void {
  writeJsonAtomic(path, book);
}

export function readDevnetAddressBook(path: string): DevnetAddressBook | undefined {
  return readJsonIfExists<DevnetAddressBook>(path);
}
