import {
  ApproveBuilderFeeRequest,
  ApproveBuilderFeeTypes,
  CancelByCloidRequest,
  CancelRequest,
  OrderRequest,
  UpdateLeverageRequest,
  UserSetAbstractionRequest,
  UserSetAbstractionTypes,
  Withdraw3Request,
  Withdraw3Types,
} from "@nktkas/hyperliquid/api/exchange";
import * as v from "valibot";
import type { VenueNetwork } from "./client.ts";
import { nextNonce } from "./nonce.ts";
import { type SignableAction, signableL1, signableUserAction } from "./signable.ts";

/**
 * Venue actions in their canonical form. Each goes through the maintained library's own request schema,
 * which fixes key order, trims decimals and lower-cases hex — the venue hashes its re-serialization of
 * an action, so anything else would recover a different signer.
 */

/** User-signed actions are signed in the domain of this chain id (421614), as the venue's own front end does. */
export const SIGNATURE_CHAIN_ID = "0x66eee" as const;

export interface OrderWire {
  a: number;
  b: boolean;
  p: string;
  s: string;
  r: boolean;
  t: { limit: { tif: "Gtc" | "Ioc" | "Alo" } };
  c?: `0x${string}`;
}

export function orderAction(
  order: OrderWire,
  network: VenueNetwork,
  builder?: { b: `0x${string}`; f: number },
): Promise<SignableAction> {
  const action = v.parse(OrderRequest.entries.action, {
    type: "order",
    orders: [order],
    grouping: "na",
    builder,
  });
  return signableL1(action, nextNonce(), network);
}

export function cancelAction(asset: number, oid: number, network: VenueNetwork): Promise<SignableAction> {
  const action = v.parse(CancelRequest.entries.action, { type: "cancel", cancels: [{ a: asset, o: oid }] });
  return signableL1(action, nextNonce(), network);
}

export function cancelByCloidAction(
  asset: number,
  cloid: `0x${string}`,
  network: VenueNetwork,
): Promise<SignableAction> {
  const action = v.parse(CancelByCloidRequest.entries.action, {
    type: "cancelByCloid",
    cancels: [{ asset, cloid }],
  });
  return signableL1(action, nextNonce(), network);
}

/** Cross margin always: the product offers cross only (spec §7, **Ours**). */
export function updateLeverageAction(
  asset: number,
  leverage: number,
  network: VenueNetwork,
): Promise<SignableAction> {
  const action = v.parse(UpdateLeverageRequest.entries.action, {
    type: "updateLeverage",
    asset,
    isCross: true,
    leverage,
  });
  return signableL1(action, nextNonce(), network);
}

export function withdrawAction(
  destination: string,
  amount: string,
  network: VenueNetwork,
): Promise<SignableAction> {
  const time = nextNonce();
  const action = v.parse(Withdraw3Request.entries.action, {
    type: "withdraw3",
    signatureChainId: SIGNATURE_CHAIN_ID,
    hyperliquidChain: network,
    destination,
    amount,
    time,
  });
  return signableUserAction(action, Withdraw3Types, time);
}

export function approveBuilderFeeAction(
  builder: string,
  maxFeeRate: string,
  network: VenueNetwork,
): Promise<SignableAction> {
  const nonce = nextNonce();
  const action = v.parse(ApproveBuilderFeeRequest.entries.action, {
    type: "approveBuilderFee",
    signatureChainId: SIGNATURE_CHAIN_ID,
    hyperliquidChain: network,
    maxFeeRate,
    builder,
    nonce,
  });
  return signableUserAction(action, ApproveBuilderFeeTypes, nonce);
}

export function unifiedAccountAction(user: string, network: VenueNetwork): Promise<SignableAction> {
  const nonce = nextNonce();
  const action = v.parse(UserSetAbstractionRequest.entries.action, {
    type: "userSetAbstraction",
    signatureChainId: SIGNATURE_CHAIN_ID,
    hyperliquidChain: network,
    user,
    abstraction: "unifiedAccount",
    nonce,
  });
  return signableUserAction(action, UserSetAbstractionTypes, nonce);
}
