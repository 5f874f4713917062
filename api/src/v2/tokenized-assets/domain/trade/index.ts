import type { Address } from "viem";
import { prefetchTxFields } from "../../../../kernel/chain/transaction.ts";
import { DomainError } from "../../../../kernel/errors.ts";
import { toRawAmount } from "../../../../kernel/lib/amounts.ts";
import type { ChainName } from "../../../../kernel/schemas/common.ts";
import { productAccountAddress } from "../../../../product-accounts/index.ts";
import type { TokenizedAssetsContext } from "../ports.ts";
import { resolveToken } from "../tokens.ts";
import { centrifugeTrade } from "./centrifuge-trade.ts";
import type { TradeResult } from "./context.ts";
import { fundTrade } from "./fund-trade.ts";
import { midasTrade } from "./midas-trade.ts";
import { type FeeRequest, parseSlippage, type Side } from "./request.ts";
import { vaultTrade } from "./vault-trade.ts";

export interface TradeBody {
  token_in: string;
  token_out: string;
  amount_in: string;
  slippage?: string;
  owner: Address;
  chain: ChainName;
  gas_sponsorship: boolean;
  fee?: FeeRequest | null;
}

/**
 * POST /transact/buy and /sell: resolve and check the request, then build the trade in the owner's
 * Tokenized Assets Account through the asset's flow — Midas's deposit and redemption vaults, a Centrifuge ERC-7540 vault, an async fund order, or a managed
 * vault's deposit or redemption request.
 */
export async function transact(
  side: Side,
  body: TradeBody,
  ctx: TokenizedAssetsContext,
): Promise<TradeResult> {
  const client = ctx.services.chains.get(body.chain, ["body", "chain"]);
  const tokenIn = resolveToken(ctx.config, body.chain, body.token_in, ["body", "token_in"]);
  const tokenOut = resolveToken(ctx.config, body.chain, body.token_out, ["body", "token_out"]);
  const [usdc, asset] = side === "buy" ? [tokenIn, tokenOut] : [tokenOut, tokenIn];
  if (usdc.asset || !asset.asset) {
    const other = side === "buy" ? "sell" : "buy";
    throw new DomainError(
      422,
      "Wrong trade flow",
      side === "buy"
        ? `token_in: a buy pays USDC for a listed asset (got ${tokenIn.symbol} → ${tokenOut.symbol}); use /transact/${other} to sell`
        : `token_out: a sell pays out USDC for a listed asset (got ${tokenIn.symbol} → ${tokenOut.symbol}); use /transact/${other} to buy`,
    );
  }
  if (asset.asset.flow === "intent")
    throw new DomainError(
      422,
      "Wrong trade flow",
      `${side === "buy" ? "token_out" : "token_in"}: ${asset.symbol} is a tokenized equity, traded by signed intent orders: POST /v2/tokenized_assets/quote, /order, then /order/submit`,
    );
  if (side === "buy" && body.fee)
    throw new DomainError(
      422,
      "Validation error",
      "fee: a partner fee applies to sells only (taken from the USDC proceeds)",
    );
  const account = productAccountAddress(body.owner, "tokenized_assets");
  const trade = {
    ctx,
    side,
    chain: body.chain,
    client,
    owner: body.owner,
    account,
    asset,
    usdc,
    amountIn: toRawAmount(body.amount_in, tokenIn.decimals, ["body", "amount_in"], tokenIn.symbol),
    slippage: parseSlippage(body.slippage),
    sponsored: body.gas_sponsorship,
    fee: body.fee ?? null,
    fields: body.gas_sponsorship ? undefined : prefetchTxFields(client, body.chain, body.owner),
  };
  const flow = asset.asset.flow;
  if (flow === "primary") return fundTrade(trade);
  if (flow === "vault") return vaultTrade(trade);
  return asset.asset.provider === "centrifuge" ? centrifugeTrade(trade) : midasTrade(trade);
}
