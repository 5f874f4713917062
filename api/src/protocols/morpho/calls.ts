import { morphoBlueAbi } from "@compass/constants";
import { encodeFunctionData } from "viem";
import type { Call } from "../../kernel/chain/call.ts";
import type { MorphoMarket } from "./market.ts";

type BlueFunction = "supplyCollateral" | "withdrawCollateral" | "borrow" | "repay";

/**
 * One of Morpho Blue's position calls on the market, its parameters first as the singleton takes them:
 * supplyCollateral(assets, onBehalf, data), withdrawCollateral(assets, onBehalf, receiver),
 * borrow(assets, shares, onBehalf, receiver), repay(assets, shares, onBehalf, data).
 */
export const blueCall = (
  m: Pick<MorphoMarket, "morpho" | "params">,
  functionName: BlueFunction,
  args: readonly unknown[],
): Call => ({
  to: m.morpho,
  data: encodeFunctionData({ abi: morphoBlueAbi, functionName, args: [m.params, ...args] } as never),
});
