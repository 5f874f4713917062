import type { Address } from "viem";
import { bridge2Extension } from "./bootstrap/bridge2.ts";
import type { ChainSpec, DevnetChainName } from "./config.ts";
import { oneTimeWalletExtension } from "./onramp/extension.ts";
import { permit2Extension } from "./permit2.ts";
import type { DevnetClients } from "./rpc.ts";
import { rwaMarketsExtension } from "./tokenized/extension.ts";
import { mmfSandboxExtension } from "./tokenized/mmf-extension.ts";

/**
 * A capability's contracts on the devnet (one-time-wallet factory, venue bridge, fund token, AMM…).
 * Extensions run after the baseline on every start, so they must be idempotent and cheap when their
 * contracts are already there. Deploy through the CREATE2 factory (SafeSingletonFactory) so addresses
 * are deterministic and the address book can list them without reading chain state.
 */
export interface ChainExtension {
  name: string;
  chains: readonly DevnetChainName[];
  ensure(ctx: ExtensionContext): Promise<void>;
  /** merged into addressbook.chains[chain].contracts */
  contracts?(chain: DevnetChainName): Record<string, Address>;
  /** merged into addressbook.tokens[chain] */
  tokens?(
    chain: DevnetChainName,
  ): Record<string, { address: Address; decimals: number; [k: string]: unknown }>;
}

export interface ExtensionContext {
  spec: ChainSpec;
  clients: DevnetClients;
  log: (line: string) => void;
}

/** Every capability's chain extension; capabilities append theirs. */
export const EXTENSIONS: ChainExtension[] = [
  bridge2Extension,
  permit2Extension,
  rwaMarketsExtension,
  mmfSandboxExtension,
  oneTimeWalletExtension,
];

export async function ensureExtensions(
  ctx: ExtensionContext,
  extensions: ChainExtension[] = EXTENSIONS,
): Promise<void> {
  for (const ext of extensions) if (ext.chains.includes(ctx.spec.name)) await ext.ensure(ctx);
}

export function extensionContracts(
  chain: DevnetChainName,
  extensions: ChainExtension[] = EXTENSIONS,
): Record<string, Address> {
  return Object.assign(
    {},
    ...extensions.filter((e) => e.chains.includes(chain)).map((e) => e.contracts?.(chain) ?? {}),
  );
}

export function extensionTokens(chain: DevnetChainName, extensions: ChainExtension[] = EXTENSIONS) {
  return Object.assign(
    {},
    ...extensions.filter((e) => e.chains.includes(chain)).map((e) => e.tokens?.(chain) ?? {}),
  );
}
