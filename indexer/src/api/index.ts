import { db } from "ponder:api";
import { log } from "ponder:schema";
import { Hono } from "hono";
import { sql } from "ponder";
import { indexPlan } from "../../lib/config.ts";
import { BadRequest, type LogsQuery, parseLogsQuery, rpcLog } from "../../lib/query.ts";
import { INDEXED_SELECTORS } from "../events.ts";

/**
 * The index over HTTP, beside Ponder's own /health, /ready, /status and /metrics. `POST /logs`: the contract is
 * in lib/query.ts and the README.
 */
const plan = indexPlan();
const chains = new Map(plan.chains.map((c) => [c.chainId, c]));
const chainIds = new Set(chains.keys());
/** more matching logs than this is refused (413): the caller narrows the range */
const MAX_LOGS = Number(process.env.COMPASS_INDEX_MAX_LOGS ?? 100_000);

const anyOf = (column: ReturnType<typeof sql.raw>, values: readonly string[]) =>
  sql`${column} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/**
 * One statement, so the logs and the block they are complete to come from one snapshot of the database: the
 * chain's checkpoint (the figure /status gives, decoded from Ponder's checkpoint string: 10 digits of block
 * time, 16 of chain id, then 16 of block number) caps the range, and a left join keeps its row when no log
 * matches.
 */
function statement(q: LogsQuery, fromBlock: bigint) {
  const conditions = [
    sql`l.chain_id = ${q.chainId}`,
    sql`l.block_number >= ${fromBlock}`,
    sql`l.block_number <= ${q.toBlock === undefined ? sql`cp.indexed` : sql`least(${q.toBlock}, cp.indexed)`}`,
  ];
  if (q.address) conditions.push(anyOf(sql.raw("l.address"), q.address));
  q.topics.forEach((values, i) => {
    if (values) conditions.push(anyOf(sql.raw(`l.topic${i}`), values));
  });
  return sql`
    with cp as (
      select cast(substring(latest_checkpoint from 27 for 16) as bigint) as indexed
      from _ponder_checkpoint where chain_id = ${q.chainId}
    )
    select cp.indexed as indexed_to_block, l.address, l.block_number, l.block_hash, l.block_timestamp,
      l.transaction_hash, l.transaction_index, l.log_index, l.topic0, l.topic1, l.topic2, l.topic3, l.data
    from cp left join ${log} l on ${sql.join(conditions, sql` and `)}
    ${
      q.newest === undefined
        ? sql`order by l.block_number, l.log_index limit ${MAX_LOGS + 1}`
        : // the newest n, from the (chain, topic0, …, block) indexes backwards: the cost of the page, not the history
          sql`order by l.block_number desc nulls last, l.log_index desc limit ${q.newest}`
    }`;
}

const app = new Hono();

app.post("/logs", async (c) => {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return c.json({ error: "invalid_body", field: "body", message: "the body must be JSON" }, 422);
  }
  let q: LogsQuery;
  try {
    q = parseLogsQuery(body, chainIds, INDEXED_SELECTORS);
  } catch (error) {
    if (error instanceof BadRequest)
      return c.json({ error: "invalid_body", field: error.field, message: error.message }, 422);
    throw error;
  }
  // nothing before the first indexed block is held: the answer says where it starts
  const indexedFrom = BigInt(chains.get(q.chainId)!.startBlock);
  const fromBlock = q.fromBlock > indexedFrom ? q.fromBlock : indexedFrom;
  const result = (await db.execute(statement(q, fromBlock))) as unknown as {
    rows: Record<string, unknown>[];
  };
  // the newest come newest first: listed oldest first like every answer
  const rows = q.newest === undefined ? result.rows : result.rows.reverse();
  if (!rows.length) {
    c.header("Retry-After", "1");
    return c.json({ error: "not_indexed_yet", message: `chain ${q.chainId} has no indexed block yet` }, 503);
  }
  if (rows.length > MAX_LOGS)
    return c.json(
      {
        error: "too_many_logs",
        field: "toBlock",
        message: `more than ${MAX_LOGS} logs match; narrow the block range`,
      },
      413,
    );
  return c.json({
    indexedFromBlock: indexedFrom.toString(),
    indexedToBlock: BigInt(String(rows[0]!.indexed_to_block)).toString(),
    logs: rows.filter((r) => r.block_number !== null && r.block_number !== undefined).map(rpcLog),
  });
});

export default app;
