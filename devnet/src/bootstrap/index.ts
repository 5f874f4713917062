import { baselineContracts, MULTICALL3 } from "../addresses.ts";
import type { ChainSpec } from "../config.ts";
import { type DevnetContract, loadArtifact } from "../contracts/artifacts.ts";
import type { DevnetClients } from "../rpc.ts";
import { SAFE_SINGLETON_FACTORY } from "../safe.ts";
import { recordDeployBlocks } from "./deploy-blocks.ts";
import { deploySafeContracts } from "./safe.ts";
import { hasCode } from "./tx.ts";
import { installUsdc, usdcTwin } from "./usdc.ts";

export interface BaselineResult {
  outcome: "bootstrapped" | "verified";
  /** devnet contracts whose on-chain code predates the current devnet/artifacts */
  stale: DevnetContract[];
}

/**
 * Brings a chain to the devnet's baseline unless it is there already (state restored from disk):
 * Safe v1.4.1 through the singleton factory, Multicall3, and the USDC twin with genesis balances.
 */
export async function ensureBaseline(clients: DevnetClients, spec: ChainSpec): Promise<BaselineResult> {
  if (await hasCode(clients, BASELINE_MARKER)) {
    return { outcome: "verified", stale: await verifyBaseline(clients, spec) };
  }
  // Multicall3 first, in its own block: clients batch historical reads through it, so it must exist at
  // every block where any other devnet contract does (as on the real chains, where it predates them).
  if (!(await hasCode(clients, MULTICALL3))) {
    await clients.test.setCode({
      address: MULTICALL3,
      bytecode: loadArtifact("Multicall3").deployedBytecode,
    });
    await clients.test.mine({ blocks: 1 });
  }
  // Every step skips what is already done, so a bootstrap interrupted by Ctrl-C (whose partial state
  // anvil saved on exit) simply completes on the next start.
  // A fresh chain: the baseline is installed from here on (Multicall3 in this block).
  const startBlock = await clients.public.getBlockNumber();
  await deploySafeContracts(clients);
  await installUsdc(clients, spec);
  await recordDeployBlocks(
    clients,
    Object.values(baselineContracts(spec)),
    startBlock > 0n ? startBlock - 1n : 0n,
  );
  await clients.test.setCode({ address: BASELINE_MARKER, bytecode: "0x00" });
  return { outcome: "bootstrapped", stale: await verifyBaseline(clients, spec) };
}

/** Code at this address (set last) marks a complete baseline. */
const BASELINE_MARKER = "0x00000000000000000000000000000000c0dEBa5E" as const;

/**
 * Every baseline contract must have code (a foreign or damaged state file fails here); extensions run
 * after this and install their own, so a state that predates an extension still starts. Our own
 * contracts are also compared with the committed artifacts: state created before a contract change
 * keeps the old code until `devnet reset`.
 */
async function verifyBaseline(clients: DevnetClients, spec: ChainSpec): Promise<DevnetContract[]> {
  const missing = [];
  for (const [name, address] of Object.entries(baselineContracts(spec))) {
    if (!(await hasCode(clients, address))) missing.push(`${name} ${address}`);
  }
  if (missing.length > 0) {
    throw new Error(
      `chain ${spec.name} lacks devnet contracts (${missing.join(", ")}); run \`devnet reset\``,
    );
  }
  const placed: [DevnetContract, `0x${string}`][] = [
    ["Create2Deployer", SAFE_SINGLETON_FACTORY],
    ["Multicall3", MULTICALL3],
    [usdcTwin(spec), spec.usdc.address],
  ];
  const stale: DevnetContract[] = [];
  for (const [name, address] of placed) {
    const code = await clients.public.getCode({ address });
    if (code?.toLowerCase() !== loadArtifact(name).deployedBytecode.toLowerCase()) stale.push(name);
  }
  return stale;
}
