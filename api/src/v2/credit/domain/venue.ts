import { type Address, encodeFunctionData, erc20Abi, type PublicClient, zeroAddress } from "viem";
import type { Config } from "../../../kernel/config/env.ts";
import { fieldError } from "../../../kernel/errors.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import type { AccountCall } from "../../../product-accounts/index.ts";
import {
  type AaveAccountData,
  type AaveMarket,
  aaveBorrowCall,
  aaveRepayCall,
  aaveSupplyCall,
  aaveWithdrawCall,
  findAaveReserve,
  oraclePrice,
  readAaveAccount,
  requireAaveMarket,
} from "../../../protocols/aave/index.ts";
import {
  blueCall,
  liquidityOf,
  type MorphoMarket,
  readMorphoPosition,
  toAssetsDown,
  toSharesDown,
} from "../../../protocols/morpho/index.ts";
import { expectMarketToken, morphoMarketOf } from "./morpho-credit.ts";
import type { CreditReserve } from "./reserve.ts";

/**
 * Where a loop or an unwind runs: Aave v3's pool (one account across every reserve) or one Morpho Blue market
 * (an isolated position). A venue reads the pair as the planners see it — the collateral and the debt as
 * reserves, with prices in USD at 8 decimals, and the account figures the venue checks health on — and builds
 * the four calls a leg is made of. The planners are the same on both.
 */

export interface LoopVenue {
  protocol: "AAVE" | "MORPHO";
  /** for messages: "Aave v3", "Morpho Blue" */
  name: string;
  /** the pair the tokens name (a Morpho market has one: the tokens, when given, must be its own) */
  read(
    account: Address,
    tokens: { collateral_token?: string | null; borrow_token?: string | null },
  ): Promise<VenuePosition>;
}

export interface VenuePosition {
  c: CreditReserve;
  b: CreditReserve;
  /** what the venue checks health on: the whole Aave account, or the Morpho market's position alone */
  data: AaveAccountData;
  supplyCalls(amount: bigint): AccountCall[];
  borrowCalls(amount: bigint): AccountCall[];
  /** `all`: the whole collateral, as the venue withdraws it all */
  withdrawCalls(amount: bigint, all: boolean): AccountCall[];
  /**
   * approve `allowance`, repay `amount` (`all`: everything owed, which may pull less), no allowance left behind;
   * `retires`: the debt the repay retires as planned now (a Morpho partial repay retires a little less than it
   * may pull, see there)
   */
  repayCalls(amount: bigint, all: boolean, allowance: bigint): { calls: AccountCall[]; retires: bigint };
  /**
   * The same position for a new plan (a Morpho position counts the debt's shares its repays have planned: a
   * plan starts from none), with figures carried forward by an earlier move of the same transaction
   */
  with(figures: { c?: CreditReserve; b?: CreditReserve; data?: AaveAccountData }): VenuePosition;
}

const MAX_UINT = 2n ** 256n - 1n;
const WAD = 10n ** 18n;

const approve = (token: Address, spender: Address, amount: bigint): AccountCall => ({
  to: token,
  data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] }),
});

/** Aave v3 on the chain: the account's reserves and its account data, one multicall. */
export function aaveVenue(client: PublicClient, chain: ChainName, market: AaveMarket): LoopVenue {
  return {
    protocol: "AAVE",
    name: "Aave v3",
    async read(account, tokens) {
      const { reserves, data } = await readAaveAccount(client, market, account);
      const c = findAaveReserve(reserves, tokens.collateral_token ?? "", chain, ["body", "collateral_token"]);
      const b = findAaveReserve(reserves, tokens.borrow_token ?? "", chain, ["body", "borrow_token"]);
      if (c.asset === b.asset)
        throw fieldError(["body", "borrow_token"], "borrow_token must differ from collateral_token");
      const build = (c: CreditReserve, b: CreditReserve, data: AaveAccountData): VenuePosition => ({
        c,
        b,
        data,
        with: (figures) => build(figures.c ?? c, figures.b ?? b, figures.data ?? data),
        supplyCalls: (amount) => [
          approve(c.asset, market.pool, amount),
          aaveSupplyCall(market, c.asset, amount, account),
        ],
        borrowCalls: (amount) => [aaveBorrowCall(market, b.asset, amount, account)],
        withdrawCalls: (amount, all) => [aaveWithdrawCall(market, c.asset, all ? MAX_UINT : amount, account)],
        repayCalls: (amount, all, allowance) => ({
          calls: [
            approve(b.asset, market.pool, allowance),
            aaveRepayCall(market, b.asset, all ? MAX_UINT : amount, account),
            // "everything owed" pulls less than the allowance: none is left behind
            ...(all ? [approve(b.asset, market.pool, 0n)] : []),
          ],
          retires: all ? b.variableDebt : amount,
        }),
      });
      return build(c, b, data);
    },
  };
}

/**
 * One Morpho Blue market (`market_id`): its collateral and loan token as reserves whose LTV and liquidation
 * threshold are both the market's LLTV (Morpho has one bound), the collateral valued through the market's own
 * oracle (so health here is Morpho's), the loan token at the chain's USD oracle (1 USD when it has none).
 */
export async function morphoVenue(input: {
  config: Config;
  client: PublicClient;
  chain: ChainName;
  marketId: string | null | undefined;
}): Promise<LoopVenue & { market: MorphoMarket }> {
  const { client } = input;
  const m = await morphoMarketOf(input.config, client, input.chain, input.marketId);
  const loanUsd18 = (await oraclePrice(input.config, client, input.chain, m.loan.address)) ?? 10n ** 18n;
  const loanUsd8 = loanUsd18 / 10n ** 10n;
  // collateral USD = collateral × price ÷ 1e36 (loan units) × loan USD ÷ 10^loan decimals, per whole collateral
  const collateralUsd8 =
    (m.price * loanUsd8 * 10n ** BigInt(m.collateral.decimals)) /
    (10n ** 36n * 10n ** BigInt(m.loan.decimals));
  const lltvBps = m.params.lltv / 10n ** 14n;
  return {
    protocol: "MORPHO",
    name: "Morpho Blue",
    market: m,
    async read(account, tokens) {
      expectMarketToken("collateral_token", tokens.collateral_token, m.collateral, "collateral");
      expectMarketToken("borrow_token", tokens.borrow_token, m.loan, "loan token");
      const position = await readMorphoPosition(client, m, account);
      const reserve = (token: MorphoMarket["loan"], priceUsd8: bigint) => ({
        asset: token.address,
        symbol: token.symbol,
        decimals: token.decimals,
        aToken: zeroAddress,
        supplied: 0n,
        variableDebt: 0n,
        stableDebt: 0n,
        usedAsCollateral: false,
        ltvBps: lltvBps,
        thresholdBps: lltvBps,
        borrowingEnabled: false,
        active: true,
        frozen: false,
        paused: false,
        cash: 0n,
        liquidityRate: 0n,
        variableBorrowRate: 0n,
        priceUsd8,
      });
      const c: CreditReserve = {
        ...reserve(m.collateral, collateralUsd8),
        supplied: position.collateral,
        usedAsCollateral: true,
        // collateral is not lent out: all of it can be withdrawn
        cash: position.collateral,
      };
      const b: CreditReserve = {
        ...reserve(m.loan, loanUsd8),
        variableDebt: position.borrowed,
        borrowingEnabled: true,
        cash: liquidityOf(m),
        // per second (WAD) to a year's rate in ray, as Aave states it
        variableBorrowRate: m.borrowRate * 31_536_000n * 10n ** 9n,
      };
      const collateral8 = (position.collateral * collateralUsd8) / 10n ** BigInt(m.collateral.decimals);
      const debt8 = (position.borrowed * loanUsd8) / 10n ** BigInt(m.loan.decimals);
      const bound8 = (collateral8 * lltvBps) / 10_000n;
      const data: AaveAccountData = {
        totalCollateralUsd8: collateral8,
        totalDebtUsd8: debt8,
        availableBorrowsUsd8: bound8 > debt8 ? bound8 - debt8 : 0n,
        thresholdBps: lltvBps,
        ltvBps: lltvBps,
        healthFactor: debt8 === 0n ? MAX_UINT : (bound8 * WAD) / debt8,
        emode: 0n,
      };
      const build = (c: CreditReserve, b: CreditReserve, data: AaveAccountData): VenuePosition => {
        // the debt's shares not yet repaid by the calls this plan built so far (the planners build them in order)
        let sharesLeft = position.borrowShares;
        return {
          c,
          b,
          data,
          with: (figures) => build(figures.c ?? c, figures.b ?? b, figures.data ?? data),
          supplyCalls: (amount) => [
            approve(c.asset, m.morpho, amount),
            blueCall(m, "supplyCollateral", [amount, account, "0x"]),
          ],
          borrowCalls: (amount) => [blueCall(m, "borrow", [amount, 0n, account, account])],
          // collateral does not accrue: "all" is what is posted when the call runs, known here
          withdrawCalls: (amount) => [blueCall(m, "withdrawCollateral", [amount, account, account])],
          repayCalls: (amount, all, allowance) => {
            // By shares, each repay: the shares left after them all are known exactly, so the last repays all of
            // it (no dust of debt left owing) whenever the transaction is mined. A partial repay's shares are what
            // its amount buys now less a ten-thousandth, so with the interest until it is mined it still pulls no
            // more than approved; it retires those shares' debt now, which the planner carries forward.
            const shares = all
              ? sharesLeft
              : (toSharesDown(amount, m.totalBorrowAssets, m.totalBorrowShares) * 9_999n) / 10_000n;
            sharesLeft -= shares;
            return {
              calls: [
                approve(b.asset, m.morpho, allowance),
                blueCall(m, "repay", [0n, shares, account, "0x"]),
                ...(all ? [approve(b.asset, m.morpho, 0n)] : []),
              ],
              retires: all ? b.variableDebt : toAssetsDown(shares, m.totalBorrowAssets, m.totalBorrowShares),
            };
          },
        };
      };
      return build(c, b, data);
    },
  };
}

/** The venue a loop or an unwind names: Aave v3 (the default) or the Morpho market `market_id`; EULER is a 422. */
export function loopVenueOf(
  config: Config,
  client: PublicClient,
  body: { chain: ChainName; protocol: "AAVE" | "MORPHO" | "EULER"; market_id?: string | null },
  what: string,
): Promise<LoopVenue> {
  if (body.protocol === "EULER")
    throw fieldError(
      ["body", "protocol"],
      `EULER ${what} are not available on this deployment yet: its Euler vaults take no collateral; use AAVE or MORPHO`,
    );
  if (body.protocol === "MORPHO")
    return morphoVenue({ config, client, chain: body.chain, marketId: body.market_id });
  return Promise.resolve(
    aaveVenue(client, body.chain, requireAaveMarket(config, body.chain, ["body", "chain"])),
  );
}
