import { BRIDGE2, bridge2Abi } from "@compass/constants";
import { type Address, type Hex, type Log, type PublicClient, parseAbi, parseEventLogs } from "viem";
import { simulateCalls } from "viem/actions";
import { ARBITRUM_USDC } from "./permit.ts";

const transferAbi = parseAbi(["event Transfer(address indexed from, address indexed to, uint256 value)"]);
const FAILURE: Record<number, string> = {
  0: "the bridge could not use the permit (bad signature, used nonce or expired deadline)",
  1: "the bridge could not pull the USDC (balance, pause or blacklist)",
};

/**
 * Runs the relay transaction with eth_simulateV1 and reads its logs, because Bridge2 does not revert
 * for a bad deposit: it emits FailedPermitDeposit and succeeds. Returns the reason the deposit would
 * not happen, or undefined when USDC would move from the owner to the bridge. Nodes without
 * eth_simulateV1 answer undefined; the checks made before (balance, deadline, signer) still hold.
 */
export async function depositFailure(
  client: PublicClient,
  sender: Address,
  owner: Address,
  amount: bigint,
  data: Hex,
): Promise<string | undefined> {
  let logs: Log[];
  try {
    const { results } = await simulateCalls(client, { account: sender, calls: [{ to: BRIDGE2, data }] });
    const result = results[0]!;
    if (result.status !== "success")
      return `the relay transaction reverts (${result.error?.message ?? "no reason"})`;
    logs = result.logs ?? [];
  } catch (error) {
    if (
      /eth_simulateV1|method not found|not supported|does not exist/i.test(String((error as Error)?.message))
    )
      return undefined;
    throw error;
  }
  const bridge = BRIDGE2.toLowerCase();
  const failed = parseEventLogs({
    abi: bridge2Abi,
    logs,
    eventName: "FailedPermitDeposit",
  }).find((l) => l.address.toLowerCase() === bridge);
  if (failed) return FAILURE[Number(failed.args.errorCode)] ?? "the bridge refused the deposit";
  const moved = parseEventLogs({ abi: transferAbi, logs, eventName: "Transfer" }).some(
    (l) =>
      l.address.toLowerCase() === ARBITRUM_USDC.address.toLowerCase() &&
      l.args.from === owner &&
      l.args.to === BRIDGE2 &&
      l.args.value === amount,
  );
  return moved ? undefined : "no USDC would move to the bridge";
}
