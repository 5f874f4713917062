import { type Address, erc20Abi, formatUnits, getAddress, type Log, type PublicClient } from "viem";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import { blockTimes, TRANSFER_EVENT } from "../../kernel/chain/logs.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { formatDecimal } from "../../kernel/lib/format.ts";
import { SAFE } from "./safe.ts";

/** A token to list even before the account has touched it (USDC), with what is known of it. */
export interface ListedToken {
  address: Address;
  symbol: string;
  decimals: number;
}

export interface TokenTransferView {
  from_address: string;
  to_address: string;
  amount: string;
  amount_formatted: string;
  block_number: number;
  block_timestamp: string;
  transaction_hash: string;
  direction: "in" | "out";
}

/** TokenBalance (spec product-accounts §2). */
export interface TokenBalanceView {
  token_address: string;
  token_symbol: string;
  token_decimals: number;
  balance: string;
  balance_formatted: string;
  usd_value: string | null;
  transfers: TokenTransferView[];
}

export interface AccountBalancesInput {
  client: PublicClient;
  logs: LogReader;
  account: Address;
  /** always listed, in this order (zero balances included) */
  listed: ListedToken[];
  /** USD per whole token with 18 decimals, or null when unpriced (read with the balances, in one batch) */
  price: (token: Address) => Promise<bigint | null> | bigint | null;
}

/** A decoded ERC-20 Transfer log. */
export type TransferLog = Log<bigint, number, false> & {
  args: { from: Address; to: Address; value: bigint };
};

const iso = (t: number) => new Date(t * 1000).toISOString();

/** Balances are keyed by symbol; a symbol two of the account's tokens share is keyed `SYMBOL (0xAddress)`. */
export const tokenBalanceKey = (token: ListedToken, clash: boolean) =>
  clash ? `${token.symbol} (${token.address})` : token.symbol;

/**
 * One TokenBalance (spec product-accounts §2): `balance` raw units of `token` worth `usd` (18 decimals, null when
 * unpriced), with every transfer of it among `logs` to or from `account` (`times`: block number → unix seconds).
 */
export function tokenBalanceView(
  account: Address,
  token: ListedToken,
  balance: bigint,
  usd: bigint | null,
  logs: TransferLog[],
  times: Map<bigint, number>,
): TokenBalanceView {
  return {
    token_address: token.address,
    token_symbol: token.symbol,
    token_decimals: token.decimals,
    balance: balance.toString(),
    balance_formatted: formatUnits(balance, token.decimals),
    usd_value: usd === null ? null : formatDecimal(usd, 18, 2),
    transfers: logs
      .filter((l) => l.address.toLowerCase() === token.address.toLowerCase())
      .map((l) => ({
        from_address: getAddress(l.args.from),
        to_address: getAddress(l.args.to),
        amount: l.args.value.toString(),
        amount_formatted: formatUnits(l.args.value, token.decimals),
        block_number: Number(l.blockNumber),
        block_timestamp: iso(times.get(l.blockNumber!)!),
        transaction_hash: l.transactionHash,
        direction: l.args.to.toLowerCase() === account.toLowerCase() ? "in" : "out",
      })),
  };
}

/**
 * Every token a product account holds or ever held, with its full transfer history (spec product-accounts
 * §2): the account's Transfer events of any contract — read in bounded pages from the Safe factory's
 * deployment, before which no account address could have been known — then balance, symbol and decimals
 * of each token in one batched eth_call.
 */
export async function readAccountBalances(input: AccountBalancesInput) {
  const { client, account } = input;
  const fromBlock = await input.logs.deploymentBlock(client, SAFE.proxyFactory);
  const [incoming, outgoing] = (await Promise.all([
    input.logs.getLogs(client, { event: TRANSFER_EVENT, args: { to: account }, fromBlock }),
    input.logs.getLogs(client, { event: TRANSFER_EVENT, args: { from: account }, fromBlock }),
  ])) as TransferLog[][];
  const seen = new Set<string>();
  const logs = [...incoming, ...outgoing]
    .filter((l) => {
      const key = `${l.transactionHash}:${l.logIndex}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => Number(a.blockNumber! - b.blockNumber!) || a.logIndex! - b.logIndex!);

  const addresses = [...input.listed.map((t) => t.address)];
  for (const l of logs)
    if (!addresses.some((a) => a.toLowerCase() === l.address.toLowerCase()))
      addresses.push(getAddress(l.address));
  const known = new Map(input.listed.map((t) => [t.address.toLowerCase(), t]));
  const read = (address: Address, functionName: "balanceOf" | "symbol" | "decimals") =>
    client.readContract({
      blockTag: NEXT_BLOCK,
      address,
      abi: erc20Abi,
      functionName,
      ...(functionName === "balanceOf" ? { args: [account] } : {}),
    } as Parameters<PublicClient["readContract"]>[0]) as Promise<unknown>;
  const [rows, times] = await Promise.all([
    Promise.all(
      addresses.map(async (address) => {
        const listed = known.get(address.toLowerCase());
        const [balance, symbol, decimals, price] = await Promise.allSettled([
          read(address, "balanceOf"),
          listed ? listed.symbol : read(address, "symbol"),
          listed ? listed.decimals : read(address, "decimals"),
          input.price(address),
        ]);
        return {
          address,
          price: price.status === "fulfilled" ? price.value : null,
          balance: balance.status === "fulfilled" ? (balance.value as bigint) : 0n,
          symbol: symbol.status === "fulfilled" ? String(symbol.value) : "UNKNOWN",
          decimals: decimals.status === "fulfilled" ? Number(decimals.value) : 0,
          // a contract that is no ERC-20 (an NFT emitting Transfer) is not a balance
          erc20: balance.status === "fulfilled" && decimals.status === "fulfilled",
        };
      }),
    ),
    blockTimes(client, logs),
  ]);

  const tokens = rows.filter((r) => r.erc20);
  const balances: Record<string, TokenBalanceView> = {};
  let total = 0n;
  let priced = false;
  for (const t of tokens) {
    const clash = tokens.filter((o) => o.symbol === t.symbol).length > 1;
    const price = t.price;
    const usd = price === null ? null : (t.balance * price) / 10n ** BigInt(t.decimals);
    if (usd !== null) {
      total += usd;
      priced = true;
    }
    balances[tokenBalanceKey(t, clash)] = tokenBalanceView(account, t, t.balance, usd, logs, times);
  }
  return { balances, total_usd_value: priced ? formatDecimal(total, 18, 2) : null };
}
