import { type Address, type PublicClient, toEventSelector } from "viem";
import { describe, expect, test } from "vitest";
import type { LogQuery, LogReader } from "../../../src/kernel/chain/log-reader.ts";
import { AAVE_SUPPLY_EVENT, AAVE_WITHDRAW_EVENT } from "../../../src/protocols/aave/index.ts";
import { VAULT_DEPOSIT_EVENT, VAULT_WITHDRAW_EVENT } from "../../../src/protocols/erc4626/index.ts";
import { readAccountEvents } from "../../../src/v2/earn/domain/events.ts";

const ACCOUNT = "0x00000000000000000000000000000000000000a1" as Address;
const OTHER = "0x00000000000000000000000000000000000000b2" as Address;
const VAULT = "0x00000000000000000000000000000000000000c3" as Address;
let chainId = 1;

/** decoded logs as the LogReader returns them, answering each filter the way a node would */
function reader(
  logs: { event: string; topic0: `0x${string}`; args: Record<string, unknown>; index: number }[],
) {
  const queries: LogQuery[] = [];
  const log = (l: (typeof logs)[number]) => ({
    address: VAULT,
    eventName: l.event,
    topics: [l.topic0],
    args: l.args,
    blockNumber: 10n,
    logIndex: l.index,
    transactionHash: `0x${String(l.index).padStart(64, "0")}`,
  });
  const fake = {
    deploymentBlock: async () => 5n,
    lastHead: () => 20n,
    async getLogs(_client: PublicClient, query: LogQuery) {
      queries.push(query);
      if ("events" in query)
        // the account as the second topic
        return logs
          .filter((l) => query.events.some((e) => toEventSelector(e) === l.topic0))
          .filter((l) => Object.values(l.args)[1] === ACCOUNT)
          .map(log);
      return logs
        .filter((l) => l.topic0 === toEventSelector(query.event) && l.args.owner === ACCOUNT)
        .map(log);
    },
  };
  return { logs: fake as unknown as LogReader, queries };
}

const client = () => ({ chain: { id: chainId++ } }) as unknown as PublicClient;
const deposit = { event: "Deposit", topic0: toEventSelector(VAULT_DEPOSIT_EVENT) };
const withdraw = { event: "Withdraw", topic0: toEventSelector(VAULT_WITHDRAW_EVENT) };
const supply = { event: "Supply", topic0: toEventSelector(AAVE_SUPPLY_EVENT) };
const aaveWithdraw = { event: "Withdraw", topic0: toEventSelector(AAVE_WITHDRAW_EVENT) };

describe("readAccountEvents", () => {
  const history = [
    { ...deposit, args: { sender: ACCOUNT, owner: ACCOUNT, assets: 5n, shares: 5n }, index: 1 },
    { ...supply, args: { reserve: OTHER, onBehalfOf: ACCOUNT, referralCode: 0 }, index: 2 },
    { ...aaveWithdraw, args: { reserve: OTHER, user: ACCOUNT, to: ACCOUNT }, index: 3 },
    // the account's own withdrawal, paid to itself
    { ...withdraw, args: { sender: ACCOUNT, receiver: ACCOUNT, owner: ACCOUNT }, index: 4 },
    // someone else's shares redeemed to the account: not the account's withdrawal
    { ...withdraw, args: { sender: OTHER, receiver: ACCOUNT, owner: OTHER }, index: 5 },
    // the account's withdrawal paid to someone else: only the complete read finds it
    { ...withdraw, args: { sender: ACCOUNT, receiver: OTHER, owner: ACCOUNT }, index: 6 },
  ];

  test("default: one filter on the account as second topic sorts the four events apart", async () => {
    const { logs, queries } = reader(history);
    const events = await readAccountEvents(client(), logs, ACCOUNT);
    expect(queries).toHaveLength(1);
    expect(events.vaultDeposits.map((l) => l.logIndex)).toEqual([1]);
    expect(events.aaveSupplies.map((l) => l.logIndex)).toEqual([2]);
    expect(events.aaveWithdrawals.map((l) => l.logIndex)).toEqual([3]);
    expect(events.vaultWithdrawals.map((l) => l.logIndex)).toEqual([4]);
    expect(events).toMatchObject({ head: 20n, complete: false });
  });

  test("behavior: the complete read adds withdrawals paid to others, each once", async () => {
    const { logs, queries } = reader(history);
    const events = await readAccountEvents(client(), logs, ACCOUNT, true);
    expect(queries).toHaveLength(2);
    expect(events.vaultWithdrawals.map((l) => l.logIndex).sort()).toEqual([4, 6]);
  });

  test("behavior: concurrent reads of one account share one fetch", async () => {
    const { logs, queries } = reader(history);
    const c = client();
    await Promise.all([readAccountEvents(c, logs, ACCOUNT), readAccountEvents(c, logs, ACCOUNT)]);
    expect(queries).toHaveLength(1);
  });
});
