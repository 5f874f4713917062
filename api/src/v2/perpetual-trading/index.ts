import type { Operation } from "../../kernel/registry/define.ts";
import { activity } from "./operations/activity.ts";
import { approveBuilderFee } from "./operations/approve-builder-fee.ts";
import { cancelOrder } from "./operations/cancel-order.ts";
import { candles } from "./operations/candles.ts";
import { deposit } from "./operations/deposit.ts";
import { depositSponsorPrepare } from "./operations/deposit-sponsor-prepare.ts";
import { enableUnifiedAccount } from "./operations/enable-unified-account.ts";
import { ensureLeverage } from "./operations/ensure-leverage.ts";
import { execute } from "./operations/execute.ts";
import { limitOrder } from "./operations/limit-order.ts";
import { marketOrder } from "./operations/market-order.ts";
import { opportunities } from "./operations/opportunities.ts";
import { orderBook } from "./operations/order-book.ts";
import { positionTpsl } from "./operations/position-tpsl.ts";
import { positions } from "./operations/positions.ts";
import { setLeverage } from "./operations/set-leverage.ts";
import { withdraw } from "./operations/withdraw.ts";

/** The fifteen /v2/perpetual_trading operations in the spec's order, then our additions (order_book, position_tpsl). */
export const operations: Operation[] = [
  opportunities,
  positions,
  candles,
  activity,
  deposit,
  depositSponsorPrepare,
  withdraw,
  marketOrder,
  limitOrder,
  cancelOrder,
  execute,
  approveBuilderFee,
  enableUnifiedAccount,
  ensureLeverage,
  setLeverage,
  orderBook,
  positionTpsl,
];

export type { PerpetualTradingPorts } from "./domain/ports.ts";
export type { SponsorWallet } from "./domain/sponsored-deposit.ts";
export { sponsorRelayRoute } from "./routes/sponsor-relay.ts";
export { VenueAdapter } from "./venue/adapter.ts";
