import { roleAccount } from "../accounts.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import type { DevnetClients } from "../rpc.ts";
import { SAFE_CONTRACTS, SAFE_SINGLETON_FACTORY, type SafeContractName, safeDeployment } from "../safe.ts";
import { hasCode, sendAndConfirm } from "./tx.ts";

/**
 * Installs the CREATE2 factory at the Safe singleton factory address, then deploys the Safe v1.4.1
 * contracts through it exactly as Safe does on a real chain, so they land on their canonical addresses.
 * Contracts already present are skipped, which makes a re-run after an interrupted bootstrap safe.
 */
export async function deploySafeContracts(clients: DevnetClients): Promise<void> {
  await clients.test.setCode({
    address: SAFE_SINGLETON_FACTORY,
    bytecode: loadArtifact("Create2Deployer").deployedBytecode,
  });
  const deployer = roleAccount("deployer").address;
  for (const name of Object.keys(SAFE_CONTRACTS) as SafeContractName[]) {
    const { address, data } = safeDeployment(name);
    if (await hasCode(clients, address)) continue;
    await sendAndConfirm(clients, {
      from: deployer,
      to: SAFE_SINGLETON_FACTORY,
      data,
      what: `deploying ${name}`,
    });
    if (!(await hasCode(clients, address)))
      throw new Error(`${name} has no code at ${address} after deployment`);
  }
}
