import { index, onchainTable } from "ponder";

/**
 * One row per indexed log, as the chain gave it (no decoding: the API decodes with its own ABIs). Ponder
 * reverts the rows of reorged blocks and resumes from its checkpoint after a restart.
 *
 * The indexes follow the API's reads, so each costs O(result), not O(chain): an event at some contracts
 * (`chain, topic0, address, block`), an event naming an id or account in one of its topics (`chain, topic0,
 * topicN, block`: Morpho market ids and Aave reserves in topic1, transfer recipients and Morpho or ERC-4626 owners in
 * topic2, ERC-4626 withdrawal owners and Aave liquidated users in topic3).
 */
export const log = onchainTable(
  "log",
  (t) => ({
    /** `${chainId}-${blockNumber}-${logIndex}` */
    id: t.text().primaryKey(),
    chainId: t.int8({ mode: "number" }).notNull(),
    blockNumber: t.int8({ mode: "number" }).notNull(),
    blockHash: t.hex().notNull(),
    blockTimestamp: t.int8({ mode: "number" }).notNull(),
    transactionHash: t.hex().notNull(),
    transactionIndex: t.integer().notNull(),
    logIndex: t.integer().notNull(),
    address: t.hex().notNull(),
    topic0: t.hex().notNull(),
    topic1: t.hex(),
    topic2: t.hex(),
    topic3: t.hex(),
    data: t.hex().notNull(),
  }),
  (table) => ({
    byAddress: index("log_by_address").on(table.chainId, table.topic0, table.address, table.blockNumber),
    byTopic1: index("log_by_topic1").on(table.chainId, table.topic0, table.topic1, table.blockNumber),
    byTopic2: index("log_by_topic2").on(table.chainId, table.topic0, table.topic2, table.blockNumber),
    byTopic3: index("log_by_topic3").on(table.chainId, table.topic0, table.topic3, table.blockNumber),
    byBlock: index("log_by_block").on(table.chainId, table.topic0, table.blockNumber),
  }),
);
