/**
 * Answers' simulations, kept when a test receives them (postJson, getJson with POST) until the test sends their
 * transactions: `simulation-check.ts` then holds each to the chain.
 */
import { parseAbi } from "viem";

interface WireChange {
  holder: string;
  token: { address: string };
  amount_raw: string;
}
export interface WireSimulation {
  chain: string;
  block_number: number;
  block_timestamp: number;
  transactions: number;
  asset_changes: WireChange[];
  gas_used: string;
}

export interface Group {
  operation: string;
  path: string;
  simulation: WireSimulation;
  /** the transactions of the answer, by the key they are sent under */
  keys: string[];
  sent: number;
  exact: boolean;
  before?: Map<string, bigint>;
  gasPaid: Map<string, bigint>;
  gasUsed: bigint;
  authorized: boolean;
  relayed?: boolean;
  /** where its transactions go, when not the devnet's chain (a fork) */
  client?: import("viem").PublicClient;
  failed?: string;
}

export const byKey = new Map<string, Group>();

export const txKey = (tx: { from: string; nonce: string | number; to: string; data: string }) =>
  `${tx.from.toLowerCase()}|${Number(tx.nonce)}|${tx.to.toLowerCase()}|${tx.data.toLowerCase()}`;

export const safeAbi = parseAbi([
  "function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool)",
]);
export const safeKey = (safe: string, m: { to: string; value: unknown; data: string; operation: unknown }) =>
  `safe|${safe.toLowerCase()}|${m.to.toLowerCase()}|${BigInt(m.value as string)}|${m.data.toLowerCase()}|${Number(m.operation)}`;

/** `/v1/aave/supply` → `v1_aave_supply` (path parameters give no operation: the answer is still checked) */
const operationOf = (path: string) => path.split("?")[0]!.replace(/^\//, "").replace(/\//g, "_");

/** Keeps an answer's simulation, to hold it to the chain when its transactions are sent. */
export function recordAnswer(path: string, answer: any): void {
  const simulation = answer?.simulation as WireSimulation | null | undefined;
  if (!simulation || typeof simulation !== "object") return;
  const keys: string[] = [];
  // in the order the API simulates them: the order they are sent
  for (const k of [
    "approval_transaction",
    "approval_safe_tx_eip712",
    "cancel_safe_tx_eip712",
    "transaction",
    "eip_712",
  ]) {
    const v = answer[k];
    if (v && typeof v.data === "string" && typeof v.from === "string") keys.push(txKey(v));
    else if (v?.primaryType === "SafeTx") keys.push(safeKey(v.domain.verifyingContract, v.message));
  }
  // smart-account calls run through a bundler whose gas the account pays: not held here
  if (keys.length === 0 || keys.length !== simulation.transactions) return;
  const group: Group = {
    operation: operationOf(path),
    path: path.split("?")[0]!,
    simulation,
    keys,
    sent: 0,
    exact: true,
    gasPaid: new Map(),
    gasUsed: 0n,
    authorized: false,
  };
  for (const key of keys) byKey.set(key, group);
}
