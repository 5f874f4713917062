import { MULTICALL3 } from "@compass/constants";
import {
  type Abi,
  type AbiFunction,
  type Address,
  checksumAddress,
  decodeFunctionResult,
  encodeAbiParameters,
  type Hex,
  type PublicClient,
  toFunctionSelector,
} from "viem";
import { VIEW_LENS_CODE } from "./lens/view-lens.ts";

/**
 * Contract views read in bulk: every view asked of one chain at one block in the same turn of the event loop is sent
 * together, and the same call asked twice in a turn (an oracle price, a token's name) is read once.
 *
 * - A read of one word with at most one word of argument (a balance, a total, an address, a price) goes through the
 *   view lens (`lens/ViewLens.yul`): creation code sent as an eth_call without `to`, which makes the calls and
 *   returns one status byte and one word per read. Nothing is deployed; any node that runs eth_call runs it. A read
 *   costs ~57 bytes of request and 33 of answer.
 * - Any other read (strings, tuples, several words) goes through Multicall3's `aggregate3`, every call allowed to
 *   fail, ~230 bytes of request and ~160 of answer a read, decoded by viem's coder.
 *
 * viem's `readContract` batches through aggregate3 too, at ~35 µs of CPU a read (argument validation, request
 * formatting, the generic coder both ways) and the framing above. A list that reads a few hundred vaults each block
 * makes a thousand and more reads; most of its time went there and into collecting the garbage of the hex strings,
 * while the node answered them all in ~20 ms.
 *
 * `readView` takes `readContract`'s arguments and answers the same values (`view-batch.int.test.ts` compares them on
 * every devnet contract, failures included). A read that reverts or answers no data rejects with a
 * {@link ViewError} whose message names the case the way viem does ("execution reverted", "returned no data"), so
 * `isWrongContract` reads both alike; a failed node call rejects every read it carried with viem's own error. A node
 * that refuses the lens (an execution error) is read through aggregate3 from then on.
 */

/** reads per aggregate3 call: ~30 kB of calldata, and a few million gas of views at most */
export const CHUNK = 200;

export interface ViewRead {
  address: Address;
  abi: Abi | readonly unknown[];
  functionName: string;
  args?: readonly unknown[];
  blockTag?: "latest" | "pending" | "safe" | "finalized";
  blockNumber?: bigint;
}

export class ViewError extends Error {
  override name = "ViewError";
  constructor(
    readonly address: Address,
    readonly functionName: string,
    readonly reason: "reverted" | "no data",
    readonly data: Hex,
  ) {
    super(
      reason === "reverted"
        ? `${functionName} on ${address}: execution reverted`
        : `${functionName} on ${address} returned no data ("0x")`,
    );
  }
}

/**
 * A failed read's error, without a stack trace: a list asks views a vault may not have (is it MetaMorpho? Euler?) and
 * expects some to fail; where it failed is the read itself, and capturing a trace cost more than the read.
 */
function viewError(...args: ConstructorParameters<typeof ViewError>): ViewError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new ViewError(...args);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

interface Coder {
  item: AbiFunction;
  selector: Hex;
  /** the result's words, when every output is one static word (uint, int, address, bool, bytesN) */
  words?: ((word: string) => unknown)[];
}

const coders = new WeakMap<object, Map<string, Coder>>();

function coderOf(abi: ViewRead["abi"], functionName: string): Coder {
  const byName = coders.get(abi) ?? new Map<string, Coder>();
  coders.set(abi, byName);
  let coder = byName.get(functionName);
  if (coder) return coder;
  const item = (abi as readonly { type?: string; name?: string }[]).find(
    (x) => x.type === "function" && x.name === functionName,
  ) as AbiFunction | undefined;
  if (!item) throw new Error(`readView: ${functionName} is not in the ABI`);
  const words = item.outputs.map((o) => wordDecoder(o.type));
  coder = {
    item,
    selector: toFunctionSelector(item),
    ...(item.outputs.length > 0 && words.every((w) => w !== undefined)
      ? { words: words as ((word: string) => unknown)[] }
      : {}),
  };
  byName.set(functionName, coder);
  return coder;
}

function wordDecoder(type: string): ((word: string) => unknown) | undefined {
  if (type === "address") return (w) => checksumAddress(`0x${w.slice(24)}`);
  if (type === "bool") return (w) => w.endsWith("1");
  const uint = /^uint(\d+)$/.exec(type);
  if (uint) {
    const bits = Number(uint[1]);
    return bits <= 48 ? (w) => Number.parseInt(w.slice(52), 16) : (w) => BigInt(`0x${w}`);
  }
  const int = /^int(\d+)$/.exec(type);
  if (int) {
    const bits = BigInt(int[1]);
    return (w) => {
      const v = BigInt.asIntN(Number(bits), BigInt(`0x${w}`));
      return bits <= 48n ? Number(v) : v;
    };
  }
  if (/^bytes(\d+)$/.test(type)) {
    const size = Number(type.slice(5));
    return (w) => `0x${w.slice(0, size * 2)}`;
  }
  return undefined;
}

const pad = (hex: string) => hex.padStart(64, "0");

function encodeCall(coder: Coder, args: readonly unknown[] | undefined): Hex {
  const inputs = coder.item.inputs;
  if (!args || args.length === 0) return coder.selector;
  if (inputs.length === 1 && args.length === 1) {
    const [input] = inputs;
    const arg = args[0];
    if (input!.type === "address" && typeof arg === "string")
      return `${coder.selector}${pad(arg.slice(2).toLowerCase())}`;
    if (input!.type === "bytes32" && typeof arg === "string" && arg.length === 66)
      return `${coder.selector}${arg.slice(2)}`;
    if (/^uint\d+$/.test(input!.type) && (typeof arg === "bigint" || typeof arg === "number") && arg >= 0)
      return `${coder.selector}${pad(arg.toString(16))}`;
  }
  return `${coder.selector}${encodeAbiParameters(inputs, args).slice(2)}`;
}

function decodeResult(coder: Coder, data: Hex): unknown {
  if (coder.words && data.length >= 2 + 64 * coder.words.length) {
    const values = coder.words.map((decode, i) => decode(data.slice(2 + 64 * i, 66 + 64 * i)));
    return values.length === 1 ? values[0] : values;
  }
  return decodeFunctionResult({ abi: [coder.item], functionName: coder.item.name, data } as never);
}

interface Pending {
  target: Address;
  data: Hex;
  settle: Array<{ coder: Coder; resolve: (v: unknown) => void; reject: (e: unknown) => void }>;
}

/** reads waiting for this turn's check phase, per client and block */
const waiting = new WeakMap<PublicClient, Map<string, Map<string, Pending>>>();

/** One view call, read with every other view asked of the same chain and block in this turn. */
export function readView<T = unknown>(client: PublicClient, read: ViewRead): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    enqueue(client, read, { resolve: resolve as (v: unknown) => void, reject }),
  );
}

function enqueue(
  client: PublicClient,
  read: ViewRead,
  answer: { resolve: (v: unknown) => void; reject: (e: unknown) => void },
) {
  const coder = coderOf(read.abi, read.functionName);
  const data = encodeCall(coder, read.args);
  const block =
    read.blockNumber === undefined ? (read.blockTag ?? "latest") : `0x${read.blockNumber.toString(16)}`;
  const calls = turnBatch(client, block);
  const key = `${read.address.toLowerCase()}${data}`;
  const pending = calls.get(key) ?? { target: read.address, data, settle: [] };
  calls.set(key, pending);
  pending.settle.push({ coder, ...answer });
}

/** What one of {@link readViews}'s reads answered. */
export type ViewResult<T = unknown> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Many views at once, with the turn's other reads, answered together: one promise for all of them rather than one
 * each (a list of a few hundred vaults asks a thousand and more, and a promise apiece was most of its CPU). Each
 * read answers on its own, failures included.
 */
export function readViews(client: PublicClient, reads: readonly ViewRead[]): Promise<ViewResult[]> {
  const results: ViewResult[] = new Array(reads.length);
  if (reads.length === 0) return Promise.resolve(results);
  return new Promise((resolve) => {
    let left = reads.length;
    const done = () => --left === 0 && resolve(results);
    reads.forEach((read, i) => {
      try {
        enqueue(client, read, {
          resolve: (value) => {
            results[i] = { ok: true, value };
            done();
          },
          reject: (error) => {
            results[i] = { ok: false, error };
            done();
          },
        });
      } catch (error) {
        results[i] = { ok: false, error };
        done();
      }
    });
  });
}

/** The reads of `client` at `block` this turn, sent together in the turn's check phase. */
function turnBatch(client: PublicClient, block: string): Map<string, Pending> {
  const byBlock = waiting.get(client) ?? new Map<string, Map<string, Pending>>();
  waiting.set(client, byBlock);
  const open = byBlock.get(block);
  if (open) return open;
  const calls = new Map<string, Pending>();
  byBlock.set(block, calls);
  setImmediate(() => {
    byBlock.delete(block);
    void send(client, block, [...calls.values()]);
  });
  return calls;
}

async function send(client: PublicClient, block: string, calls: Pending[]) {
  const lens = lensRefused.has(client) ? [] : calls.filter(lensReads);
  const rest = lens.length ? calls.filter((c) => !lensReads(c)) : calls;
  const chunks = (list: Pending[], size: number) =>
    Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
  await Promise.all([
    ...chunks(lens, LENS_CHUNK).map((chunk) => sendLens(client, block, chunk)),
    ...chunks(rest, CHUNK).map((chunk) => sendAggregate3(client, block, chunk)),
  ]);
}

/** what one read answered: the call's success and its return data */
type Answered = { success: boolean; data: Hex };

function settle(chunk: Pending[], results: Answered[]) {
  chunk.forEach((c, j) => {
    const { success, data } = results[j]!;
    for (const s of c.settle) {
      if (!success) s.reject(viewError(c.target, s.coder.item.name, "reverted", data));
      else if (data === "0x" && s.coder.item.outputs.length > 0)
        s.reject(viewError(c.target, s.coder.item.name, "no data", data));
      else {
        try {
          s.resolve(decodeResult(s.coder, data));
        } catch (error) {
          s.reject(error);
        }
      }
    }
  });
}

const rejectAll = (chunk: Pending[], error: unknown) => {
  for (const c of chunk) for (const s of c.settle) s.reject(error);
};

async function sendAggregate3(client: PublicClient, block: string, chunk: Pending[]) {
  const multicall = (client.chain?.contracts?.multicall3?.address ?? MULTICALL3) as Address;
  let results: Answered[];
  try {
    const answer = (await client.request({
      method: "eth_call",
      params: [{ to: multicall, data: encodeAggregate3(chunk) }, block as "latest"],
    })) as Hex;
    results = decodeAggregate3(answer, chunk.length);
  } catch (error) {
    return rejectAll(chunk, error);
  }
  settle(chunk, results);
}

/** One-word reads per lens call: a few million gas of views at most, ~17 kB each way. */
export const LENS_CHUNK = 300;

/** nodes that would not run the lens (an execution error, not a failed connection): aggregate3 from then on */
const lensRefused = new WeakSet<PublicClient>();

/** a read the lens takes: no argument or one word, and one word back (every caller asks all the coder's reads) */
const lensReads = (c: Pending) =>
  (c.data.length === 10 || c.data.length === 74) && c.settle.every((s) => s.coder.words?.length === 1);

async function sendLens(client: PublicClient, block: string, chunk: Pending[]) {
  let answer: Hex;
  try {
    answer = (await client.request({
      method: "eth_call",
      params: [{ data: encodeLens(chunk) }, block as "latest"],
    })) as Hex;
  } catch (error) {
    // the node ran it and refused (a chain without contract creation in eth_call, a gas cap below a chunk's
    // needs): these reads and every later one go through aggregate3; a failed connection fails them as it is
    if (!isExecutionError(error)) return rejectAll(chunk, error);
    lensRefused.add(client);
    return sendAggregate3(client, block, chunk);
  }
  let results: Answered[];
  try {
    results = decodeLens(answer, chunk.length);
  } catch (error) {
    return rejectAll(chunk, error);
  }
  settle(chunk, results);
}

const isExecutionError = (error: unknown) => {
  for (let e: any = error, depth = 0; e && depth < 10; e = e.cause, depth++) {
    if (typeof e.code === "number" && (e.code === 3 || e.code === -32000 || e.code === -32015)) return true;
    if (
      /execution reverted|out of gas|invalid opcode|not supported/i.test(
        `${e.details ?? ""} ${e.message ?? ""}`,
      )
    )
      return true;
  }
  return false;
};

/** The lens's creation code with the reads appended: [has argument][target][selector][argument]…, then their length. */
export function encodeLens(calls: { target: Address; data: Hex }[]): Hex {
  let entries = "";
  for (const c of calls)
    entries += `${c.data.length === 74 ? "01" : "00"}${c.target.slice(2).toLowerCase()}${c.data.slice(2)}`;
  return `0x${VIEW_LENS_CODE}${entries}${pad((entries.length / 2).toString(16))}`;
}

/** The lens's answers: [status][word] per read, 0 reverted, 1 a word, 2 less than a word (no code, no data). */
export function decodeLens(answer: Hex, expected: number): Answered[] {
  if (answer.length !== 2 + expected * 66)
    throw new Error(`the view lens answered ${(answer.length - 2) / 2} bytes for ${expected} reads`);
  const out: Answered[] = new Array(expected);
  for (let i = 0, at = 2; i < expected; i++, at += 66) {
    const status = answer.slice(at, at + 2);
    out[i] =
      status === "01"
        ? { success: true, data: `0x${answer.slice(at + 2, at + 66)}` }
        : { success: status === "02", data: "0x" };
  }
  return out;
}

/** `aggregate3((address target, bool allowFailure, bytes callData)[])`, every call allowed to fail */
const AGGREGATE3 = "0x82ad56cb";

export function encodeAggregate3(calls: { target: Address; data: Hex }[]): Hex {
  const n = calls.length;
  const heads: string[] = [];
  const tails: string[] = [];
  // each tuple's offset is counted from the start of the offsets (right after the length word)
  let offset = n * 32;
  for (const c of calls) {
    heads.push(pad(offset.toString(16)));
    const bytes = (c.data.length - 2) / 2;
    const padded = c.data.slice(2).padEnd(Math.ceil(bytes / 32) * 64, "0");
    const tuple = `${pad(c.target.slice(2).toLowerCase())}${pad("1")}${pad("60")}${pad(bytes.toString(16))}${padded}`;
    tails.push(tuple);
    offset += tuple.length / 2;
  }
  return `${AGGREGATE3}${pad("20")}${pad(n.toString(16))}${heads.join("")}${tails.join("")}`;
}

/** `(bool success, bytes returnData)[]`, checked against the number of calls sent */
export function decodeAggregate3(answer: Hex, expected: number): { success: boolean; data: Hex }[] {
  const hex = answer.slice(2);
  const word = (at: number) => Number.parseInt(hex.slice(at * 2, at * 2 + 64), 16);
  const base = word(0) + 32;
  const n = word(base - 32);
  if (n !== expected) throw new Error(`aggregate3 answered ${n} results for ${expected} calls`);
  const out: { success: boolean; data: Hex }[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const at = base + word(base + i * 32);
    const success = word(at) === 1;
    const dataAt = at + word(at + 32);
    const length = word(dataAt);
    out[i] = { success, data: `0x${hex.slice((dataAt + 32) * 2, (dataAt + 32 + length) * 2)}` };
  }
  return out;
}
