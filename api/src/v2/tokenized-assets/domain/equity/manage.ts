import { limitOrderProtocolAbi } from "@compass/constants";
import { type Address, encodeFunctionData, erc20Abi, formatUnits, getAddress, type Hex } from "viem";
import { prefetchTxFields } from "../../../../kernel/chain/transaction.ts";
import { DomainError } from "../../../../kernel/errors.ts";
import {
  buildAccountAction,
  productAccountAddress,
  readAccountState,
} from "../../../../product-accounts/index.ts";
import type { TokenizedAssetsContext } from "../ports.ts";
import type { RelayOrderStatus } from "../relay-port.ts";
import { knownTokens, usdcToken } from "../tokens.ts";
import { type FeeRequest, feeAmount } from "../trade/request.ts";
import { EQUITY_CHAIN, limitOrderProtocol } from "./pair.ts";

export type OrderStatusValue = "pending" | "filled" | "expired" | "cancelled";

/** The relay's states folded into the spec's four (partially filled is still pending). */
export function foldStatus(status: RelayOrderStatus["status"]): OrderStatusValue {
  return status === "partially-filled" ? "pending" : status;
}

const sum = (values: string[]) => values.reduce((s, v) => s + BigInt(v), 0n);

/**
 * The status of an order in the spec's shape: the latest fill's transaction, what was filled (raw, in the input
 * token's decimals) and the average price in USD per equity share over the fills.
 */
export function orderStatusView(ctx: TokenizedAssetsContext, relay: RelayOrderStatus, now: Date) {
  const tokens = knownTokens(ctx.config, EQUITY_CHAIN);
  const find = (address: string) => tokens.find((t) => t.address.toLowerCase() === address.toLowerCase());
  const making = find(relay.order.makerAsset);
  const taking = find(relay.order.takerAsset);
  const filledIn = sum(relay.fills.map((f) => f.filledMakerAmount));
  const filledOut = sum(relay.fills.map((f) => f.filledAuctionTakerAmount));
  let price: string | null = null;
  if (filledIn > 0n && filledOut > 0n && making && taking) {
    // USDC per share, whichever side the USDC is on
    const [usdc, shares, shareDecimals] = making.asset
      ? [filledOut, filledIn, making.decimals]
      : [filledIn, filledOut, taking.decimals];
    price = formatUnits((usdc * 10n ** BigInt(shareDecimals) * 10n ** 12n) / shares, 18).replace(
      /(\.\d{1,6})\d*$/,
      "$1",
    );
  }
  return {
    order_hash: relay.orderHash,
    status: foldStatus(relay.status),
    fill_tx_hash: relay.fills.at(-1)?.txHash ?? null,
    fill_price_usd: price,
    filled_amount: relay.fills.length ? filledIn.toString() : null,
    submitted_at: new Date(relay.createdAt).toISOString(),
    updated_at: now.toISOString(),
  };
}

export async function equityOrderStatus(ctx: TokenizedAssetsContext, hash: string) {
  return orderStatusView(ctx, await ctx.services.equityRelay.status(hash.toLowerCase()), new Date());
}

async function ownOrder(ctx: TokenizedAssetsContext, hash: string, owner: Address) {
  const relay = await ctx.services.equityRelay.status(hash.toLowerCase());
  const account = productAccountAddress(owner, "tokenized_assets");
  if (getAddress(relay.order.maker) !== account)
    throw new DomainError(
      403,
      "Not the order's maker",
      `owner: the order was made by ${getAddress(relay.order.maker)}, not by this owner's account ${account}`,
    );
  return { relay, account };
}

/**
 * POST /order/{hash}/cancel: the SafeTx that has the account cancel its order on the protocol
 * (`cancelOrder(makerTraits, orderHash)`), simulated; the relay sees the cancellation on chain and stops.
 */
export async function cancelEquityOrder(ctx: TokenizedAssetsContext, hash: string, owner: Address) {
  const { relay, account } = await ownOrder(ctx, hash, owner);
  const status = foldStatus(relay.status);
  if (status !== "pending" && status !== "expired")
    throw new DomainError(
      409,
      "Order not cancellable",
      `order_hash: the order is ${status}; only pending or expired orders can be cancelled`,
    );
  const protocol = limitOrderProtocol(ctx.config);
  const client = ctx.services.chains.get(EQUITY_CHAIN);
  const state = await readAccountState(client, account);
  const action = await buildAccountAction({
    client,
    chain: EQUITY_CHAIN,
    owner,
    account,
    calls: [
      {
        to: protocol,
        data: encodeFunctionData({
          abi: limitOrderProtocolAbi,
          functionName: "cancelOrder",
          args: [BigInt(relay.order.makerTraits), relay.orderHash as Hex],
        }),
      },
    ],
    nonce: state.nonce,
    sponsored: true,
    abis: [limitOrderProtocolAbi],
  });
  return { cancel_safe_tx_eip712: action.eip_712! };
}

/**
 * POST /order/{hash}/charge_fee: a partner fee on a filled sell's USDC proceeds, as a USDC transfer from the
 * account (the fill happened off the API, so the fee cannot ride in it).
 */
export async function chargeEquityFee(
  ctx: TokenizedAssetsContext,
  hash: string,
  body: { owner: Address; fee: FeeRequest; gas_sponsorship: boolean },
) {
  const { relay, account } = await ownOrder(ctx, hash, body.owner);
  const usdc = usdcToken(EQUITY_CHAIN)!;
  if (getAddress(relay.order.takerAsset) !== usdc.address)
    throw new DomainError(
      422,
      "Not a sell",
      "order_hash: a partner fee applies to a sell's USDC proceeds; this order buys",
    );
  if (relay.status !== "filled")
    throw new DomainError(
      422,
      "Order not filled",
      `order_hash: the order is ${foldStatus(relay.status)}; charge the fee once it is filled`,
    );
  const proceeds = sum(relay.fills.map((f) => f.filledAuctionTakerAmount));
  const fee = feeAmount(body.fee, proceeds);
  if (fee > proceeds)
    throw new DomainError(
      422,
      "Validation error",
      `fee.amount: ${formatUnits(fee, 6)} USDC exceeds the proceeds (${formatUnits(proceeds, 6)} USDC)`,
    );
  const client = ctx.services.chains.get(EQUITY_CHAIN);
  const fields = body.gas_sponsorship ? undefined : prefetchTxFields(client, EQUITY_CHAIN, body.owner);
  const state = await readAccountState(client, account);
  const action = await buildAccountAction({
    client,
    chain: EQUITY_CHAIN,
    owner: body.owner,
    account,
    calls: [
      {
        to: usdc.address,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [body.fee.recipient, fee],
        }),
      },
    ],
    nonce: state.nonce,
    sponsored: body.gas_sponsorship,
    fields,
    abis: [erc20Abi],
  });
  return { ...action, fee_amount: formatUnits(fee, 6), proceeds: formatUnits(proceeds, 6) };
}
