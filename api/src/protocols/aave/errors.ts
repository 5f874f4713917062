/** Aave v3's Errors.sol codes a user meets (the revert reason is the code), with what they mean. */
export const AAVE_ERRORS: Record<string, string> = {
  "26": "INVALID_AMOUNT: the amount must be greater than 0",
  "27": "RESERVE_INACTIVE",
  "28": "RESERVE_FROZEN: no new supply or borrow",
  "29": "RESERVE_PAUSED",
  "30": "BORROWING_NOT_ENABLED",
  "31": "STABLE_BORROWING_NOT_ENABLED",
  "32": "NOT_ENOUGH_AVAILABLE_USER_BALANCE: more than the position holds or the reserve's cash",
  "34": "COLLATERAL_BALANCE_IS_ZERO: nothing supplied as collateral",
  "35": "HEALTH_FACTOR_LOWER_THAN_LIQUIDATION_THRESHOLD",
  "36": "COLLATERAL_CANNOT_COVER_NEW_BORROW: not enough collateral for this borrow",
  "39": "NO_DEBT_OF_SELECTED_TYPE: nothing owed at this rate mode",
  "40": "NO_EXPLICIT_AMOUNT_TO_REPAY_ON_BEHALF",
  "43": "UNDERLYING_BALANCE_ZERO",
  "51": "SUPPLY_CAP_EXCEEDED",
  "50": "BORROW_CAP_EXCEEDED",
  "57": "LTV_VALIDATION_FAILED",
};
