import { type Abi, BaseError, ContractFunctionRevertedError, type Hex, parseAbi } from "viem";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import { describeRevert, RevertError } from "../../kernel/chain/revert.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";

/** Pendle's router errors (contracts/core/libraries/Errors.sol) a trade may revert with. */
export const pendleRouterErrorsAbi = parseAbi([
  "error RouterInsufficientPtOut(uint256 actualPtOut, uint256 requiredPtOut)",
  "error RouterInsufficientTokenOut(uint256 actualTokenOut, uint256 requiredTokenOut)",
  "error RouterInsufficientSyOut(uint256 actualSyOut, uint256 requiredSyOut)",
  "error MarketExpired()",
  "error MarketProportionTooHigh(int256 proportion, int256 maxProportion)",
  "error MarketExchangeRateBelowOne(int256 exchangeRate)",
  "error ApproxFail()",
]);

/** A router revert by name and arguments (`RouterInsufficientPtOut(1, 2)`), its errors decoded. */
export const describeRouterRevert = (revert: Hex | undefined): string =>
  describeRevert(revert, [pendleRouterErrorsAbi as Abi]);

/** Whether a router revert is its minimum-output check: the trade would return less than its bound. */
export const isMinimumOutRevert = (reason: string): boolean => /^RouterInsufficient/.test(reason);

/**
 * A quote the static router refuses (its search for the PT out cannot converge on the market's curve for this
 * amount: `Slippage: APPROX_EXHAUSTED`, or another require) is a 422 on the amount, not a failure of ours; an
 * unreachable node stays a 502.
 */
export function rethrowQuote(chain: ChainName, error: unknown, amountLoc: Loc): never {
  const reverted =
    error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
  if (reverted)
    throw fieldError(
      amountLoc,
      `Pendle's router cannot price this amount in the market as it stands (${(reverted as ContractFunctionRevertedError).reason ?? "the quote reverted"}); try a smaller amount or a wider slippage`,
    );
  return rethrowRpc(chain, error);
}

/**
 * A simulation that fails on the router's minimum-output check becomes a 422 on the venue's
 * `max_slippage_percent`, with what the trade would have returned; anything else is rethrown as it is.
 */
export function explainPtSlippage(error: unknown, venueLoc: Loc): never {
  const hit =
    error instanceof RevertError && /RouterInsufficient(Pt|Token)Out\((\d+), (\d+)\)/.exec(error.reason);
  if (hit)
    throw fieldError(
      [...venueLoc, "max_slippage_percent"],
      `The trade would return ${hit[2]} base units of ${hit[1] === "Pt" ? "PT" : "the underlying"}, below the ${hit[3]} the slippage bound allows; raise max_slippage_percent or try again.`,
    );
  throw error;
}
