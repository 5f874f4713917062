import type { Operation } from "../../kernel/registry/define.ts";
import { balances } from "./operations/balances.ts";
import { buy } from "./operations/buy.ts";
import { createAccount } from "./operations/create-account.ts";
import { market } from "./operations/market.ts";
import { markets } from "./operations/markets.ts";
import { order } from "./operations/order.ts";
import { orderCancel } from "./operations/order-cancel.ts";
import { orderChargeFee } from "./operations/order-charge-fee.ts";
import { orderStatus } from "./operations/order-status.ts";
import { orderSubmit } from "./operations/order-submit.ts";
import { positions } from "./operations/positions.ts";
import { quote } from "./operations/quote.ts";
import { redemptions } from "./operations/redemptions.ts";
import { sell } from "./operations/sell.ts";
import { transfer } from "./operations/transfer.ts";

/** The /v2/tokenized_assets operations, in the spec's order. */
export const operations: Operation[] = [
  markets,
  market,
  positions,
  balances,
  orderStatus,
  redemptions,
  createAccount,
  transfer,
  quote,
  order,
  orderSubmit,
  orderCancel,
  orderChargeFee,
  buy,
  sell,
];

export type { TokenizedAssetsPorts } from "./domain/ports.ts";
export { knownTokens } from "./domain/tokens.ts";
export { IssuerAdapter } from "./issuer/adapter.ts";
export { EquityRelayAdapter } from "./relay/adapter.ts";
