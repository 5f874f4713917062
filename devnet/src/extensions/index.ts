import { type Address, getAddress, keccak256, stringToHex } from "viem";
import { recordDeployBlocks } from "../bootstrap/deploy-blocks.ts";
import type { DevnetChainName } from "../config.ts";
import { aaveV3Extension } from "./aave-v3.ts";
import { accountAbstractionExtension } from "./account-abstraction.ts";
import { aerodromeSlipstreamExtension } from "./aerodrome-slipstream.ts";
import { bridge2Extension } from "./bridge2.ts";
import { cctpExtension } from "./cctp.ts";
import { earnActivityExtension } from "./earn-activity.ts";
import { earnTokensExtension } from "./earn-tokens.ts";
import { ensExtension } from "./ens.ts";
import { equityOrdersExtension } from "./equity-orders.ts";
import { erc4626VaultsExtension } from "./erc4626-vaults.ts";
import { eulerVaultsExtension } from "./euler-vaults.ts";
import { issuerVaultsExtension } from "./issuer-vaults.ts";
import { ixsVaultExtension } from "./ixs-vault.ts";
import { metaMorphoVaultsExtension } from "./metamorpho-vaults.ts";
import { mmfSandboxExtension } from "./mmf-sandbox.ts";
import { morphoBlueExtension } from "./morpho-blue.ts";
import { oneTimeWalletExtension } from "./one-time-wallets.ts";
import { pendleExtension } from "./pendle.ts";
import { permit2Extension } from "./permit2.ts";
import { rwaMarketsExtension } from "./rwa-markets.ts";
import { skyEthenaExtension } from "./sky-ethena.ts";
import { stableFeedsExtension } from "./stable-feeds.ts";
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
  cctpExtension,
  rwaMarketsExtension,
  mmfSandboxExtension,
  ixsVaultExtension,
  equityOrdersExtension,
  issuerVaultsExtension,
  oneTimeWalletExtension,
  accountAbstractionExtension,
  ensExtension,
  earnTokensExtension,
  // before the other earn protocols: their deployments stay the latest blocks, within a node's retained history
  skyEthenaExtension,
  erc4626VaultsExtension,
  pendleExtension,
  uniswapV3Extension,
  aerodromeSlipstreamExtension,
  aaveV3Extension,
  stableFeedsExtension,
  morphoBlueExtension,
  metaMorphoVaultsExtension,
  eulerVaultsExtension,
  earnActivityExtension,
];

/** The earn protocols and what they need (their tokens, the activity that moves their rates). */
export const EARN_EXTENSIONS: readonly ChainExtension[] = [
  earnTokensExtension,
  erc4626VaultsExtension,
  pendleExtension,
  uniswapV3Extension,
  aerodromeSlipstreamExtension,
  aaveV3Extension,
  stableFeedsExtension,
  morphoBlueExtension,
  metaMorphoVaultsExtension,
  eulerVaultsExtension,
  skyEthenaExtension,
  earnActivityExtension,
];

/** The extensions a devnet installs: all, or all but the earn protocols (`earn: false`). */
export function selectExtensions(options: { earn?: boolean }): ChainExtension[] {
  return options.earn === false ? EXTENSIONS.filter((e) => !EARN_EXTENSIONS.includes(e)) : EXTENSIONS;
}

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
    const marker = completionMarker(ext, ctx.spec.name, listed);
    const [absent, done] = await Promise.all([withoutCode(ctx, listed), withoutCode(ctx, [marker])]);
    // installed completely before, with these very contracts (their CREATE2 addresses follow the code):
    // a restart skips the extension's checks, seconds per chain for the earn protocols
    if (!ext.everyStart && done.length === 0 && absent.length === 0) continue;
    const startBlock = (await ctx.clients.public.getBlockNumber()) + 1n;
    await ext.ensure(ctx);
    await recordDeployBlocks(ctx.clients, absent, startBlock);
    await ctx.clients.test.setCode({ address: marker, bytecode: "0x00" });
  }
}

/**
 * Code here marks an extension whose `ensure` completed on this chain for these contracts; set last, so an
 * interrupted bootstrap (Ctrl-C; anvil saves its state on exit) completes on the next start.
 */
export function completionMarker(ext: ChainExtension, chain: DevnetChainName, listed: Address[]): Address {
  const hash = keccak256(
    stringToHex(
      `compass.devnet.extension:${ext.name}:${chain}:${listed.map((a) => a.toLowerCase()).join(",")}`,
    ),
  );
  return getAddress(`0x${hash.slice(-40)}`);
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
