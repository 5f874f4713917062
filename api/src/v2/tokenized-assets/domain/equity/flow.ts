import { MULTICALL3 } from "@compass/constants";
import { type Address, encodeFunctionData, erc20Abi, formatUnits, maxUint256 } from "viem";
import { rethrowRpc } from "../../../../kernel/chain/clients.ts";
import { multicall3Abi } from "../../../../kernel/chain/multicall.ts";
import { NEXT_BLOCK } from "../../../../kernel/chain/next-block.ts";
import { DomainError, fieldError } from "../../../../kernel/errors.ts";
import { toRawAmount } from "../../../../kernel/lib/amounts.ts";
import {
  buildAccountAction,
  PRODUCT_LABEL,
  productAccountAddress,
  readAccountState,
  type TypedDataPayload,
} from "../../../../product-accounts/index.ts";
import type { TokenizedAssetsContext } from "../ports.ts";
import type { RelayOrderStruct, RelayQuote } from "../relay-port.ts";
import { requireBalance } from "../trade/checks.ts";
import {
  auctionRangeBps,
  buildLimitOrder,
  orderHash,
  recommendedSlippageBps,
  safeMessageTypedData,
} from "./limit-order.ts";
import {
  EQUITY_CHAIN,
  EQUITY_CHAIN_ID,
  type EquityPair,
  limitOrderProtocol,
  requireMarketOpen,
  resolvePair,
  usdValue,
} from "./pair.ts";

export interface QuoteBody {
  from_token: string;
  to_token: string;
  amount: string;
  owner: Address;
}

interface TokenAmount {
  symbol: string;
  contract_address: string;
  amount: string;
  amount_usd: string | null;
}

export interface EquityQuote {
  input: TokenAmount;
  output: TokenAmount;
  fee: { amount_usd: string | null; bps: number | null };
  est_fill_seconds: number;
}

interface Prepared {
  pair: EquityPair;
  account: Address;
  amount: bigint;
  deployed: boolean;
  nonce: bigint;
  balance: bigint;
  allowance: bigint;
  now: number;
  protocol: Address;
  relay: RelayQuote;
}

/** The reads and the relay's quote an equity quote or order starts from (one batched eth_call, then the relay). */
async function prepare(ctx: TokenizedAssetsContext, body: QuoteBody): Promise<Prepared> {
  // the amount is checked before the tokens, so a bad amount is named as such whatever the pair
  if (!/^\d+(\.\d+)?$/.test(body.amount.trim()) || !/[1-9]/.test(body.amount))
    throw fieldError(
      ["body", "amount"],
      `must be a positive decimal number of from_token (got '${body.amount}')`,
    );
  const pair = resolvePair(ctx.config, body.from_token, body.to_token);
  const amount = toRawAmount(body.amount, pair.from.decimals, ["body", "amount"], pair.from.symbol);
  const protocol = limitOrderProtocol(ctx.config);
  const account = productAccountAddress(body.owner, "tokenized_assets");
  const client = ctx.services.chains.get(EQUITY_CHAIN);
  const [state, balance, allowance, now] = await Promise.all([
    readAccountState(client, account),
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: pair.from.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [account],
    }),
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: pair.from.address,
      abi: erc20Abi,
      functionName: "allowance",
      args: [account, protocol],
    }),
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: MULTICALL3,
      abi: multicall3Abi,
      functionName: "getCurrentBlockTimestamp",
    }),
  ]).catch((error) => rethrowRpc(EQUITY_CHAIN, error));
  if (!state.deployed)
    throw new DomainError(
      409,
      "Account not deployed",
      `owner: the ${PRODUCT_LABEL.tokenized_assets} ${account} is not deployed on ${EQUITY_CHAIN}; call POST /v2/tokenized_assets/create_account, then transfer USDC into it`,
    );
  requireMarketOpen(Number(now));
  const relay = await ctx.services.equityRelay.quote({
    fromTokenAddress: pair.from.address,
    toTokenAddress: pair.to.address,
    amount,
    walletAddress: account,
  });
  return {
    pair,
    account,
    amount,
    deployed: state.deployed,
    nonce: state.nonce,
    balance,
    allowance,
    now: Number(now),
    protocol,
    relay,
  };
}

function quoteOf(p: Prepared): { quote: EquityQuote; rangeBps: number } {
  const { pair, relay } = p;
  const start = BigInt(relay.presets.fast.auctionStartAmount);
  const end = BigInt(relay.presets.fast.auctionEndAmount);
  const price = (t: { address: string }) =>
    Object.entries(relay.prices.usd).find(([a]) => a.toLowerCase() === t.address.toLowerCase())?.[1];
  const inputUsd = usdValue(p.amount, pair.from, price(pair.from));
  const bps = relay.fee?.bps ?? null;
  const feeUsd = inputUsd !== null && bps !== null ? ((Number(inputUsd) * bps) / 10_000).toFixed(2) : null;
  const amount = (raw: bigint, t: EquityPair["from"]): TokenAmount => ({
    symbol: t.symbol,
    contract_address: t.address,
    amount: formatUnits(raw, t.decimals),
    amount_usd: usdValue(raw, t, price(t)),
  });
  return {
    quote: {
      input: { ...amount(p.amount, pair.from), amount_usd: inputUsd },
      output: amount(start, pair.to),
      fee: { amount_usd: feeUsd, bps },
      est_fill_seconds: relay.presets.fast.startAuctionIn + relay.presets.fast.auctionDuration,
    },
    rangeBps: auctionRangeBps(start, end),
  };
}

/** POST /quote: a preview priced by the relay (its quote id is not handed out). */
export async function equityQuote(ctx: TokenizedAssetsContext, body: QuoteBody) {
  const p = await prepare(ctx, body);
  const { quote, rangeBps } = quoteOf(p);
  return { quote, recommended_slippage_bps: recommendedSlippageBps(rangeBps), auction_range_bps: rangeBps };
}

/**
 * POST /order: a fresh relay quote, the limit order built on it (maker = the account, at least the auction's
 * start amount less `slippage_bps`), the SafeMessage the owner signs, and the approval of the protocol when the
 * allowance is short (a simulated SafeTx). A slippage below the auction range could never fill: 422 saying what
 * to raise it to.
 */
export async function equityOrder(ctx: TokenizedAssetsContext, body: QuoteBody & { slippage_bps: number }) {
  const p = await prepare(ctx, body);
  requireBalance(p.balance, p.amount, p.pair.from);
  const { quote, rangeBps } = quoteOf(p);
  if (body.slippage_bps < rangeBps)
    throw new DomainError(
      422,
      "Slippage too low",
      `slippage_bps: ${body.slippage_bps} is below the relay's auction range (${rangeBps} bps), so no market maker would fill the order; raise slippage_bps to at least ${rangeBps} (recommended ${recommendedSlippageBps(rangeBps)})`,
    );
  const built = buildLimitOrder(
    {
      maker: p.account,
      makerAsset: p.pair.from.address,
      takerAsset: p.pair.to.address,
      makingAmount: p.amount,
      auctionStartAmount: BigInt(p.relay.presets.fast.auctionStartAmount),
      slippageBps: body.slippage_bps,
      now: p.now,
    },
    EQUITY_CHAIN_ID,
    p.protocol,
  );
  let approval: TypedDataPayload | null = null;
  if (p.allowance < p.amount) {
    const action = await buildAccountAction({
      client: ctx.services.chains.get(EQUITY_CHAIN),
      chain: EQUITY_CHAIN,
      owner: body.owner,
      account: p.account,
      calls: [
        {
          to: p.pair.from.address,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: "approve",
            args: [p.protocol, maxUint256],
          }),
        },
      ],
      nonce: p.nonce,
      sponsored: true,
      abis: [erc20Abi],
    });
    approval = action.eip_712;
  }
  return {
    quote,
    approval_safe_tx_eip712: approval,
    order: {
      order_hash: built.hash,
      extension: built.extension,
      quote_id: p.relay.quoteId,
      order_message: built.struct,
      safe_message_eip712: safeMessageTypedData(p.account, EQUITY_CHAIN_ID, built.hash),
    },
  };
}

export interface SubmitBody {
  signed_order: RelayOrderStruct;
  signature: string;
  extension: string;
  quote_id: string;
  order_hash?: string | null;
}

/** POST /order/submit: the signed order to the relay, under the hash this API computes from it. */
export async function submitEquityOrder(ctx: TokenizedAssetsContext, body: SubmitBody) {
  const protocol = limitOrderProtocol(ctx.config);
  const order = body.signed_order;
  const hash = orderHash(order, EQUITY_CHAIN_ID, protocol);
  if (body.order_hash && body.order_hash.toLowerCase() !== hash.toLowerCase())
    throw new DomainError(
      422,
      "Order hash mismatch",
      `order_hash: ${body.order_hash} is not the hash of signed_order (${hash}); pass order.order_message back verbatim`,
    );
  await ctx.services.equityRelay.submit({
    order,
    signature: body.signature,
    quoteId: body.quote_id,
    extension: body.extension,
  });
  return { order_hash: hash, submitted_at: new Date().toISOString() };
}
