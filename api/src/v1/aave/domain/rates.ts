import { type RateUpdate, rayApr, rayApy } from "../../../protocols/aave/index.ts";

/** The six v1 rate figures of one rate update, as fractions. */
export function rateFigures(
  u: Pick<RateUpdate, "liquidityRate" | "variableBorrowRate" | "stableBorrowRate">,
) {
  return {
    supply_apy_variable_rate: rayApy(u.liquidityRate),
    supply_apr_variable_rate: rayApr(u.liquidityRate),
    borrow_apy_variable_rate: rayApy(u.variableBorrowRate),
    borrow_apr_variable_rate: rayApr(u.variableBorrowRate),
    borrow_apy_fixed_rate: rayApy(u.stableBorrowRate),
    borrow_apr_fixed_rate: rayApr(u.stableBorrowRate),
  };
}
