/** The venue's JSON shapes, as the maintained client library types them. */
export type {
  ActiveAssetDataResponse as ActiveAssetData,
  CandleSnapshotResponse as CandleRows,
  ClearinghouseStateResponse as ClearinghouseState,
  FrontendOpenOrdersResponse as FrontendOpenOrders,
  L2BookResponse as L2Book,
  MaxBuilderFeeResponse as MaxBuilderFee,
  OrderStatusResponse as OrderStatus,
  PerpDexsResponse as PerpDexs,
  UserAbstractionResponse as UserAbstraction,
  UserFillsResponse as UserFills,
  UserRoleResponse as UserRole,
} from "@nktkas/hyperliquid/api/info";

import type { MetaAndAssetCtxsResponse } from "@nktkas/hyperliquid/api/info";

export type Meta = MetaAndAssetCtxsResponse[0];
export type AssetCtx = MetaAndAssetCtxsResponse[1][number];
