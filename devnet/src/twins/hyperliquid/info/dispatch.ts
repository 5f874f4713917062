import type { Core } from "../engine/core.ts";
import { type Json, object, ShapeError } from "../signing/fields.ts";
import {
  activeAssetData,
  clearinghouseState,
  frontendOpenOrders,
  historicalOrders,
  openOrders,
  orderStatus,
} from "./account.ts";
import {
  extraAgents,
  maxBuilderFee,
  portfolio,
  userAbstraction,
  userFills,
  userFillsByTime,
  userFunding,
  userRateLimit,
  userRole,
} from "./ledger.ts";
import {
  allMids,
  candles,
  fundingHistory,
  l2Book,
  meta,
  metaAndAssetCtxs,
  perpDexs,
  predictedFundings,
} from "./market.ts";
import { spotClearinghouseState, spotMeta, spotMetaAndAssetCtxs } from "./spot.ts";

/**
 * POST /info: `{type, ...}` → the venue's answer. An unknown type or a malformed field is the
 * venue's HTTP 422 (ShapeError), as the live endpoint answers bodies it cannot deserialize.
 */
const HANDLERS: Record<string, (core: Core, req: Json) => unknown> = {
  meta: (_core, req) => meta(req),
  metaAndAssetCtxs,
  perpDexs: () => perpDexs(),
  allMids,
  l2Book,
  candleSnapshot: candles,
  clearinghouseState,
  openOrders,
  frontendOpenOrders,
  orderStatus,
  historicalOrders,
  activeAssetData,
  userFills,
  userFillsByTime,
  userFunding,
  maxBuilderFee,
  userAbstraction,
  userRateLimit,
  userRole,
  portfolio,
  spotMeta,
  spotMetaAndAssetCtxs,
  spotClearinghouseState,
  fundingHistory,
  predictedFundings,
  extraAgents,
};

export const INFO_TYPES = Object.keys(HANDLERS);

export function handleInfo(core: Core, body: unknown): unknown {
  const req = object(body, "body");
  const handler = Object.hasOwn(HANDLERS, String(req.type)) ? HANDLERS[String(req.type)] : undefined;
  if (!handler) throw new ShapeError(`unknown variant \`${String(req.type)}\``);
  return handler(core, req);
}
