import { activity } from "./activity.ts";
import { approveBuilderFee } from "./approve-builder-fee.ts";
import { cancelOrder } from "./cancel-order.ts";
import { candles } from "./candles.ts";
import { deposit } from "./deposit.ts";
import { depositSponsorPrepare } from "./deposit-sponsor-prepare.ts";
import { enableUnifiedAccount } from "./enable-unified-account.ts";
import { ensureLeverage } from "./ensure-leverage.ts";
import { execute } from "./execute.ts";
import { limitOrder } from "./limit-order.ts";
import { marketOrder } from "./market-order.ts";
import { opportunities } from "./opportunities.ts";
import { positions } from "./positions.ts";
import { setLeverage } from "./set-leverage.ts";
import { withdraw } from "./withdraw.ts";

/** The fifteen /v2/perpetual_trading operations, in the spec's order. */
export const perpetualTrading = [
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
];
