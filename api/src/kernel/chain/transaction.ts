import { CHAIN_INFO, MULTICALL3 } from "@compass/constants";
import { type Address, formatEther, type Hex, type PublicClient } from "viem";
import { fieldError, type Loc } from "../errors.ts";
import type { ChainName } from "../schemas/common.ts";
import { rethrowRpc } from "./clients.ts";
import { multicall3Abi } from "./multicall.ts";
import { NEXT_BLOCK } from "./next-block.ts";
import { describeRevert, RevertError, revertDataOf } from "./revert.ts";

export interface UnsignedTx {
  chainId: string;
  data: Hex;
  from: Address;
  gas: string | null;
  to: Address;
  value: string;
  nonce: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
}

export interface TxFields {
  nonce: number;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  /** the sender's native balance, to refuse a transaction it could not pay the gas of */
  balance: bigint;
}

const hex = (n: bigint | number) => `0x${n.toString(16)}`;

interface Fees {
  base: bigint;
  tip: bigint;
}

/**
 * EIP-1559 fee data per client, kept for one block interval of the chain: every build within a block prices gas
 * alike, and a busy server asks the node once a block rather than once a request. `maxFeePerGas` is twice the base
 * fee plus the tip, so data a block old still covers six full blocks of base-fee rises.
 */
const feeCache = new WeakMap<PublicClient, { until: number; fees: Promise<Fees> }>();

function feesOf(client: PublicClient, chain: ChainName): Promise<Fees> {
  const now = Date.now();
  const cached = feeCache.get(client);
  if (cached && now < cached.until) return cached.fees;
  const fees = Promise.all([
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: MULTICALL3,
      abi: multicall3Abi,
      functionName: "getBasefee",
    }),
    withMulticall(() => client.request({ method: "eth_maxPriorityFeePerGas" })).then(BigInt),
  ]).then(([base, tip]) => ({ base, tip }));
  const entry = { until: now + CHAIN_INFO[chain].blockTimeMs, fees };
  feeCache.set(client, entry);
  // a failed read is not kept: the next build asks again
  fees.catch(() => {
    if (feeCache.get(client) === entry) feeCache.delete(client);
  });
  return fees;
}

/**
 * Issues `call` in the turn that sends the multicall batch a read just queued: viem sends a multicall after a
 * zero-delay timer, and a timer set after it fires in the same turn, so the RPC fetch puts both calls in one
 * JSON-RPC batch (one round trip instead of two).
 */
function withMulticall<T>(call: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(call);
}

/**
 * The sender's nonce, balance and EIP-1559 fees, started alongside an operation's own reads. The balance comes
 * from Multicall3, so it rides in the operation's batched eth_call; the nonce goes in the same JSON-RPC batch;
 * fees come from the per-block cache. A build then costs the node two round trips: these reads and the simulation.
 */
export function prefetchTxFields(client: PublicClient, chain: ChainName, from: Address): Promise<TxFields> {
  const balance = client.readContract({
    blockTag: NEXT_BLOCK,
    address: MULTICALL3,
    abi: multicall3Abi,
    functionName: "getEthBalance",
    args: [from],
  });
  const nonce = withMulticall(() => client.getTransactionCount({ address: from, blockTag: "pending" }));
  const fields = Promise.all([feesOf(client, chain), nonce, balance]).then(
    ([fees, n, held]) => ({
      nonce: n,
      maxPriorityFeePerGas: fees.tip,
      maxFeePerGas: fees.base * 2n + fees.tip,
      balance: held,
    }),
    (error) => rethrowRpc(chain, error),
  );
  // Awaited only after the operation's own checks: mark it handled so an early failure is not "unhandled".
  fields.catch(() => {});
  return fields;
}

/**
 * A deadline `seconds` after the block a transaction will land in: on a chain mining on demand (the devnet) the
 * latest block can be hours old, and a deadline counted from it would have passed already.
 */
export async function deadlineAfterNextBlock(
  client: PublicClient,
  chain: ChainName,
  seconds = 1200n,
): Promise<bigint> {
  const next = await client.getBlock({ blockTag: NEXT_BLOCK }).catch((e) => rethrowRpc(chain, e));
  return next.timestamp + seconds;
}

/** Safe executions under-estimate (the 63/64 rule at the inner call): pad generously. */
export function padGas(estimate: bigint): bigint {
  return estimate + estimate / 4n + 15_000n;
}

export interface BuildOptions {
  /** estimate (and so simulate) gas; false still simulates with eth_call but leaves `gas` null */
  estimateGas?: boolean;
  /** turns a simulation revert into a precise error; default: RevertError with the raw reason */
  explain?: (revertData: Hex | undefined, error: unknown) => Promise<never> | never;
  /** refuse (422 on this field) when the sender cannot pay the gas: the transaction would never be mined */
  senderLoc?: Loc;
}

/**
 * Simulates the call from its sender for the next block (eth_estimateGas, or eth_call) and returns it as an
 * UnsignedTransaction. A revert never becomes a transaction: `explain` (or RevertError) is thrown.
 */
export async function buildUnsignedTransaction(
  client: PublicClient,
  chain: ChainName,
  request: {
    from: Address;
    to: Address;
    data: Hex;
    value?: bigint;
    /** EIP-7702 authorizations in JSON-RPC form: simulated and estimated with them (a type-4 transaction) */
    authorizationList?: readonly Record<string, Hex>[];
  },
  fields: Promise<TxFields>,
  options: BuildOptions = {},
): Promise<UnsignedTx> {
  const call = {
    from: request.from,
    to: request.to,
    data: request.data,
    value: hex(request.value ?? 0n),
    ...(request.authorizationList && { authorizationList: request.authorizationList }),
  };
  const simulate =
    options.estimateGas === false
      ? client.request({ method: "eth_call", params: [call as any, NEXT_BLOCK] }).then(() => null)
      : client.request({ method: "eth_estimateGas", params: [call as any, NEXT_BLOCK] }).then(BigInt);
  const [gas, f] = await Promise.all([
    simulate.catch(async (error) => {
      const data = revertDataOf(error);
      if (data === undefined && !/revert/i.test(String((error as Error)?.message))) rethrowRpc(chain, error);
      if (options.explain) return options.explain(data, error);
      throw new RevertError(String((error as any)?.details ?? (error as Error).message).slice(0, 300));
    }),
    fields,
  ]);
  if (options.senderLoc && gas !== null) {
    const cost = padGas(gas) * f.maxFeePerGas + (request.value ?? 0n);
    if (f.balance < cost) {
      throw fieldError(
        options.senderLoc,
        `The sender holds ${formatEther(f.balance)} ETH, less than the ${formatEther(cost)} ETH this transaction may cost`,
      );
    }
  }
  return {
    chainId: hex(client.chain!.id),
    data: request.data,
    from: request.from,
    gas: gas === null ? null : hex(padGas(gas)),
    to: request.to,
    value: hex(request.value ?? 0n),
    nonce: hex(f.nonce),
    maxFeePerGas: hex(f.maxFeePerGas),
    maxPriorityFeePerGas: hex(f.maxPriorityFeePerGas),
  };
}

/**
 * A v1 write for the wallet that signs it: simulated from `request.from` (422 on `body.sender` when it cannot pay
 * the gas), a revert a 422 saying `refusal` and the decoded reason (e.g. "USDC refuses the transfer: …").
 */
export function senderTransaction(
  client: PublicClient,
  chain: ChainName,
  request: { from: Address; to: Address; data: Hex; value?: bigint },
  fields: Promise<TxFields>,
  opts: { estimateGas: boolean; refusal: string },
): Promise<UnsignedTx> {
  return buildUnsignedTransaction(client, chain, request, fields, {
    estimateGas: opts.estimateGas,
    senderLoc: ["body", "sender"],
    explain: (revert) => {
      throw new RevertError(`${opts.refusal}: ${describeRevert(revert)}`);
    },
  });
}
