import type { Address } from "viem";
import { chainContracts } from "../addresses.ts";
import { readDeployBlocks } from "../bootstrap/deploy-blocks.ts";
import { ensureBaseline } from "../bootstrap/index.ts";
import { readClockOffset, syncChainClock } from "../clock.ts";
import type { ChainSpec } from "../config.ts";
import { type ChainExtension, EXTENSIONS, ensureExtensions, extensionTokens } from "../extensions/index.ts";
import type { DevnetPaths } from "../layout.ts";
import { devnetClients } from "../rpc.ts";
import { type RunningChain, startAnvil } from "./chain.ts";

/**
 * One chain from process start to usable: anvil up (restoring its state file if any), clock on devnet
 * time, baseline contracts bootstrapped (first start) or verified (restart).
 */
export async function bringUpChain(
  spec: ChainSpec,
  portBase: number,
  paths: DevnetPaths,
  log: (message: string) => void,
  extensions: ChainExtension[] = EXTENSIONS,
  options: { snapshots?: boolean } = {},
): Promise<RunningChain & { deployBlocks: Record<string, number> }> {
  const started = performance.now();
  const chain = await startAnvil(spec, portBase, paths, options);
  try {
    await syncChainClock(chain.rpcUrl, readClockOffset(paths));
    const clients = devnetClients(spec, chain.rpcUrl);
    const { outcome, stale } = await ensureBaseline(clients, spec);
    await ensureExtensions({ spec, clients, log }, extensions);
    const tokens = Object.values(
      extensionTokens(spec.name, extensions) as Record<string, { address: Address }>,
    ).map((t) => t.address);
    const deployBlocks = await readDeployBlocks(clients, [
      ...Object.values(chainContracts(spec, extensions)),
      ...tokens,
    ]);
    const ms = Math.round(performance.now() - started);
    log(`${spec.name} (chain ${spec.chainId}) ${outcome} at ${chain.rpcUrl} in ${ms} ms`);
    if (stale.length > 0) {
      log(
        `warning: ${spec.name} runs older code of ${stale.join(", ")}; \`devnet reset\` installs the current build`,
      );
    }
    return Object.assign(chain, { deployBlocks });
  } catch (error) {
    await chain.stop();
    throw error;
  }
}
