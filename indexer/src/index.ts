import { ponder } from "ponder:registry";
import { log } from "ponder:schema";
import { INDEXED_EVENTS } from "./events.ts";

type Hex = `0x${string}`;

interface RawEvent {
  log: { address: Hex; data: Hex; logIndex: number; topics: Hex[] };
  block: { number: bigint; hash: Hex; timestamp: bigint };
  transaction: { hash: Hex; transactionIndex: number };
}

interface Context {
  chain: { id: number };
  db: {
    insert(table: typeof log): {
      values(row: typeof log.$inferInsert): { onConflictDoNothing(): Promise<unknown> };
    };
  };
}

/**
 * One handler per indexed event (and per look-alike form of it), each storing the raw log. A log two forms
 * both decode is stored once (its id is its place in the chain).
 */
async function keep({ event, context }: { event: RawEvent; context: Context }) {
  const { log: l, block, transaction } = event;
  await context.db
    .insert(log)
    .values({
      id: `${context.chain.id}-${block.number}-${l.logIndex}`,
      chainId: context.chain.id,
      blockNumber: Number(block.number),
      blockHash: block.hash,
      blockTimestamp: Number(block.timestamp),
      transactionHash: transaction.hash,
      transactionIndex: transaction.transactionIndex,
      logIndex: l.logIndex,
      address: l.address,
      topic0: l.topics[0]!,
      topic1: l.topics[1] ?? null,
      topic2: l.topics[2] ?? null,
      topic3: l.topics[3] ?? null,
      data: l.data,
    })
    .onConflictDoNothing();
}

// The names are generated from the list, so Ponder's typed names are not known here: registered untyped.
const on = ponder.on.bind(ponder) as unknown as (name: string, fn: typeof keep) => void;
for (const e of INDEXED_EVENTS) on(`${e.key}:${e.event.name}`, keep);
