/**
 * The `simulation` of every answer a test sends, held to the chain: an answer's simulation is recorded when a test
 * receives it (postJson, or `recordAnswer`), and when the test sends the answer's transactions as returned
 * (sendReturned, sponsorBroadcast), the balances the simulation names — and every listed token of each holder — are
 * read on chain before the first and after the last. "Before" is the parent block's state at the time of the block
 * the first transaction lands in (an eth_call with that block's time): interest that accrues between blocks is no
 * transaction's doing. Each change must equal the simulation's to the unit (the payer's native coin less the gas it
 * paid), and no other listed balance may move.
 *
 * A simulation is for the block it names: the check sets that block's time before sending (as the simulation
 * assumed), and holds the answer to the unit only when the transactions land in the blocks simulated; when other
 * traffic got there first the answer is stale, and is recorded as such, not checked. Every check appends a line to
 * `.test-results/simulations.jsonl`: the suite's report lists which write operations were held to the chain.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  type Address,
  createPublicClient,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  toHex,
} from "viem";
import { ROOT, SIMULATION_LEDGER } from "../paths.ts";
import { addressBook, devnetChain } from "./env.ts";
import { byKey, type Group, safeAbi, safeKey, txKey } from "./simulation-record.ts";

const NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";

export { SIMULATION_LEDGER };

/** one reader per chain, its calls batched: a check's reads go in one HTTP request */
const readers = new Map<string, PublicClient>();
function chainClient(chain: string): PublicClient {
  let client = readers.get(chain);
  if (!client) {
    client = createPublicClient({
      chain: devnetChain(chain),
      transport: http(undefined, { batch: { wait: 0 } }),
      cacheTime: 0,
    }) as PublicClient;
    readers.set(chain, client);
  }
  return client;
}

function ledger(line: Record<string, unknown>): void {
  mkdirSync(join(ROOT, ".test-results"), { recursive: true });
  appendFileSync(SIMULATION_LEDGER, `${JSON.stringify(line)}\n`);
}

/**
 * Balances at `blockNumber`; with `at`, as that block's state reads at the next block's time (`at`): the moment the
 * next block's first transaction starts, interest accrued to it (what accrues between blocks is no transaction's doing).
 */
async function balancesOf(
  client: PublicClient,
  pairs: [string, string][],
  blockNumber: bigint,
  at?: { number: bigint; time: bigint },
) {
  const out = new Map<string, bigint>();
  await Promise.all(
    pairs.map(async ([holder, token]) => {
      let value: bigint;
      if (token === NATIVE) value = await client.getBalance({ address: holder as Address, blockNumber });
      else {
        const data = encodeFunctionData({
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [holder as Address],
        });
        const answer = (await client.request({
          method: "eth_call",
          params: [
            { to: token as Address, data },
            toHex(blockNumber),
            ...(at ? [null, { time: toHex(at.time), number: toHex(at.number) }] : []),
          ] as any,
        })) as Hex;
        value = BigInt(answer);
      }
      out.set(`${holder}|${token}`, value);
    }),
  );
  return out;
}

function pairsOf(g: Group): [string, string][] {
  const holders = new Set(g.simulation.asset_changes.map((c) => getAddress(c.holder)));
  const pairs = new Map<string, [string, string]>();
  for (const c of g.simulation.asset_changes) {
    const p: [string, string] = [getAddress(c.holder), getAddress(c.token.address)];
    pairs.set(p.join("|"), p);
  }
  // every listed token of every holder: what the simulation does not name must not move
  const listed = Object.values(addressBook().tokens?.[g.simulation.chain] ?? {}).map((t) =>
    getAddress(t.address),
  );
  for (const h of holders)
    for (const t of [NATIVE, ...listed]) {
      const p: [string, string] = [h, getAddress(t)];
      pairs.set(p.join("|"), p);
    }
  return [...pairs.values()];
}

/** the group a transaction about to be sent belongs to: as returned, or as a sponsor relays a signed SafeTx */
function groupsOf(tx: { from: string; nonce: string | number; to: string; data: string }): Group[] {
  const groups: Group[] = [];
  const direct = byKey.get(txKey(tx));
  if (direct) groups.push(direct);
  if (!tx.data.startsWith("0x6a761202")) return groups;
  try {
    const { args } = decodeFunctionData({ abi: safeAbi, data: tx.data as Hex });
    const signed = byKey.get(
      safeKey(tx.to, { to: args[0], value: args[1].toString(), data: args[2], operation: args[3] }),
    );
    if (signed && signed !== direct) {
      // relayed with the owner's ECDSA signature: its gas is not the pre-validated one's the simulation ran
      signed.relayed = true;
      groups.push(signed);
    }
  } catch {}
  return groups;
}

/**
 * Before a test sends a transaction an answer returned: the balances before its first transaction, and the time
 * of the block the simulation assumed.
 */
export async function beforeSend(
  tx: {
    from: string;
    nonce: string | number;
    to: string;
    data: string;
    authorizationList?: unknown[];
  },
  /** the chain the transaction goes to (a fork's), when not the devnet's chain the answer names */
  client?: PublicClient,
): Promise<Group[]> {
  const groups = groupsOf(tx);
  for (const g of groups) {
    g.client = client;
    await before(g, tx);
  }
  return groups;
}

async function before(g: Group, tx: { authorizationList?: unknown[] }): Promise<void> {
  const client = g.client ?? chainClient(g.simulation.chain);
  const head = await client.getBlock({ blockTag: "latest" });
  const expected = BigInt(g.simulation.block_number + g.sent);
  if (head.number + 1n !== expected) {
    g.exact = false;
  } else if (g.exact) {
    // each later transaction of the answer was simulated a block and a second after the one before it
    const time = BigInt(g.simulation.block_timestamp + g.sent);
    if (time > head.timestamp)
      await client.request({ method: "evm_setNextBlockTimestamp" as any, params: [Number(time)] as any });
  }
  if (g.sent === 0)
    g.before = await balancesOf(client, pairsOf(g), head.number, {
      number: head.number + 1n,
      time: BigInt(g.simulation.block_timestamp),
    });
  if (tx.authorizationList?.length) g.authorized = true;
}

/** After it is mined: the gas paid; after the answer's last transaction, the balances compared. */
export async function afterSend(
  groups: Group[],
  receipt: { from: string; blockNumber: bigint; gasUsed: bigint; effectiveGasPrice: bigint },
): Promise<void> {
  for (const g of groups) await after(g, receipt);
}

async function after(
  g: Group,
  receipt: { from: string; blockNumber: bigint; gasUsed: bigint; effectiveGasPrice: bigint },
): Promise<void> {
  const expected = BigInt(g.simulation.block_number + g.sent);
  if (receipt.blockNumber !== expected) g.exact = false;
  const payer = getAddress(receipt.from);
  g.gasPaid.set(payer, (g.gasPaid.get(payer) ?? 0n) + receipt.gasUsed * receipt.effectiveGasPrice);
  g.gasUsed += receipt.gasUsed;
  g.sent++;
  if (g.sent < g.keys.length) return;
  for (const k of g.keys) byKey.delete(k);
  const client = g.client ?? chainClient(g.simulation.chain);
  if (!g.exact) {
    ledger({
      operation: g.operation,
      path: g.path,
      checked: false,
      why: "stale: other transactions landed first",
    });
    return;
  }
  const afterBalances = await balancesOf(client, pairsOf(g), receipt.blockNumber);
  const simulated = new Map<string, bigint>();
  for (const c of g.simulation.asset_changes)
    simulated.set(`${getAddress(c.holder)}|${getAddress(c.token.address)}`, BigInt(c.amount_raw));
  const wrong: string[] = [];
  for (const [key, value] of afterBalances) {
    const [holder, token] = key.split("|") as [string, string];
    const paid = token === NATIVE ? (g.gasPaid.get(holder) ?? 0n) : 0n;
    const actual = value - g.before!.get(key)! + paid;
    const expectedChange = simulated.get(key) ?? 0n;
    if (actual !== expectedChange)
      wrong.push(`${holder} ${token}: the chain moved ${actual}, the simulation said ${expectedChange}`);
  }
  // gas as simulated (a 7702 authorization costs the sender gas the simulation, which sets the code, does not)
  if (!g.authorized && !g.relayed && g.gasUsed !== BigInt(g.simulation.gas_used))
    wrong.push(`gas: the chain used ${g.gasUsed}, the simulation said ${g.simulation.gas_used}`);
  const mined = await client.getBlock({ blockNumber: receipt.blockNumber });
  ledger({
    operation: g.operation,
    path: g.path,
    checked: true,
    ok: wrong.length === 0,
    wrong,
    simulated: [g.simulation.block_number, g.simulation.block_timestamp],
    mined: [Number(receipt.blockNumber), Number(mined.timestamp)],
  });
  if (wrong.length > 0)
    throw new Error(`the simulation of ${g.operation} is not what the chain did:\n  ${wrong.join("\n  ")}`);
}
