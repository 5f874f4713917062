import { MULTICALL3 } from "@compass/constants";
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  type Log,
  maxUint256,
  type PublicClient,
  parseAbi,
  toEventSelector,
  zeroAddress,
} from "viem";
import { simulateBlocks } from "viem/actions";

/**
 * What transactions will do to the balances of the addresses they concern, as the node simulates them for the next
 * block (eth_simulateV1): each holder's native coin and every token the transactions move to or from it, read before
 * and after the transactions in the same simulated block — the balances themselves, not what the request or the
 * events suggest (a rebasing aToken's interest, a fee on transfer, a vault's rounding all show) — and the allowances
 * the holders leave behind. The transactions run one after the other, as one sender's in a block would.
 *
 * Two simulations: the first finds what moves (its Transfer and Approval events, and the native transfers the node
 * traces), the second reads those balances and allowances around the same transactions.
 */

/** The native coin in a preview (the address eth_simulateV1's traced transfers come from, ERC-7528). */
export const NATIVE = getAddress("0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee");

export interface BalanceChange {
  holder: Address;
  /** the token, or {@link NATIVE} */
  token: Address;
  before: bigint;
  after: bigint;
}

export interface AllowanceLeft {
  owner: Address;
  token: Address;
  spender: Address;
  /** the allowance after the transactions */
  amount: bigint;
  unlimited: boolean;
}

export interface SimulatedChanges {
  /** one per holder and asset that moved, in the order first seen (native first) */
  balances: BalanceChange[];
  /** allowances a holder granted in the transactions, as they stand after them */
  allowances: AllowanceLeft[];
  /** gas the transactions used, each */
  gasUsed: bigint[];
}

export interface SimulatedCall {
  to: Address;
  data: Hex;
  value?: bigint;
}

/** A transaction the simulation says would fail: which one, and the node's reason. */
export class SimulationFailed extends Error {
  override name = "SimulationFailed";
  constructor(
    readonly index: number,
    reason: string,
  ) {
    super(`transaction ${index} would fail: ${reason}`);
  }
}

const TRANSFER = toEventSelector("Transfer(address,address,uint256)");
const APPROVAL = toEventSelector("Approval(address,address,uint256)");
const reads = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  "function aggregate3(Call3[] calls) payable returns (Result[] returnData)",
  "function getEthBalance(address addr) view returns (uint256)",
]);
/** who reads the balances in the simulated block: not the sender (its nonce would move) */
const READER = zeroAddress;

const topicAddress = (topic: Hex | undefined) =>
  topic === undefined ? undefined : getAddress(`0x${topic.slice(26)}`);

export async function simulateChanges(
  client: PublicClient,
  input: { from: Address; calls: readonly SimulatedCall[]; holders: readonly Address[] },
): Promise<SimulatedChanges> {
  const holders = new Set(input.holders.map((h) => getAddress(h)));
  const txs = input.calls.map((c) => ({ account: input.from, to: c.to, data: c.data, value: c.value ?? 0n }));
  const [first] = await simulateBlocks(client, {
    blocks: [{ calls: txs }],
    traceTransfers: true,
    validation: false,
  });
  const results = first!.calls;
  results.forEach((r, i) => {
    if (r.status !== "success") throw new SimulationFailed(i, r.error?.message ?? "reverted");
  });
  // what moved: (holder, token) pairs, native first; (owner, token, spender) the holders approved
  const moved = new Map<string, { holder: Address; token: Address }>();
  for (const holder of holders) moved.set(`${holder}|${NATIVE}`, { holder, token: NATIVE });
  const approved = new Map<string, { owner: Address; token: Address; spender: Address }>();
  for (const log of results.flatMap((r) => (r.logs ?? []) as Log[])) {
    const [topic0, t1, t2] = log.topics as (Hex | undefined)[];
    if (log.topics.length !== 3) continue;
    const token = getAddress(log.address);
    if (topic0 === TRANSFER && token !== NATIVE)
      for (const side of [topicAddress(t1), topicAddress(t2)])
        if (side && holders.has(side)) moved.set(`${side}|${token}`, { holder: side, token });
    if (topic0 === APPROVAL) {
      const owner = topicAddress(t1)!;
      const spender = topicAddress(t2)!;
      if (holders.has(owner)) approved.set(`${owner}|${token}|${spender}`, { owner, token, spender });
    }
  }
  const pairs = [...moved.values()];
  const grants = [...approved.values()];
  const readCall = {
    account: READER,
    to: MULTICALL3 as Address,
    data: encodeFunctionData({
      abi: reads,
      functionName: "aggregate3",
      args: [
        [
          ...pairs.map(({ holder, token }) => ({
            target: token === NATIVE ? (MULTICALL3 as Address) : token,
            allowFailure: true,
            callData:
              token === NATIVE
                ? encodeFunctionData({ abi: reads, functionName: "getEthBalance", args: [holder] })
                : encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [holder] }),
          })),
          ...grants.map(({ owner, token, spender }) => ({
            target: token,
            allowFailure: true,
            callData: encodeFunctionData({
              abi: erc20Abi,
              functionName: "allowance",
              args: [owner, spender],
            }),
          })),
        ],
      ],
    }),
  };
  const [second] = await simulateBlocks(client, {
    blocks: [{ calls: [readCall, ...txs, readCall] }],
    validation: false,
  });
  const calls = second!.calls;
  const decode = (data: Hex) =>
    (
      decodeFunctionResult({ abi: reads, functionName: "aggregate3", data }) as readonly {
        success: boolean;
        returnData: Hex;
      }[]
    ).map((r) => (r.success && r.returnData.length >= 66 ? BigInt(r.returnData.slice(0, 66)) : 0n));
  calls.slice(1, -1).forEach((r, i) => {
    if (r.status !== "success") throw new SimulationFailed(i, r.error?.message ?? "reverted");
  });
  const before = decode(calls[0]!.data);
  const after = decode(calls[calls.length - 1]!.data);
  return {
    balances: pairs
      .map((p, i) => ({ ...p, before: before[i]!, after: after[i]! }))
      .filter((b) => b.before !== b.after),
    allowances: grants.map((g, i) => {
      const amount = after[pairs.length + i]!;
      // an allowance no transfer could exhaust: max uint256 (or within a few token-lifetimes of it)
      return { ...g, amount, unlimited: amount >= maxUint256 / 2n };
    }),
    gasUsed: results.map((r) => r.gasUsed),
  };
}
