import {
  type Address,
  decodeAbiParameters,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  multicall3Abi,
  type PublicClient,
} from "viem";
import { rethrowRpc } from "../../chain/clients.ts";
import { NEXT_BLOCK } from "../../chain/next-block.ts";
import { revertDataOf } from "../../chain/revert.ts";
import type { ChainName } from "../../schemas/common.ts";
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

const multicallCode = new WeakMap<PublicClient, Promise<Hex>>();

/**
 * Runs `calls` in order as the account itself, each on the state the ones before it left, and returns what
 * each answered — so a builder can read a swap's real output after earlier legs have moved the pools, and a
 * failure names the call and its own revert reason (MultiSend reverts with none). How: one eth_call to the
 * account with its code replaced, in the call's state override, by the chain's Multicall3 (whose
 * `aggregate3` calls out as the account: msg.sender is the account for every call, as under the Safe's
 * MultiSend). Needs an RPC with eth_call state overrides (geth, erigon, anvil and the public providers).
 */
export async function simulateAsAccount(
  client: PublicClient,
  chain: ChainName,
  account: Address,
  calls: { to: Address; data: Hex; value?: bigint }[],
): Promise<{ success: boolean; returnData: Hex }[]> {
  if (calls.some((c) => (c.value ?? 0n) > 0n))
    throw new Error("simulateAsAccount runs calls without value only");
  const multicall3 = client.chain!.contracts!.multicall3!.address;
  let code = multicallCode.get(client);
  if (!code) {
    code = client.getCode({ address: multicall3 }).then((c) => {
      if (!c || c === "0x") throw new Error(`no Multicall3 at ${multicall3} on ${chain}`);
      return c;
    });
    multicallCode.set(client, code);
    code.catch(() => multicallCode.delete(client));
  }
  const data = encodeFunctionData({
    abi: multicall3Abi,
    functionName: "aggregate3",
    args: [calls.map((c) => ({ target: c.to, allowFailure: true, callData: c.data }))],
  });
  try {
    const { data: out } = await client.call({
      to: account,
      data,
      blockTag: NEXT_BLOCK,
      stateOverride: [{ address: account, code: await code }],
    });
    const results = decodeFunctionResult({
      abi: multicall3Abi,
      functionName: "aggregate3",
      data: out!,
    }) as readonly { success: boolean; returnData: Hex }[];
    return results.map((r) => ({ success: r.success, returnData: r.returnData }));
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}
