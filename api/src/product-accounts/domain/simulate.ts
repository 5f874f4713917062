import { type Address, decodeAbiParameters, encodeFunctionData, type Hex, type PublicClient } from "viem";
import { accountCodeOf, simulateEach } from "../../kernel/chain/bundle-simulation.ts";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { revertDataOf } from "../../kernel/chain/revert.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { SAFE, safeAbi, simulateTxAccessorAbi } from "./safe.ts";
import type { SafeTx } from "./safe-tx.ts";

export interface SafeSimulation {
  success: boolean;
  /** the inner call's return or revert data */
  returnData: Hex;
  gasUsed: bigint;
}

/**
 * Runs a Safe transaction's inner call in the account's own context without a signature: the Safe's
 * simulateAndRevert delegatecalls SimulateTxAccessor, which executes the call and reverts with the
 * outcome. Used to simulate owner-signed (sponsored) payloads and to explain failed executions.
 */
export async function simulateSafeTx(
  client: PublicClient,
  chain: ChainName,
  account: Address,
  tx: Pick<SafeTx, "to" | "value" | "data" | "operation">,
): Promise<SafeSimulation> {
  const payload = encodeFunctionData({
    abi: simulateTxAccessorAbi,
    functionName: "simulate",
    args: [tx.to, tx.value, tx.data, tx.operation],
  });
  const data = encodeFunctionData({
    abi: safeAbi,
    functionName: "simulateAndRevert",
    args: [SAFE.simulateTxAccessor, payload],
  });
  let reverted: Hex | undefined;
  try {
    await client.request({ method: "eth_call", params: [{ to: account, data } as any, NEXT_BLOCK] });
  } catch (error) {
    reverted = revertDataOf(error);
    if (!reverted) rethrowRpc(chain, error);
  }
  if (!reverted) throw new Error(`simulateAndRevert on ${account} did not revert; is it a Safe?`);
  // revert data = success:bool ‖ response.length ‖ response (not ABI-encoded as a tuple)
  const ok = BigInt(reverted.slice(0, 66)) === 1n;
  const response = `0x${reverted.slice(130)}` as Hex;
  if (!ok) return { success: false, returnData: response, gasUsed: 0n };
  const [gasUsed, success, returnData] = decodeAbiParameters(
    [{ type: "uint256" }, { type: "bool" }, { type: "bytes" }],
    response,
  );
  return { success, returnData, gasUsed };
}

/**
 * Runs `calls` in order as the account itself, each on the state the ones before it left, and returns what
 * each one did: the kernel's bundle simulation (the same the v1 bundler and smart-account batches are built on),
 * the account's own code answering what reaches it (a token's receipt hook, ETH). One `eth_call`, plus one
 * `eth_getCode` the first time an account is seen deployed.
 */
export async function simulateAsAccount(
  client: PublicClient,
  chain: ChainName,
  account: Address,
  calls: { to: Address; data: Hex; value?: bigint }[],
): Promise<{ success: boolean; returnData: Hex }[]> {
  try {
    return await simulateEach(client, {
      account,
      accountCode: await accountCodeOf(client, account),
      calls: calls.map((c) => ({ to: c.to, data: c.data, value: c.value ?? 0n })),
    });
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}
