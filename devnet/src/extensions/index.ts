import type { Address } from "viem";
import { recordDeployBlocks } from "../bootstrap/deploy-blocks.ts";
import type { DevnetChainName } from "../config.ts";
import { aaveV3Extension } from "./aave-v3.ts";
import { bridge2Extension } from "./bridge2.ts";
import { earnActivityExtension } from "./earn-activity.ts";
import { earnTokensExtension } from "./earn-tokens.ts";
import { erc4626VaultsExtension } from "./erc4626-vaults.ts";
import { mmfSandboxExtension } from "./mmf-sandbox.ts";
import { morphoBlueExtension } from "./morpho-blue.ts";
import { oneTimeWalletExtension } from "./one-time-wallets.ts";
import { permit2Extension } from "./permit2.ts";
import { rwaMarketsExtension } from "./rwa-markets.ts";
import type { ChainExtension, ExtensionContext } from "./types.ts";
import { uniswapV3Extension } from "./uniswap-v3.ts";

export type { ChainExtension, ExtensionContext };

/**
 * Every capability's chain extension, in the order they run. A new one goes in its own file here
 * (`extensions/<name>.ts`, typed with `ChainExtension` from types.ts) and is appended to this list.
 */
export const EXTENSIONS: ChainExtension[] = [
  bridge2Extension,
  permit2Extension,
  rwaMarketsExtension,
  mmfSandboxExtension,
  oneTimeWalletExtension,
  earnTokensExtension,
  erc4626VaultsExtension,
  uniswapV3Extension,
  aaveV3Extension,
  morphoBlueExtension,
  earnActivityExtension,
];

export async function ensureExtensions(
  ctx: ExtensionContext,
  extensions: ChainExtension[] = EXTENSIONS,
): Promise<void> {
  for (const ext of extensions) {
    if (!ext.chains.includes(ctx.spec.name)) continue;
    // What this run installs gets a deploy block: a contract that was already there (state from before the
    // ledger existed) gets none, so event reads never start after its real deployment.
    const tokens = Object.values(ext.tokens?.(ctx.spec.name) ?? {}).map((t) => t.address);
    const listed = [...Object.values(ext.contracts?.(ctx.spec.name) ?? {}), ...tokens];
    const absent = await withoutCode(ctx, listed);
    const startBlock = (await ctx.clients.public.getBlockNumber()) + 1n;
    await ext.ensure(ctx);
    await recordDeployBlocks(ctx.clients, absent, startBlock);
  }
}

async function withoutCode(ctx: ExtensionContext, addresses: Address[]): Promise<Address[]> {
  const codes = await Promise.all(addresses.map((address) => ctx.clients.public.getCode({ address })));
  return addresses.filter((_, i) => codes[i] === undefined || codes[i] === "0x");
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
