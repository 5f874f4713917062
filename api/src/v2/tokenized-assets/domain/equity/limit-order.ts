import {
  buildOrderTypedData,
  getOrderHash,
  LimitOrder,
  type LimitOrderV4Struct,
  MakerTraits,
  Address as OneInchAddress,
} from "@1inch/limit-order-sdk";
import { LIMIT_ORDER_PROTOCOL_DOMAIN } from "@compass/constants";
import type { Address, Hex } from "viem";
import type { TypedDataPayload } from "../../../../product-accounts/index.ts";

/** How long an order stays fillable after it is built, seconds. */
export const ORDER_TTL_SECONDS = 3_600;
const BPS = 10_000n;

export interface OrderInput {
  maker: Address;
  makerAsset: Address;
  takerAsset: Address;
  makingAmount: bigint;
  /** the auction's start amount (the relay's reference output) */
  auctionStartAmount: bigint;
  slippageBps: number;
  /** chain time the order is built at, unix seconds */
  now: number;
}

export interface BuiltOrder {
  struct: LimitOrderV4Struct;
  extension: Hex;
  hash: Hex;
  takingAmount: bigint;
  expiration: number;
}

/** The least the maker accepts: the auction's start amount less the slippage. */
export function minimumTaking(auctionStartAmount: bigint, slippageBps: number): bigint {
  return (auctionStartAmount * (BPS - BigInt(slippageBps))) / BPS;
}

/** The auction range in basis points: how far its end lies below its start. */
export function auctionRangeBps(start: bigint, end: bigint): number {
  if (start <= 0n || end >= start) return 0;
  return Number(((start - end) * BPS + start - 1n) / start);
}

/** The slippage to recommend: the auction range plus a buffer of 50 bps, at most 5000. */
export function recommendedSlippageBps(rangeBps: number): number {
  return Math.min(5_000, rangeBps + 50);
}

/**
 * A 1inch Limit Order Protocol v4 order built with 1inch's SDK: the product account sells `makingAmount` of
 * `makerAsset` for at least the slippage-bounded amount of `takerAsset`, fillable in parts by any taker (the
 * relay's market makers fill it in auction steps) until it expires. Hashed for the standalone protocol's
 * EIP-712 domain on `chainId`.
 */
export function buildLimitOrder(input: OrderInput, chainId: number, protocol: Address): BuiltOrder {
  const takingAmount = minimumTaking(input.auctionStartAmount, input.slippageBps);
  const expiration = input.now + ORDER_TTL_SECONDS;
  const traits = MakerTraits.default()
    .allowPartialFills()
    .allowMultipleFills()
    .withExpiration(BigInt(expiration));
  const order = new LimitOrder(
    {
      maker: new OneInchAddress(input.maker),
      makerAsset: new OneInchAddress(input.makerAsset),
      takerAsset: new OneInchAddress(input.takerAsset),
      makingAmount: input.makingAmount,
      takingAmount,
    },
    traits,
  );
  const struct = order.build();
  return {
    struct,
    extension: order.extension.encode() as Hex,
    hash: orderHash(struct, chainId, protocol),
    takingAmount,
    expiration,
  };
}

export function orderHash(struct: LimitOrderV4Struct, chainId: number, protocol: Address): Hex {
  const typed = buildOrderTypedData(
    chainId,
    protocol,
    LIMIT_ORDER_PROTOCOL_DOMAIN.name,
    LIMIT_ORDER_PROTOCOL_DOMAIN.version,
    struct,
  );
  return getOrderHash(typed) as Hex;
}

/** The order's expiration (makerTraits bits 80–119), unix seconds; null when it never expires. */
export function orderExpiration(makerTraits: string): number | null {
  const value = new MakerTraits(BigInt(makerTraits)).expiration();
  return value === null ? null : Number(value);
}

/**
 * The SafeMessage the owner signs with eth_signTypedData_v4 so that the account validates the order hash under
 * ERC-1271 (Safe's CompatibilityFallbackHandler `isValidSignature(bytes32, bytes)`): `message` is the hash.
 */
export function safeMessageTypedData(account: Address, chainId: number, hash: Hex): TypedDataPayload {
  return {
    domain: { chainId, verifyingContract: account },
    types: {
      EIP712Domain: [
        { name: "chainId", type: "uint256" },
        { name: "verifyingContract", type: "address" },
      ],
      SafeMessage: [{ name: "message", type: "bytes" }],
    },
    primaryType: "SafeMessage",
    message: { message: hash },
  };
}
