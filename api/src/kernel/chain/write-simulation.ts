import {
  BUNDLE_SIMULATOR_ACCOUNT_CODE,
  BUNDLE_SIMULATOR_CODE,
  bundleSimulatorAbi,
  CHAIN_INFO,
  PERMIT2,
} from "@compass/constants";
import {
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  isAddress,
  type PublicClient,
  parseAbi,
} from "viem";
import type { Config } from "../config/env.ts";
import { addressBook } from "../config/env.ts";
import { formatDecimal } from "../lib/format.ts";
import type { ChainName } from "../schemas/common.ts";
import type { SimulationWire } from "../schemas/simulation.ts";
import { accountCodeOf } from "./bundle-simulation.ts";
import { namedTokens } from "./erc20.ts";
import {
  NATIVE,
  type PriceSource,
  type Probe,
  type SimStep,
  type Simulated,
  simulateSteps,
  type TokenMeta,
} from "./preview.ts";
import { readView } from "./view-batch.ts";

/**
 * The `simulation` of a write's answer: the transactions and payloads the answer asks its user to sign, found in it
 * by their wire shapes, simulated in the order they are sent (simulateSteps), and reported as the wire type.
 *
 * - `approval_transaction`, then `transaction`: sent by their `from`. A type-4 transaction runs with its delegate's
 *   code at the sender, as its authorization will set it; `execTransaction` on a Safe concerns that Safe too.
 * - `approval_safe_tx_eip712`, `cancel_safe_tx_eip712`, `eip_712` when it is a SafeTx: executed by the Safe's owner
 *   with its pre-validated signature, exactly what the owner's signature lets a relayer do.
 * - `operations` (a smart account's calls): run by the account, in one transaction, as its batch executes them.
 *
 * Permits and venue actions (typed data that moves nothing on chain until something else is sent) are not
 * simulated here; the answer that sends them (the sponsor's `prepare`) is.
 */

export interface SimulationSources {
  /** USD prices on `chain` (the deployment's price feeds), if it has any */
  price?(config: Config, chain: ChainName): PriceSource | undefined;
  /** figures read before and after for each holder (a lending health factor) */
  probes?(config: Config, chain: ChainName): Probe[];
}

export interface WriteSimulationSpec {
  /** what arrives after a later block: makes `settles_later` true with this note */
  settlesLater?: string;
  /**
   * the quoted output, to warn when the simulated output falls below it (less the request's slippage): the token
   * that arrives (address or symbol), the quote in whole tokens, the slippage in percent
   */
  quotedOutput?: (
    body: any,
    result: any,
  ) => { token: string; quoted: string | number; slippagePercent: number } | null | undefined;
}

interface WireTx {
  chainId: string;
  from: string;
  to: string;
  data: string;
  value: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  gas?: string | null;
  authorizationList?: { address: string }[];
}

interface TypedSafeTx {
  domain: { chainId?: number | string; verifyingContract?: string };
  primaryType: string;
  message: Record<string, unknown>;
}

const EXEC_TRANSACTION = "0x6a761202";
const safeAbi = parseAbi([
  "function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool)",
  "function getOwners() view returns (address[])",
]);

/** the keys of an answer that hold something to sign, in the order it is sent */
export const SIGNED_KEYS = [
  "approval_transaction",
  "approval_safe_tx_eip712",
  "cancel_safe_tx_eip712",
  "transaction",
  "eip_712",
  "operations",
] as const;

const chainOfId = (id: number): ChainName | undefined =>
  (Object.values(CHAIN_INFO).find((c) => c.chainId === id)?.name as ChainName | undefined) ?? undefined;

const owners = new Map<string, Address>();
const OWNERS_KEPT = 10_000;

/** The first owner of a Safe: a product account's only one. Owners of the accounts the API builds never change. */
async function safeOwner(client: PublicClient, safe: Address): Promise<Address> {
  const key = `${client.chain!.id}|${safe}`;
  const known = owners.get(key);
  if (known) return known;
  const list = await readView<readonly Address[]>(client, {
    address: safe,
    abi: safeAbi,
    functionName: "getOwners",
    blockTag: "pending",
  });
  const owner = getAddress(list[0]!);
  if (owners.size >= OWNERS_KEPT) owners.delete(owners.keys().next().value!);
  owners.set(key, owner);
  return owner;
}

/** A pre-validated signature (v = 1): valid when the owner itself sends execTransaction. */
const prevalidated = (owner: Address): Hex =>
  `0x${owner.slice(2).toLowerCase().padStart(64, "0")}${"0".repeat(64)}01`;

function isSafeTx(v: unknown): v is TypedSafeTx {
  return !!v && typeof v === "object" && (v as TypedSafeTx).primaryType === "SafeTx";
}

interface Found {
  chain: ChainName;
  steps: SimStep[];
  holders: { address: Address; role: "wallet" | "account" }[];
  /** who pays the gas of each step: the sender of a transaction; null when a relayer or bundler does */
  payers: ({ tx: WireTx } | null)[];
}

async function findSteps(
  client: (chain: ChainName) => PublicClient,
  body: any,
  result: any,
): Promise<Found | null> {
  const steps: SimStep[] = [];
  const payers: Found["payers"] = [];
  const holders = new Map<Address, "wallet" | "account">();
  let chain: ChainName | undefined;
  const setChain = (id: number | string | undefined) => {
    const c = id === undefined ? undefined : chainOfId(Number(id));
    if (c) chain ??= c;
  };
  for (const key of SIGNED_KEYS) {
    const value = result?.[key];
    if (!value) continue;
    if (key === "operations") {
      if (!Array.isArray(value) || value.length === 0 || !isAddress(body?.sender ?? "")) continue;
      chain ??= body.chain as ChainName;
      const account = getAddress(body.sender);
      const c = client(chain);
      const accountCode = await accountCodeOf(c, account);
      steps.push({
        from: account,
        to: account,
        data: encodeFunctionData({
          abi: bundleSimulatorAbi,
          functionName: "simulateCalls",
          args: [
            value.map((o: { to: string; data: string; value?: string }) => ({
              target: getAddress(o.to),
              value: BigInt(o.value ?? 0),
              data: o.data as Hex,
            })),
          ],
        }),
        code: { [account]: BUNDLE_SIMULATOR_CODE, [BUNDLE_SIMULATOR_ACCOUNT_CODE]: accountCode },
      });
      payers.push(null);
      holders.set(account, "wallet");
    } else if (isSafeTx(value)) {
      setChain(value.domain.chainId);
      if (!chain) continue;
      const safe = getAddress(String(value.domain.verifyingContract));
      const owner = await safeOwner(client(chain), safe);
      const m = value.message as Record<string, any>;
      steps.push({
        from: owner,
        to: safe,
        data: encodeFunctionData({
          abi: safeAbi,
          functionName: "execTransaction",
          args: [
            getAddress(m.to),
            BigInt(m.value ?? 0),
            m.data as Hex,
            Number(m.operation ?? 0),
            BigInt(m.safeTxGas ?? 0),
            BigInt(m.baseGas ?? 0),
            BigInt(m.gasPrice ?? 0),
            getAddress(m.gasToken ?? "0x0000000000000000000000000000000000000000"),
            getAddress(m.refundReceiver ?? "0x0000000000000000000000000000000000000000"),
            prevalidated(owner),
          ],
        }),
      });
      payers.push(null);
      if (!holders.has(owner)) holders.set(owner, "wallet");
      holders.set(safe, "account");
    } else if (
      typeof value === "object" &&
      typeof value.data === "string" &&
      typeof value.from === "string"
    ) {
      const tx = value as WireTx;
      setChain(tx.chainId);
      if (!chain) continue;
      const from = getAddress(tx.from);
      const to = getAddress(tx.to);
      const delegate = tx.authorizationList?.[0]?.address;
      steps.push({
        from,
        to,
        data: tx.data as Hex,
        value: BigInt(tx.value),
        ...(tx.gas && { gas: BigInt(tx.gas) }),
        ...(delegate && {
          code: { [from]: await accountCodeOf(client(chain), getAddress(delegate)) },
        }),
      });
      payers.push({ tx });
      if (!holders.has(from)) holders.set(from, "wallet");
      if (tx.data.startsWith(EXEC_TRANSACTION) && to !== from) holders.set(to, "account");
    }
  }
  if (!chain || steps.length === 0) return null;
  for (const [k, v] of Object.entries(result ?? {}))
    if (k.endsWith("_account_address") && typeof v === "string" && isAddress(v))
      holders.set(getAddress(v), "account");
  // the owner a relayed payload acts for (a sponsor sends what the owner signed): its balances move too
  if (typeof body?.owner === "string" && isAddress(body.owner) && !holders.has(getAddress(body.owner)))
    holders.set(getAddress(body.owner), "wallet");
  return {
    chain,
    steps,
    payers,
    holders: [...holders].map(([address, role]) => ({ address, role })),
  };
}

/** a USD value with 6 decimals from a raw amount, its decimals and a price with `priceDecimals` */
const usdOf = (raw: bigint, decimals: number, price: bigint, priceDecimals: number) =>
  (raw * price * 10n ** 6n) / 10n ** BigInt(decimals + priceDecimals);

/** the contracts this deployment names on a chain (its address book), read once per address book and chain */
const named = new WeakMap<object, Map<ChainName, Set<Address>>>();
function namedContracts(config: Config, chain: ChainName): Set<Address> {
  const book = addressBook(config);
  if (!book) return new Set();
  let chains = named.get(book);
  if (!chains) {
    chains = new Map();
    named.set(book, chains);
  }
  let set = chains.get(chain);
  if (!set) {
    set = new Set(Object.values(book.chains[chain]?.contracts ?? {}).map((a) => getAddress(a)));
    chains.set(chain, set);
  }
  return set;
}

const LIABILITY = /^(variableDebt|stableDebt)/;
const WARN_HEALTH_FACTOR = 1.1;

export async function simulateWrite(input: {
  config: Config;
  client: (chain: ChainName) => PublicClient;
  body: any;
  result: any;
  sources: SimulationSources;
  spec?: WriteSimulationSpec;
  /** the earliest time the chain's next block can have, when known */
  notBefore?: (chain: ChainName) => Promise<bigint | undefined>;
}): Promise<{ wire: SimulationWire; simulated: Simulated } | null> {
  const { config, body, result, sources, spec } = input;
  const found = await findSteps(input.client, body, result);
  if (!found) return null;
  const { chain } = found;
  const client = input.client(chain);
  const listed = namedTokens(config, chain);
  const known = new Map<Address, TokenMeta>(
    listed.map((t) => [t.address, { symbol: t.symbol, decimals: t.decimals }]),
  );
  const wrapped = listed.find(
    (t) =>
      t.symbol === (CHAIN_INFO[chain].nativeSymbol === "ETH" ? "WETH" : `W${CHAIN_INFO[chain].nativeSymbol}`),
  );
  const price = sources.price?.(config, chain);
  const simulated = await simulateSteps(client, {
    notBefore: await input.notBefore?.(chain),
    steps: found.steps,
    holders: found.holders.map((h) => h.address),
    tokens: listed.map((t) => t.address),
    known,
    price,
    wrappedNative: wrapped?.address,
    probes: sources.probes?.(config, chain) ?? [],
  });
  const roleOf = new Map(found.holders.map((h) => [h.address, h.role]));
  const nativeMeta: TokenMeta = { symbol: CHAIN_INFO[chain].nativeSymbol, decimals: 18 };
  const metaOf = (t: Address) =>
    t === NATIVE ? nativeMeta : (simulated.tokens.get(t) ?? { symbol: null, decimals: null });
  const tokenWire = (t: Address) => ({ address: t, ...metaOf(t) });
  const priceDecimals = price?.decimals ?? 8;

  let net = 0n;
  let netKnown = true;
  const asset_changes = simulated.balances
    .filter((b) => b.token === NATIVE || metaOf(b.token).decimals !== null || metaOf(b.token).symbol !== null)
    .map((b) => {
      const meta = metaOf(b.token);
      const delta = b.after - b.before;
      const liability = LIABILITY.test(meta.symbol ?? "");
      const p = simulated.prices.get(b.token) ?? null;
      let usd: string | null = null;
      if (p !== null && meta.decimals !== null) {
        const value = usdOf(delta, meta.decimals, p, priceDecimals) * (liability ? -1n : 1n);
        net += value;
        usd = formatDecimal(value, 6, 6);
      } else netKnown = false;
      return {
        holder: b.holder,
        role: roleOf.get(b.holder) ?? "wallet",
        token: tokenWire(b.token),
        amount_raw: delta.toString(),
        amount: meta.decimals === null ? null : formatDecimal(delta, meta.decimals),
        usd,
        liability,
      };
    });

  const bookContracts = namedContracts(config, chain);
  // the contracts an approval may go to without a warning: what the transactions call, what this deployment names
  const ownContracts = new Set<Address>([
    ...found.steps.map((s) => getAddress(s.to)),
    ...bookContracts,
    getAddress(PERMIT2),
  ]);

  const approvals = simulated.allowances.map((a) => {
    const meta = metaOf(a.token);
    return {
      owner: a.owner,
      role: roleOf.get(a.owner) ?? "wallet",
      token: tokenWire(a.token),
      spender: a.spender,
      kind: a.kind,
      amount_raw: a.amount.toString(),
      amount: meta.decimals === null ? null : formatDecimal(a.amount, meta.decimals),
      unlimited: a.unlimited,
      expiry: a.expiry,
    };
  });

  const warnings: SimulationWire["warnings"] = [];
  for (const a of approvals) {
    if (a.unlimited && a.amount_raw !== "0")
      warnings.push({
        code: "unlimited_approval",
        message: `${a.spender} may take any amount of ${a.token.symbol ?? a.token.address} from ${a.owner}, until the allowance is set back`,
      });
    if (a.amount_raw !== "0" && !ownContracts.has(getAddress(a.spender)))
      warnings.push({
        code: "approval_to_unknown_spender",
        message: `${a.spender} is allowed to take ${a.token.symbol ?? a.token.address}, and is none of the contracts this operation calls or this deployment names: check who it is before signing`,
      });
  }
  found.steps.forEach((s) => {
    if (s.data.length > 2 && simulated.codeSize.get(getAddress(s.to)) === 0 && !s.code?.[s.to])
      warnings.push({
        code: "call_to_address_without_code",
        message: `The transaction calls ${s.to} with data, but no contract is deployed there: nothing would run`,
      });
  });
  for (const h of found.holders)
    if (
      h.role === "account" &&
      simulated.codeSize.get(h.address) === 0 &&
      simulated.balances.some((b) => b.holder === h.address && b.after > b.before)
    )
      warnings.push({
        code: "transfer_to_address_without_code",
        message: `Assets reach ${h.address}, where no account is deployed yet: deploy it (create_account) before relying on them`,
      });

  const outcome: Record<string, string | null> = {};
  for (const p of simulated.probes) {
    if (p.before === null && p.after === null) continue;
    const prefix = found.holders.length > 1 ? `${roleOf.get(p.holder) ?? "wallet"}_` : "";
    outcome[`${prefix}${p.name}_before`] = p.before;
    outcome[`${prefix}${p.name}_after`] = p.after;
    if (p.name === "health_factor" && p.after !== null && Number(p.after) < WARN_HEALTH_FACTOR)
      warnings.push({
        code: "low_health_factor",
        message: `The position of ${p.holder} ends with a health factor of ${Number(p.after).toFixed(4)}, under ${WARN_HEALTH_FACTOR}: a small price move makes it liquidatable`,
      });
  }

  const quoted = spec?.quotedOutput?.(body, result);
  if (quoted) {
    const token = isAddress(quoted.token)
      ? getAddress(quoted.token)
      : (listed.find((t) => t.symbol.toLowerCase() === quoted.token.toLowerCase())?.address ??
        (quoted.token.toUpperCase() === CHAIN_INFO[chain].nativeSymbol ? NATIVE : undefined));
    const meta = token ? metaOf(token) : undefined;
    if (token && meta?.decimals != null) {
      const received = simulated.balances
        .filter((b) => b.token === token && b.after > b.before)
        .reduce((sum, b) => sum + (b.after - b.before), 0n);
      const scale = 10 ** meta.decimals;
      const floor = BigInt(Math.floor(Number(quoted.quoted) * (1 - quoted.slippagePercent / 100) * scale));
      if (received < floor)
        warnings.push({
          code: "output_below_quote",
          message: `${formatDecimal(received, meta.decimals)} ${meta.symbol ?? token} arrives, under the quoted ${quoted.quoted} less ${quoted.slippagePercent}% slippage (${formatDecimal(floor, meta.decimals)})`,
        });
    }
  }

  // the gas of the transactions the signer sends, at each simulated block's base fee and the transaction's tip
  let gasUsed = 0n;
  let fee = 0n;
  let feePayer: string | null = null;
  simulated.gasUsed.forEach((g, i) => {
    gasUsed += g;
    const payer = found.payers[i];
    if (!payer) return;
    const tip = BigInt(payer.tx.maxPriorityFeePerGas);
    const max = BigInt(payer.tx.maxFeePerGas);
    const base = simulated.blocks[i]!.baseFeePerGas;
    const perGas = base + tip < max ? base + tip : max;
    fee += g * perGas;
    feePayer ??= getAddress(payer.tx.from);
  });
  const nativePrice = simulated.prices.get(NATIVE) ?? null;
  const first = simulated.blocks[0]!;
  const wire: SimulationWire = {
    chain,
    block_number: Number(first.number),
    block_timestamp: Number(first.timestamp),
    transactions: found.steps.length,
    asset_changes,
    approvals,
    gas_used: gasUsed.toString(),
    fee:
      feePayer === null
        ? null
        : {
            payer: feePayer,
            native: formatDecimal(fee, 18),
            usd:
              nativePrice === null ? null : formatDecimal(usdOf(fee, 18, nativePrice, priceDecimals), 6, 6),
          },
    net_usd: netKnown ? formatDecimal(net, 6, 6) : null,
    outcome,
    warnings,
    settles_later: spec?.settlesLater !== undefined,
    settles_later_note: spec?.settlesLater ?? null,
  };
  return { wire, simulated };
}
