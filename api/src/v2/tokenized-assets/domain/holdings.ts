import { type Address, erc20Abi, type Log } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { blockTimes, transfersOf } from "../../../kernel/chain/logs.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { parseDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { productAccountAddress } from "../../../product-accounts/index.ts";
import { centrifugeVault } from "../../../protocols/centrifuge/index.ts";
import { midasContracts } from "../../../protocols/midas/index.ts";
import { equityPrices } from "./equity/markets.ts";
import type { IssuerFund, IssuerOrder } from "./issuer-port.ts";
import { venueSnapshot } from "./markets.ts";
import type { TokenizedAssetsContext } from "./ports.ts";
import { type KnownToken, knownTokens } from "./tokens.ts";

export type TransferLog = Log<bigint, number, false> & {
  args: { from: Address; to: Address; value: bigint };
};

/** Everything balances and positions are derived from, read live (nothing is stored by the API). */
export interface Holdings {
  chain: ChainName;
  account: Address;
  tokens: KnownToken[];
  /** raw balance per token address */
  balances: Map<Address, bigint>;
  /** USD per whole token, 18 decimals, per token address (USDC = 1) */
  prices: Map<Address, bigint>;
  /** the account's transfers of every known token, in chain order */
  logs: TransferLog[];
  times: Map<bigint, number>;
  /** fund orders of the account at the issuer (primary-market assets on this chain) */
  orders: IssuerOrder[];
  funds: IssuerFund[];
  /** lower-case addresses that take assets into escrow for a redemption request (Midas, Centrifuge vaults) */
  escrows: Set<string>;
}

const ONE = 10n ** 18n;

/**
 * Balances (with venue prices, in the same batched eth_call), the account's transfer history (two
 * eth_getLogs) and, where the chain lists a fund, its orders and NAV from the issuer.
 */
export async function readHoldings(
  ctx: TokenizedAssetsContext,
  chain: ChainName,
  owner: Address,
): Promise<Holdings> {
  const client = ctx.services.chains.get(chain);
  const account = productAccountAddress(owner, "tokenized_assets");
  const tokens = knownTokens(ctx.config, chain);
  const funds = tokens.filter((t) => t.asset?.flow === "primary");
  const equities = tokens.filter((t) => t.asset?.flow === "intent");
  const [balances, snapshot, logs, issuer, equityPriced] = await Promise.all([
    Promise.all(
      tokens.map((t) =>
        client.readContract({
          blockTag: NEXT_BLOCK,
          address: t.address,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [account],
        }),
      ),
    ),
    venueSnapshot(ctx, chain),
    transfersOf(
      ctx.services.chains.logs,
      client,
      tokens.map((t) => t.address),
      account,
    ),
    Promise.all([
      funds.length ? ctx.services.issuer.orders(account) : Promise.resolve([]),
      Promise.all(funds.map((f) => ctx.services.issuer.fund(f.symbol))),
    ]),
    // equities unpriced (not failed) when their order relay cannot be reached
    equityPrices(ctx, equities).catch(() => new Map<string, bigint>()),
  ]).catch((error) => rethrowRpc(chain, error));
  const prices = new Map<Address, bigint>();
  for (const t of tokens) if (!t.asset) prices.set(t.address, ONE);
  for (const m of snapshot?.markets ?? []) prices.set(m.token.address, m.price);
  for (const [i, f] of issuer[1].entries()) prices.set(funds[i]!.address, parseDecimal(f.nav.per_share, 18));
  for (const [address, price] of equityPriced) prices.set(address as Address, price);
  return {
    chain,
    account,
    tokens,
    balances: new Map(tokens.map((t, i) => [t.address, balances[i]!])),
    prices,
    logs: logs as TransferLog[],
    times: await blockTimes(client, logs).catch((error) => rethrowRpc(chain, error)),
    orders: issuer[0],
    escrows: new Set(
      tokens.flatMap((t) =>
        [
          midasContracts(ctx.config, chain, t.symbol).redemptionVault,
          centrifugeVault(ctx.config, chain, t.symbol),
        ]
          .filter((a): a is Address => !!a)
          .map((a) => a.toLowerCase()),
      ),
    ),
    funds: issuer[1],
  };
}

/** USD value (18 decimals) of `raw` units of `token`, or null when unpriced. */
export function usdValue(h: Holdings, token: KnownToken, raw: bigint): bigint | null {
  const price = h.prices.get(token.address);
  return price === undefined ? null : (raw * price) / 10n ** BigInt(token.decimals);
}
