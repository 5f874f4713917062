import { type Address, erc20Abi, formatUnits, getAddress, type PublicClient } from "viem";
import { readBlockAt } from "../../../kernel/chain/block-at.ts";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import type { Erc20 } from "../../../kernel/chain/erc20.ts";
import type { Context } from "../../../kernel/context.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  claimableInterest,
  impliedApyPercent,
  type PendleMarket,
  readPendleMarket,
  readPendleState,
  readYieldToken,
} from "../../../protocols/pendle/index.ts";
import { iso, pendleOn } from "./reads.ts";

async function erc20Data(client: PublicClient, address: Address, blockNumber: bigint) {
  const read = (functionName: "symbol" | "name" | "decimals") =>
    client.readContract({ address, abi: erc20Abi, functionName, blockNumber });
  const [symbol, name, decimals] = await Promise.all([read("symbol"), read("name"), read("decimals")]);
  return { address, symbol: String(symbol), name: String(name), decimals: Number(decimals) };
}

/**
 * A market as it stood at `block` (or the head): its implied APY, maturity, tokens and, for `user_address`, the
 * wallet's SY, PT, YT, LP, underlying and asset balances and the YT yield it could claim then (the YT's own
 * `redeemDueInterestAndRewards` simulated for it at that block). A block before the market existed is a 422.
 */
export async function marketAt(
  ctx: Context,
  query: { chain: ChainName; market_address: string; block?: number; user_address?: string | null },
) {
  const { chain } = query;
  const { client, pendle } = pendleOn(ctx, chain, "query");
  const market = await readPendleMarket(client, chain, pendle, query.market_address, [
    "query",
    "market_address",
  ]);
  const at = await readBlockAt(client, chain, query.block, {
    since: { logs: ctx.services.chains.logs, address: market.address, what: "This Pendle market" },
  });
  const blockNumber = at.number;
  try {
    const yieldToken = await readYieldToken(client, market, blockNumber);
    const [state, underlying, sy, pt, yt, asset] = await Promise.all([
      readPendleState(client, pendle, market, blockNumber),
      erc20Data(client, yieldToken, blockNumber),
      erc20Data(client, market.sy.address, blockNumber),
      erc20Data(client, market.pt.address, blockNumber),
      erc20Data(client, market.yt, blockNumber),
      erc20Data(client, market.asset.address, blockNumber),
    ]);
    const user = query.user_address ? getAddress(query.user_address) : null;
    return {
      market_address: market.address,
      implied_apy: String(impliedApyPercent(state) ?? 0),
      maturity_date: iso(market.expiry),
      tokens: { underlying_token: underlying, sy, pt, yt, accounting_asset: asset },
      user_position: user
        ? await userPositionAt(client, market, { underlying, sy, pt, yt, asset }, user, blockNumber)
        : null,
    };
  } catch (error) {
    return rethrowRpc(chain, error, { blockLoc: ["query", "block"], block: query.block });
  }
}

type Tokens = Record<"underlying" | "sy" | "pt" | "yt" | "asset", Erc20>;

async function userPositionAt(
  client: PublicClient,
  market: PendleMarket,
  tokens: Tokens,
  user: Address,
  blockNumber: bigint,
) {
  const balance = (token: Erc20) =>
    client
      .readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [user],
        blockNumber,
      })
      .then((raw) => formatUnits(raw, token.decimals));
  const [sy, pt, yt, lp, underlying, asset, claimable] = await Promise.all([
    balance(tokens.sy),
    balance(tokens.pt),
    balance(tokens.yt),
    client
      .readContract({
        address: market.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [user],
        blockNumber,
      })
      .then((raw) => formatUnits(raw, 18)),
    balance(tokens.underlying),
    balance(tokens.asset),
    claimableInterest(client, market.yt, user, blockNumber),
  ]);
  return {
    claimable_yield: formatUnits(claimable, tokens.sy.decimals),
    sy_balance: sy,
    pt_balance: pt,
    yt_balance: yt,
    lp_balance: lp,
    underlying_token_balance: underlying,
    accounting_asset_balance: asset,
  };
}
