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
import type { VenueNetwork } from "../domain/ports.ts";
import { nextNonce } from "./nonce.ts";
import { type SignableAction, signableL1, signableUserAction } from "./signable.ts";

/**
 * Venue actions in their canonical form. Each goes through the maintained library's own request schema,
 * which fixes key order, trims decimals and lower-cases hex — the venue hashes its re-serialization of
 * an action, so anything else would recover a different signer.
 */

/** `signatureChainId` as the venue reads it: the chain id in lower-case hex ("0x66eee" for 421614). */
export const chainIdHex = (chainId: number) => `0x${chainId.toString(16)}` as const;

export interface OrderWire {
  a: number;
  b: boolean;
  p: string;
  s: string;
  r: boolean;
  t:
    | { limit: { tif: "Gtc" | "Ioc" | "Alo" } }
    | { trigger: { isMarket: boolean; triggerPx: string; tpsl: "tp" | "sl" } };
  c?: `0x${string}`;
}

/**
 * The `order` action: `na` for independent orders; `normalTpsl` for an order followed by its TP/SL trigger
 * orders; `positionTpsl` for TP/SL on the position itself.
 */
export function orderAction(
  orders: OrderWire[],
  network: VenueNetwork,
  builder?: { b: `0x${string}`; f: number },
  grouping: "na" | "normalTpsl" | "positionTpsl" = "na",
): Promise<SignableAction> {
  const action = v.parse(OrderRequest.entries.action, {
    type: "order",
    orders,
    grouping,
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
  isCross = true,
): Promise<SignableAction> {
  const action = v.parse(UpdateLeverageRequest.entries.action, {
    type: "updateLeverage",
    asset,
    isCross,
    leverage,
  });
  return signableL1(action, nextNonce(), network);
}

/**
 * A user-signed action, signed in the domain of `chainId` (the wallet's active chain): the chain fields, the action's own fields, and a fresh nonce under `nonceField`
 * (the action's nonce is the request's nonce too).
 */
function userSigned(
  schema: v.GenericSchema,
  types: Record<string, { name: string; type: string }[]>,
  fields: Record<string, unknown>,
  nonceField: "nonce" | "time",
  network: VenueNetwork,
  chainId: number,
): Promise<SignableAction> {
  const nonce = nextNonce();
  const action = v.parse(schema, {
    ...fields,
    signatureChainId: chainIdHex(chainId),
    hyperliquidChain: network,
    [nonceField]: nonce,
  }) as { signatureChainId: `0x${string}` };
  return signableUserAction(action, types, nonce);
}

export const withdrawAction = (destination: string, amount: string, network: VenueNetwork, chainId: number) =>
  userSigned(
    Withdraw3Request.entries.action,
    Withdraw3Types,
    { type: "withdraw3", destination, amount },
    "time",
    network,
    chainId,
  );

export const approveBuilderFeeAction = (
  builder: string,
  maxFeeRate: string,
  network: VenueNetwork,
  chainId: number,
) =>
  userSigned(
    ApproveBuilderFeeRequest.entries.action,
    ApproveBuilderFeeTypes,
    { type: "approveBuilderFee", maxFeeRate, builder },
    "nonce",
    network,
    chainId,
  );

export const unifiedAccountAction = (user: string, network: VenueNetwork, chainId: number) =>
  userSigned(
    UserSetAbstractionRequest.entries.action,
    UserSetAbstractionTypes,
    { type: "userSetAbstraction", user, abstraction: "unifiedAccount" },
    "nonce",
    network,
    chainId,
  );
