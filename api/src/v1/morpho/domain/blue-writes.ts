import { type Address, formatUnits, getAddress, type Hex } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { assertPullable } from "../../../kernel/chain/erc20.ts";
import { prefetchTxFields, senderTransaction } from "../../../kernel/chain/transaction.ts";
import type { Context } from "../../../kernel/context.ts";
import { ApiError, fieldError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import {
  blueCall,
  liquidityOf,
  maxBorrow,
  readMorphoMarket,
  readMorphoPosition,
  toAssetsUp,
} from "../../../protocols/morpho/index.ts";
import { marketKey, morphoSingleton } from "./markets.ts";

export type BlueAction = "supply_collateral" | "withdraw_collateral" | "borrow" | "repay";

type Body = {
  chain: "arbitrum" | "base" | "ethereum";
  sender: string;
  estimate_gas: boolean;
  amount: string;
  unique_market_key: string;
  on_behalf_of?: string | null;
  receiver?: string | null;
  callback_data?: string | null;
};

/** interest a full repay's allowance covers beyond the debt now, until the transaction is mined: 0.1 % */
const INTEREST_ROOM = 1_000n;

/**
 * One Morpho Blue call for the sender on a market by id: post or withdraw collateral, borrow, repay — after the
 * checks Morpho itself makes, so what it would refuse is a 422 naming why: the market's liquidity, the position's
 * health after the action at the market's oracle and LLTV, what is owed, and (for what the singleton pulls) the
 * sender's balance and its allowance to `Morpho`. `"ALL"` repays by shares: exactly the debt, interest included,
 * whenever it is mined.
 */
export async function blueWrite(action: BlueAction, body: Body, ctx: Context) {
  const { chain } = body;
  const client = ctx.services.chains.get(chain, ["body", "chain"]);
  const morpho = morphoSingleton(ctx, chain);
  const keyLoc = ["body", "unique_market_key"];
  const amountLoc = ["body", "amount"];
  if (body.callback_data && body.callback_data !== "0x")
    throw fieldError(
      ["body", "callback_data"],
      "callbacks are not supported: the sender is a wallet, not a contract",
    );
  const m = await readMorphoMarket(client, morpho, marketKey(body.unique_market_key, keyLoc), keyLoc).catch(
    (e) => (e instanceof ApiError ? Promise.reject(e) : rethrowRpc(chain, e)),
  );
  const sender = getAddress(body.sender) as Address;
  const onBehalf = getAddress(body.on_behalf_of ?? sender) as Address;
  const receiver = getAddress(body.receiver ?? sender) as Address;
  const fields = prefetchTxFields(client, chain, sender);
  const position = await readMorphoPosition(client, m, onBehalf).catch((e) => rethrowRpc(chain, e));
  const loanFmt = (raw: bigint) => `${formatUnits(raw, m.loan.decimals)} ${m.loan.symbol}`;
  const pull = (token: typeof m.loan, amount: bigint) =>
    assertPullable(client, chain, {
      token,
      owner: sender,
      spender: morpho,
      spenderName: "Morpho",
      amount,
      loc: amountLoc,
    });
  let data: Hex;
  if (action === "supply_collateral") {
    const assets = toRawAmount(body.amount, m.collateral.decimals, amountLoc, m.collateral.symbol);
    await pull(m.collateral, assets);
    data = blueCall(m, "supplyCollateral", [assets, onBehalf, "0x"]).data;
  } else if (action === "withdraw_collateral") {
    const assets = toRawAmount(body.amount, m.collateral.decimals, amountLoc, m.collateral.symbol);
    if (assets > position.collateral)
      throw fieldError(
        amountLoc,
        `the position holds ${formatUnits(position.collateral, m.collateral.decimals)} ${m.collateral.symbol} of collateral`,
      );
    if (position.borrowed > maxBorrow(m, position.collateral - assets))
      throw fieldError(
        amountLoc,
        `withdrawing it would leave ${loanFmt(position.borrowed)} owed above what the rest of the collateral allows at the LLTV (${loanFmt(maxBorrow(m, position.collateral - assets))}): repay first`,
      );
    data = blueCall(m, "withdrawCollateral", [assets, onBehalf, receiver]).data;
  } else if (action === "borrow") {
    const assets = toRawAmount(body.amount, m.loan.decimals, amountLoc, m.loan.symbol);
    const liquidity = liquidityOf(m);
    if (assets > liquidity)
      throw fieldError(amountLoc, `the market can lend ${loanFmt(liquidity)} now (insufficient liquidity)`);
    const limit = maxBorrow(m, position.collateral);
    if (position.borrowed + assets > limit)
      throw fieldError(
        amountLoc,
        `the position's collateral allows ${loanFmt(limit > position.borrowed ? limit - position.borrowed : 0n)} more at the LLTV (Morpho: insufficient collateral)`,
      );
    data = blueCall(m, "borrow", [assets, 0n, onBehalf, receiver]).data;
  } else if (body.amount === "ALL") {
    if (position.borrowShares === 0n) throw fieldError(amountLoc, `${onBehalf} owes nothing in this market`);
    const owed = toAssetsUp(position.borrowShares, m.totalBorrowAssets, m.totalBorrowShares);
    await pull(m.loan, owed + (owed * INTEREST_ROOM) / 1_000_000n);
    data = blueCall(m, "repay", [0n, position.borrowShares, onBehalf, "0x"]).data;
  } else {
    const assets = toRawAmount(body.amount, m.loan.decimals, amountLoc, m.loan.symbol);
    if (assets > position.borrowed)
      throw fieldError(
        amountLoc,
        `${onBehalf} owes ${loanFmt(position.borrowed)}; repay at most that, or "ALL"`,
      );
    await pull(m.loan, assets);
    data = blueCall(m, "repay", [assets, 0n, onBehalf, "0x"]).data;
  }
  return {
    transaction: await senderTransaction(client, chain, { from: sender, to: morpho, data }, fields, {
      estimateGas: body.estimate_gas,
      refusal: `Morpho Blue refuses the ${action.replace("_", " ")}`,
    }),
  };
}
