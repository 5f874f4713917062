/**
 * The index's read contract, `POST /logs`: eth_getLogs' filter over the indexed logs of one chain.
 *
 *   { chainId, fromBlock, toBlock?, address?: string | string[], topics: (string | string[] | null)[] }
 *
 * Blocks are numbers, decimal strings or 0x-hex; `toBlock` omitted or "latest" is what is indexed. `topics[i]`
 * null (or []) matches any, an array any of its values (eth_getLogs' semantics); `topics[0]` is required and
 * names only indexed events — a filter the index cannot answer completely is refused, never answered in part.
 * `address` omitted (or []) matches any contract. `newest: n` answers only the n newest matching logs (still oldest
 * first): a page of an account's latest history costs the page, however long the history.
 */

type Hex = `0x${string}`;

export interface LogsQuery {
  chainId: number;
  fromBlock: bigint;
  /** undefined: up to what is indexed */
  toBlock?: bigint;
  /** lower-case; undefined: any contract */
  address?: Hex[];
  /** topic0..topic3, lower-case; null: any */
  topics: (Hex[] | null)[];
  /** only the newest this many (undefined: all) */
  newest?: number;
}

/** the most logs one `newest` may ask for */
export const MAX_NEWEST = 10_000;

/** A body the index refuses: 422 naming the field. */
export class BadRequest extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const HEX32 = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function block(value: unknown, field: string): bigint {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === "string" && /^(0|[1-9]\d{0,19})$/.test(value)) return BigInt(value);
  if (typeof value === "string" && /^0x[0-9a-fA-F]{1,16}$/.test(value)) return BigInt(value);
  throw new BadRequest(field, `${field} must be a block number (a non-negative integer, decimal or 0x-hex)`);
}

function topic(value: unknown, field: string): Hex[] | null {
  if (value === null || value === undefined) return null;
  const list = Array.isArray(value) ? value : [value];
  if (!list.length) return null;
  return list.map((t, i) => {
    const where = Array.isArray(value) ? `${field}[${i}]` : field;
    if (typeof t !== "string" || !HEX32.test(t))
      throw new BadRequest(where, `${where} must be a 32-byte hex topic`);
    return t.toLowerCase() as Hex;
  });
}

/**
 * The body as a query, or BadRequest. `chains` are the indexed chain ids; `selectors` the indexed topic0s
 * (lower-case).
 */
export function parseLogsQuery(
  body: unknown,
  chains: ReadonlySet<number>,
  selectors: ReadonlySet<string>,
): LogsQuery {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new BadRequest("body", "the body must be a JSON object");
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b))
    if (!["chainId", "fromBlock", "toBlock", "address", "topics", "newest"].includes(key))
      throw new BadRequest(key, `unknown field ${key}`);
  const chainId = b.chainId;
  if (typeof chainId !== "number" || !Number.isSafeInteger(chainId) || chainId <= 0)
    throw new BadRequest("chainId", "chainId must be a positive integer");
  if (!chains.has(chainId))
    throw new BadRequest("chainId", `chain ${chainId} is not indexed (indexed: ${[...chains].join(", ")})`);
  if (b.fromBlock === undefined) throw new BadRequest("fromBlock", "fromBlock is required");
  const fromBlock = block(b.fromBlock, "fromBlock");
  const toBlock =
    b.toBlock === undefined || b.toBlock === null || b.toBlock === "latest"
      ? undefined
      : block(b.toBlock, "toBlock");
  if (toBlock !== undefined && toBlock < fromBlock)
    throw new BadRequest("toBlock", "toBlock must not be below fromBlock");
  let address: Hex[] | undefined;
  if (b.address !== undefined && b.address !== null) {
    const list = Array.isArray(b.address) ? b.address : [b.address];
    address = list.map((a, i) => {
      const where = Array.isArray(b.address) ? `address[${i}]` : "address";
      if (typeof a !== "string" || !ADDRESS.test(a))
        throw new BadRequest(where, `${where} must be a 20-byte hex address`);
      return a.toLowerCase() as Hex;
    });
    if (!address.length) address = undefined;
  }
  if (!Array.isArray(b.topics) || b.topics.length < 1 || b.topics.length > 4)
    throw new BadRequest("topics", "topics must be an array of 1 to 4 entries, topics[0] naming the events");
  const topics = b.topics.map((t, i) => topic(t, `topics[${i}]`));
  if (!topics[0])
    throw new BadRequest("topics[0]", "topics[0] is required: the index holds only the events it follows");
  const unknown = topics[0].filter((t) => !selectors.has(t));
  if (unknown.length)
    throw new BadRequest(
      "topics[0]",
      `not an indexed event: ${unknown.join(", ")}; read these from the chain`,
    );
  let newest: number | undefined;
  if (b.newest !== undefined && b.newest !== null) {
    if (
      typeof b.newest !== "number" ||
      !Number.isSafeInteger(b.newest) ||
      b.newest < 1 ||
      b.newest > MAX_NEWEST
    )
      throw new BadRequest("newest", `newest must be an integer from 1 to ${MAX_NEWEST}`);
    newest = b.newest;
  }
  return { chainId, fromBlock, toBlock, address, topics, ...(newest !== undefined && { newest }) };
}

/** A log as eth_getLogs gives it (quantities in hex), for viem's formatLog. */
export interface RpcLog {
  address: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  blockTimestamp: Hex;
  transactionHash: Hex;
  transactionIndex: Hex;
  logIndex: Hex;
  topics: Hex[];
  data: Hex;
  removed: false;
}

const hex = (value: unknown): Hex => `0x${BigInt(String(value)).toString(16)}`;

/** A row of the `log` table (snake_case columns, as the database returns them) as an RPC log. */
export function rpcLog(row: Record<string, unknown>): RpcLog {
  return {
    address: row.address as Hex,
    blockNumber: hex(row.block_number),
    blockHash: row.block_hash as Hex,
    blockTimestamp: hex(row.block_timestamp),
    transactionHash: row.transaction_hash as Hex,
    transactionIndex: hex(row.transaction_index),
    logIndex: hex(row.log_index),
    topics: [row.topic0, row.topic1, row.topic2, row.topic3].filter(
      (t): t is Hex => typeof t === "string" && t.length > 0,
    ),
    data: row.data as Hex,
    removed: false,
  };
}
