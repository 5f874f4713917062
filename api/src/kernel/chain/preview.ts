import { MULTICALL3, PERMIT2 } from "@compass/constants";
import { type Address, getAddress, type Hex, type PublicClient, toEventSelector } from "viem";
import { decodeStaticReads, encodeStaticReads, STATIC_READER_CODE } from "./lens/static-reader.ts";

/**
 * What transactions will do to the balances of the addresses they concern, as the node simulates them
 * (eth_simulateV1 on the pending block): each holder's native coin and every token the transactions move to or from
 * it, read before and after the transactions in the same simulation — the balances themselves, not what the request
 * or the events suggest (a rebasing aToken's interest, a fee on transfer, a vault's rounding all show) — and the
 * allowances and Permit2 grants the holders leave behind.
 *
 * Each transaction (a "step") runs in a block of its own, one after the other, as a wallet sends them: an approval
 * is mined before the deposit that spends it.
 *
 * One simulation suffices when the tokens that move are among those read: the chain's listed tokens, every address
 * the calldata names, and what calls to the same contract moved before (learned per chain and called function). The
 * run's logs say what actually moved (the tokens' Transfer and Approval events; the native coin is always read); a
 * token or grant it finds unread is read in a second run around the same transactions.
 */

/** The native coin in a simulation (ERC-7528's address, as eth_simulateV1 names traced native transfers). */
export const NATIVE = getAddress("0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee");

export interface SimStep {
  from: Address;
  to: Address;
  data: Hex;
  value?: bigint;
  /** the gas limit it is sent with: code that reads gasleft() runs as it will */
  gas?: bigint;
  /** code to run at addresses in the step's block (a 7702 sender's delegate, a simulator at an account) */
  code?: Record<Address, Hex>;
}

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
  kind: "erc20" | "permit2";
  /** the allowance after the transactions */
  amount: bigint;
  unlimited: boolean;
  /** Permit2 grants expire (unix seconds); ERC-20 allowances do not */
  expiry: number | null;
}

export interface TokenMeta {
  symbol: string | null;
  decimals: number | null;
}

/** A figure read for a holder before and after the transactions (a health factor), from a probe. */
export interface Probe {
  name: string;
  /** the view to read for `holder` on this chain, or null when it does not apply */
  read(holder: Address): { to: Address; data: Hex } | null;
  /** the figure from the view's answer, or null (no position) */
  decode(data: Hex): string | null;
}

export interface PriceSource {
  /** the view answering `token`'s USD price, `decimals` fixed point; null: no source for it */
  read(token: Address): { to: Address; data: Hex } | null;
  decimals: number;
}

export interface SimulateInput {
  steps: readonly SimStep[];
  /**
   * the earliest time (unix seconds) the first block can have: a block is later than its parent, and a node's
   * pending block may carry its parent's time. Each later step's block is a second later.
   */
  notBefore?: bigint;
  holders: readonly Address[];
  /** tokens to read in the first run besides the learned ones and those the calldata names */
  tokens?: readonly Address[];
  /** token metadata already known (a listed token's symbol and decimals) */
  known?: ReadonlyMap<Address, TokenMeta>;
  price?: PriceSource;
  /** the wrapped native token: the native coin is priced as it */
  wrappedNative?: Address;
  probes?: readonly Probe[];
}

export interface Simulated {
  /** the simulated block of each step */
  blocks: { number: bigint; timestamp: bigint; baseFeePerGas: bigint }[];
  balances: BalanceChange[];
  allowances: AllowanceLeft[];
  gasUsed: bigint[];
  tokens: Map<Address, TokenMeta>;
  /** USD per whole token, `price.decimals` fixed point, read in the first step's block; null: no feed */
  prices: Map<Address, bigint | null>;
  /** bytes of code at each step's target and each holder before the steps */
  codeSize: Map<Address, number>;
  probes: { name: string; holder: Address; before: string | null; after: string | null }[];
  /** eth_simulateV1 runs made: 1, or 2 when the first found a token or grant it had not read */
  runs: number;
}

/** A transaction the simulation says would fail: which one, and the node's reason. */
export class SimulationFailed extends Error {
  override name = "SimulationFailed";
  constructor(
    readonly index: number,
    readonly reason: string,
    readonly data: Hex | undefined,
  ) {
    super(`transaction ${index + 1} would fail: ${reason}`);
  }
}

const TRANSFER = toEventSelector("Transfer(address,address,uint256)");
const APPROVAL = toEventSelector("Approval(address,address,uint256)");
const PERMIT2_APPROVAL = toEventSelector("Approval(address,address,address,uint160,uint48)");
const PERMIT2_PERMIT = toEventSelector("Permit(address,address,address,uint160,uint48,uint48)");
const PERMIT2_ADDRESS = getAddress(PERMIT2);

/** who reads the balances in the simulated blocks: not a sender (its nonce would move) */
const READER = "0x0000000000000000000000000000000000000000";
/**
 * Where the reads run, placed by state override (lens/StaticReader.yul): each view by STATICCALL with capped gas, so no
 * read (a `symbol()` reaching some contract's fallback) can change the state the transactions then meet.
 */
const STATIC_READER = getAddress("0x5e5e00000000000000000000000000000000a11c");

const SEL = {
  balanceOf: "0x70a08231",
  allowance: "0xdd62ed3e",
  decimals: "0x313ce567",
  symbol: "0x95d89b41",
  getEthBalance: "0x4d2301cc",
  permit2Allowance: "0x927da105",
  underlying: "0xb16a19de",
  asset: "0x38d52e0f",
  convertToAssets: "0x07a2d13a",
} as const;
const ONE_E18 = "0000000000000000000000000000000000000000000000000de0b6b3a7640000";
const word = (a: string) => a.slice(2).toLowerCase().padStart(64, "0");
const topicAddress = (topic: Hex | undefined) =>
  topic === undefined ? undefined : getAddress(`0x${topic.slice(26)}`);

/** what calls of a contract's function moved before: their tokens and grants, read in the first run next time */
const learned = new Map<string, { tokens: Set<Address>; grants: Set<string> }>();
const LEARNED_KEPT = 5000;
/** token metadata never changes: read once per chain */
const metadata = new Map<string, TokenMeta>();
const METADATA_KEPT = 20_000;

const stepKey = (chainId: number, s: SimStep) => `${chainId}|${s.to.toLowerCase()}|${s.data.slice(0, 10)}`;

/** Addresses the calldata names: every word after the selector whose top 12 bytes are zero and that is not small. */
export function calldataAddresses(data: Hex): Address[] {
  const out = new Set<Address>();
  for (let i = 10; i + 64 <= data.length; i += 64) {
    const w = data.slice(i, i + 64);
    if (!w.startsWith("000000000000000000000000")) continue;
    // a word under 2^96 is an amount, an offset or a length, not an address
    if (w.startsWith("0000000000000000000000000000000000000000")) continue;
    out.add(getAddress(`0x${w.slice(24)}`));
  }
  return [...out];
}

function decodeSymbol(data: Hex): string | null {
  const hex = data.slice(2);
  if (hex.length === 64) {
    // bytes32 symbol (MKR-style)
    const bytes = Buffer.from(hex, "hex");
    const text = bytes.subarray(0, bytes.indexOf(0) === -1 ? 32 : bytes.indexOf(0)).toString("utf8");
    return text || null;
  }
  if (hex.length < 128) return null;
  const offset = Number.parseInt(hex.slice(0, 64), 16) * 2;
  const length = Number.parseInt(hex.slice(offset, offset + 64), 16);
  if (!Number.isFinite(length) || length > 256) return null;
  const text = Buffer.from(hex.slice(offset + 64, offset + 64 + length * 2), "hex").toString("utf8");
  return text || null;
}

const wordOf = (r: { success: boolean; data: Hex }) =>
  r.success && r.data.length >= 66 ? BigInt(r.data.slice(0, 66)) : null;

interface Plan {
  pairs: { holder: Address; token: Address }[];
  grants: { owner: Address; token: Address; spender: Address; kind: "erc20" | "permit2" }[];
  meta: Address[];
  priced: Address[];
  /** tokens whose price may come from what they hold: an aToken's underlying, a vault's asset */
  derived: Address[];
  targets: Address[];
  probes: { probe: Probe; holder: Address; call: { to: Address; data: Hex } }[];
}

function beforeReads(plan: Plan, price: PriceSource | undefined) {
  return [
    ...plan.pairs.map(({ holder, token }) =>
      token === NATIVE
        ? { target: MULTICALL3 as Address, data: `${SEL.getEthBalance}${word(holder)}` as Hex }
        : { target: token, data: `${SEL.balanceOf}${word(holder)}` as Hex },
    ),
    ...plan.meta.flatMap((t) => [
      { target: t, data: SEL.decimals as Hex },
      { target: t, data: SEL.symbol as Hex },
    ]),
    ...plan.priced.map((t) => {
      const c = price!.read(t)!;
      return { target: c.to, data: c.data };
    }),
    ...plan.derived.flatMap((t) => [
      { target: t, data: SEL.underlying as Hex },
      { target: t, data: SEL.asset as Hex },
      { target: t, data: `${SEL.convertToAssets}${ONE_E18}` as Hex },
    ]),
    ...plan.targets.map((t) => ({ target: t, data: "0x" as Hex })),
    ...plan.probes.map((p) => ({ target: p.call.to, data: p.call.data })),
  ];
}

function afterReads(plan: Plan) {
  return [
    ...plan.pairs.map(({ holder, token }) =>
      token === NATIVE
        ? { target: MULTICALL3 as Address, data: `${SEL.getEthBalance}${word(holder)}` as Hex }
        : { target: token, data: `${SEL.balanceOf}${word(holder)}` as Hex },
    ),
    ...plan.grants.map((g) =>
      g.kind === "erc20"
        ? { target: g.token, data: `${SEL.allowance}${word(g.owner)}${word(g.spender)}` as Hex }
        : {
            target: PERMIT2_ADDRESS,
            data: `${SEL.permit2Allowance}${word(g.owner)}${word(g.token)}${word(g.spender)}` as Hex,
          },
    ),
    ...plan.probes.map((p) => ({ target: p.call.to, data: p.call.data })),
  ];
}

interface RawCall {
  status: Hex;
  returnData: Hex;
  gasUsed: Hex;
  logs?: { address: Hex; topics: Hex[]; data: Hex }[];
  error?: { message?: string; data?: Hex };
}
interface RawBlock {
  number: Hex;
  timestamp: Hex;
  baseFeePerGas?: Hex;
  calls: RawCall[];
}

async function run(client: PublicClient, steps: readonly SimStep[], plan: Plan, input: SimulateInput) {
  const beforeList = beforeReads(plan, input.price);
  const afterList = afterReads(plan);
  const before = { from: READER, to: STATIC_READER, data: encodeStaticReads(beforeList) };
  const after = { from: READER, to: STATIC_READER, data: encodeStaticReads(afterList) };
  const blocks = steps.map((s, i) => {
    const tx = {
      from: s.from,
      to: s.to,
      data: s.data,
      value: `0x${(s.value ?? 0n).toString(16)}`,
      ...(s.gas !== undefined && { gas: `0x${s.gas.toString(16)}` }),
    };
    const calls: object[] = [tx];
    if (i === 0) calls.unshift(before);
    if (i === steps.length - 1) calls.push(after);
    const overrides: Record<string, { code: Hex }> = {};
    if (i === 0 || i === steps.length - 1) overrides[STATIC_READER] = { code: STATIC_READER_CODE as Hex };
    for (const [address, code] of Object.entries(s.code ?? {})) overrides[address] = { code };
    return {
      calls,
      ...(Object.keys(overrides).length > 0 && { stateOverrides: overrides }),
      // each later transaction in the next block, a second later: as soon as a wallet can follow
      ...(input.notBefore !== undefined && {
        blockOverrides: { time: `0x${(input.notBefore + BigInt(i)).toString(16)}` },
      }),
    };
  });
  const answer = (await client.request({
    method: "eth_simulateV1" as any,
    params: [{ blockStateCalls: blocks, validation: false }, "pending"] as any,
  })) as RawBlock[];
  const txs: RawCall[] = answer.map((b, i) => b.calls[i === 0 ? 1 : 0]!);
  txs.forEach((r, i) => {
    if (r.status !== "0x1")
      throw new SimulationFailed(i, r.error?.message ?? "reverted", r.error?.data ?? r.returnData);
  });
  const first = answer[0]!.calls[0]!;
  const lastBlock = answer[answer.length - 1]!;
  const last = lastBlock.calls[lastBlock.calls.length - 1]!;
  if (first.status !== "0x1" || last.status !== "0x1")
    throw new Error("the simulation's balance reads failed");
  return {
    blocks: answer.map((b) => ({
      number: BigInt(b.number),
      timestamp: BigInt(b.timestamp),
      baseFeePerGas: BigInt(b.baseFeePerGas ?? "0x0"),
    })),
    txs,
    before: decodeStaticReads(first.returnData, beforeList.length),
    after: decodeStaticReads(last.returnData, afterList.length),
  };
}

export async function simulateSteps(client: PublicClient, input: SimulateInput): Promise<Simulated> {
  const chainId = client.chain!.id;
  const holders = [...new Set(input.holders.map((h) => getAddress(h)))];
  const holderSet = new Set(holders);
  const keys = input.steps.map((s) => stepKey(chainId, s));
  // the first run reads: listed tokens, the calldata's addresses, what these functions moved before
  const tokens = new Set<Address>((input.tokens ?? []).map((t) => getAddress(t)));
  const grants = new Set<string>();
  for (const s of input.steps) for (const a of calldataAddresses(s.data)) tokens.add(a);
  for (const s of input.steps) if (s.data.length > 2) tokens.add(getAddress(s.to));
  for (const k of keys) {
    const seen = learned.get(k);
    if (!seen) continue;
    for (const t of seen.tokens) tokens.add(t);
    for (const g of seen.grants) {
      const [kind, token, spender] = g.split("|");
      for (const h of holders) grants.add(`${kind}|${h}|${token}|${spender}`);
    }
  }
  tokens.delete(NATIVE);
  for (const h of holders) tokens.delete(h);

  const planFor = (tokenList: Address[], grantList: string[]): Plan => {
    const pairs = holders.flatMap((holder) => [
      { holder, token: NATIVE },
      ...tokenList.map((token) => ({ holder, token })),
    ]);
    const metaOf = (t: Address) => input.known?.get(t) ?? metadata.get(`${chainId}|${t}`);
    const priceable = [...tokenList, ...(input.wrappedNative ? [getAddress(input.wrappedNative)] : [])];
    return {
      pairs,
      grants: grantList.map((g) => {
        const [kind, owner, token, spender] = g.split("|") as [string, Address, Address, Address];
        return { kind: kind as "erc20" | "permit2", owner, token, spender };
      }),
      meta: tokenList.filter((t) => !metaOf(t)),
      priced: input.price ? [...new Set(priceable)].filter((t) => input.price!.read(t) !== null) : [],
      derived: input.price ? tokenList : [],
      // each step's target and each holder: a call or a transfer to an address without code is warned of
      targets: [...new Set([...input.steps.map((s) => getAddress(s.to)), ...holders])],
      probes: (input.probes ?? []).flatMap((probe) =>
        holders.flatMap((holder) => {
          const call = probe.read(holder);
          return call ? [{ probe, holder, call }] : [];
        }),
      ),
    };
  };

  let plan = planFor([...tokens], [...grants]);
  // the tokens' own Transfer and Approval events say what moved; the native coin is always read, so the node's
  // tracing of native transfers (traceTransfers) is not needed
  let result = await run(client, input.steps, plan, input);
  let runs = 1;

  // what moved: tokens to or from a holder, grants a holder made
  const moved = new Set<Address>();
  const granted = new Set<string>();
  for (const tx of result.txs)
    for (const log of tx.logs ?? []) {
      const [topic0, t1, t2, t3] = log.topics as (Hex | undefined)[];
      const emitter = getAddress(log.address);
      if (topic0 === TRANSFER && emitter !== NATIVE && (log.topics.length === 3 || log.topics.length === 4)) {
        const sides = [topicAddress(t1), topicAddress(t2)];
        if (sides.some((s) => s && holderSet.has(s))) moved.add(emitter);
      } else if (topic0 === APPROVAL && log.topics.length === 3) {
        const owner = topicAddress(t1)!;
        if (holderSet.has(owner)) granted.add(`erc20|${owner}|${emitter}|${topicAddress(t2)}`);
      } else if (
        (topic0 === PERMIT2_APPROVAL || topic0 === PERMIT2_PERMIT) &&
        emitter === PERMIT2_ADDRESS &&
        log.topics.length === 4
      ) {
        const owner = topicAddress(t1)!;
        if (holderSet.has(owner)) granted.add(`permit2|${owner}|${topicAddress(t2)}|${topicAddress(t3)}`);
      }
    }
  for (const k of keys) {
    let seen = learned.get(k);
    if (!seen) {
      if (learned.size >= LEARNED_KEPT) learned.delete(learned.keys().next().value!);
      seen = { tokens: new Set(), grants: new Set() };
      learned.set(k, seen);
    }
    for (const t of moved) if (seen.tokens.size < 64) seen.tokens.add(t);
    for (const g of granted) {
      const [kind, , token, spender] = g.split("|");
      if (seen.grants.size < 64) seen.grants.add(`${kind}|${token}|${spender}`);
    }
  }
  const unread = [...moved].some((t) => !tokens.has(t)) || [...granted].some((g) => !grants.has(g));
  if (unread) {
    for (const t of moved) tokens.add(t);
    plan = planFor([...tokens], [...new Set([...grants, ...granted])]);
    result = await run(client, input.steps, plan, input);
    runs = 2;
  }

  // read it all back, in the plan's order
  const { before, after } = result;
  let b = 0;
  const balances: BalanceChange[] = [];
  for (const p of plan.pairs) {
    const x = wordOf(before[b]!) ?? 0n;
    const y = wordOf(after[b]!) ?? 0n;
    b++;
    if (x !== y) balances.push({ ...p, before: x, after: y });
  }
  const tokenMeta = new Map<Address, TokenMeta>();
  for (const t of plan.meta) {
    const decimals = wordOf(before[b]!);
    const symbolRead = before[b + 1]!;
    b += 2;
    const meta = {
      decimals: decimals !== null && decimals <= 255n ? Number(decimals) : null,
      symbol: symbolRead.success ? decodeSymbol(symbolRead.data) : null,
    };
    tokenMeta.set(t, meta);
    // only a token's answer is kept: a read of something else (an account, a router) may answer later
    if (meta.decimals !== null) {
      if (metadata.size >= METADATA_KEPT) metadata.delete(metadata.keys().next().value!);
      metadata.set(`${chainId}|${t}`, meta);
    }
  }
  for (const t of [...tokens, ...plan.priced]) {
    const m = input.known?.get(t) ?? metadata.get(`${chainId}|${t}`);
    if (m && !tokenMeta.has(t)) tokenMeta.set(t, m);
  }
  const prices = new Map<Address, bigint | null>();
  for (const t of plan.priced) {
    const p = wordOf(before[b++]!);
    prices.set(t, p !== null && p > 0n ? p : null);
  }
  // a token without a feed of its own: an aToken or debt token at its underlying's price (one for one), a vault's
  // share at its asset's price times the assets a share converts to
  for (const t of plan.derived) {
    const underlying = before[b]!;
    const asset = before[b + 1]!;
    const converts = wordOf(before[b + 2]!);
    b += 3;
    if (prices.get(t)) continue;
    const of = (r: { success: boolean; data: Hex }) =>
      r.success && r.data.length === 66 && r.data.startsWith("0x000000000000000000000000")
        ? getAddress(`0x${r.data.slice(26)}`)
        : undefined;
    const aave = of(underlying);
    const vault = of(asset);
    if (aave && prices.get(aave)) prices.set(t, prices.get(aave)!);
    else if (vault && prices.get(vault) && converts !== null) {
      const shareDecimals = tokenMeta.get(t)?.decimals ?? input.known?.get(t)?.decimals;
      const assetDecimals = tokenMeta.get(vault)?.decimals ?? input.known?.get(vault)?.decimals;
      if (shareDecimals != null && assetDecimals != null)
        // USD of one whole share: assets per 1e18 share units, scaled to a whole share, at the asset's price
        prices.set(
          t,
          (prices.get(vault)! * converts * 10n ** BigInt(shareDecimals)) /
            10n ** 18n /
            10n ** BigInt(assetDecimals),
        );
    }
  }
  const codeSize = new Map<Address, number>();
  for (const t of plan.targets) codeSize.set(t, Number(wordOf(before[b++]!) ?? 0n));
  const probeBefore = plan.probes.map((p) => {
    const r = before[b++]!;
    return r.success ? p.probe.decode(r.data) : null;
  });

  let a = plan.pairs.length;
  const allowances: AllowanceLeft[] = [];
  for (const g of plan.grants) {
    const r = after[a++]!;
    if (!granted.has(`${g.kind}|${g.owner}|${g.token}|${g.spender}`)) continue;
    if (g.kind === "erc20") {
      const amount = wordOf(r) ?? 0n;
      allowances.push({ ...g, amount, unlimited: amount >= 2n ** 255n, expiry: null });
    } else {
      // (uint160 amount, uint48 expiration, uint48 nonce)
      const amount = r.success ? BigInt(r.data.slice(0, 66)) : 0n;
      const expiry = r.success ? Number(BigInt(`0x${r.data.slice(66, 130)}`)) : 0;
      allowances.push({ ...g, amount, unlimited: amount >= 2n ** 159n, expiry });
    }
  }
  const probes = plan.probes.map((p, i) => {
    const r = after[a++]!;
    return {
      name: p.probe.name,
      holder: p.holder,
      before: probeBefore[i]!,
      after: r.success ? p.probe.decode(r.data) : null,
    };
  });
  // a wrapped-native price prices the native coin
  if (input.wrappedNative) prices.set(NATIVE, prices.get(getAddress(input.wrappedNative)) ?? null);
  return {
    blocks: result.blocks,
    balances,
    allowances,
    gasUsed: result.txs.map((t) => BigInt(t.gasUsed)),
    tokens: tokenMeta,
    prices,
    codeSize,
    probes,
    runs,
  };
}
