import type { Address, Hex, PublicClient } from "viem";
import type { Config } from "../../../kernel/config/env.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import type { AccountCall } from "../../../product-accounts/index.ts";
import {
  type MorphoMarket,
  readMorphoMarket,
  readMorphoPosition,
  requireMorpho,
} from "../../../protocols/morpho/index.ts";
import { assertHeld, type BorrowBody, feeCall, pairedWith, pullFrom, type RepayBody } from "./borrow.ts";
import { morphoBorrowCalls, morphoRepayCalls } from "./morpho-calls.ts";

/** The market `market_id` names on the chain's singleton, or a 422 on the field. */
export async function morphoMarketOf(
  config: Config,
  client: PublicClient,
  chain: ChainName,
  marketId: string | null | undefined,
): Promise<MorphoMarket> {
  const morpho = requireMorpho(config, chain, ["body", "chain"]);
  if (!marketId)
    throw fieldError(["body", "market_id"], "required with protocol MORPHO (see morpho_markets)");
  if (!/^0x[0-9a-fA-F]{64}$/.test(marketId))
    throw fieldError(["body", "market_id"], "a Morpho market id is a 32-byte hex string");
  return readMorphoMarket(client, morpho, marketId as Hex, ["body", "market_id"]);
}

/** A token field must name the market's own token (symbol or address). */
export function expectMarketToken(
  field: string,
  text: string | null | undefined,
  token: { address: Address; symbol: string },
  role: string,
) {
  if (text == null) return;
  const same = /^0x/i.test(text)
    ? text.toLowerCase() === token.address.toLowerCase()
    : text.toUpperCase() === token.symbol.toUpperCase();
  if (!same)
    throw fieldError(["body", field], `this Morpho market's ${role} is ${token.symbol} (${token.address})`);
}

/**
 * Post collateral (optional; already in the account, or pulled with Permit2) in a Morpho Blue market and
 * borrow its loan token, less an optional fee: one transaction.
 */
export async function buildMorphoBorrow(input: {
  config: Config;
  client: PublicClient;
  chain: ChainName;
  account: Address;
  owner: Address;
  body: BorrowBody & { market_id?: string | null };
}): Promise<{ calls: AccountCall[]; feeAmount?: bigint; debtDecimals: number }> {
  const { client, account, body } = input;
  const m = await morphoMarketOf(input.config, client, input.chain, body.market_id);
  expectMarketToken("borrow_token", body.borrow_token, m.loan, "loan token");
  expectMarketToken("token_in", body.token_in, m.collateral, "collateral");
  expectMarketToken("collateral_token", body.collateral_token, m.collateral, "collateral");
  pairedWith(
    body.token_in ?? body.collateral_token,
    body.amount_in,
    body.token_in != null ? "token_in" : "collateral_token",
    "amount_in",
  );
  const amount = toRawAmount(body.borrow_amount, m.loan.decimals, ["body", "borrow_amount"], m.loan.symbol);
  const position = await readMorphoPosition(client, m, account);
  const calls: AccountCall[] = [];
  let collateral: { amount: bigint; loc: ["body", "amount_in"] } | undefined;
  if (body.amount_in != null) {
    const posted = toRawAmount(
      body.amount_in,
      m.collateral.decimals,
      ["body", "amount_in"],
      m.collateral.symbol,
    );
    const pulled = pullFrom(body, input.owner, account, m.collateral, posted);
    if (!pulled.length) await assertHeld(client, account, m.collateral, posted, ["body", "amount_in"]);
    calls.push(...pulled);
    collateral = { amount: posted, loc: ["body", "amount_in"] };
  }
  calls.push(
    ...morphoBorrowCalls({
      market: m,
      position,
      account,
      collateral,
      amount,
      loc: ["body", "borrow_amount"],
    }),
  );
  const fee = feeCall(body.fee, m.loan, amount);
  if (fee) calls.push(fee.call);
  return { calls, feeAmount: fee?.amount, debtDecimals: m.loan.decimals };
}

/** Repay the account's debt in a Morpho market from its balance (all of it by shares when covered), then withdraw collateral. */
export async function buildMorphoRepay(input: {
  config: Config;
  client: PublicClient;
  chain: ChainName;
  account: Address;
  owner: Address;
  body: RepayBody & { market_id?: string | null };
}): Promise<AccountCall[]> {
  const { client, account, body } = input;
  const m = await morphoMarketOf(input.config, client, input.chain, body.market_id);
  expectMarketToken("repay_token", body.repay_token, m.loan, "loan token");
  expectMarketToken("withdraw_token", body.withdraw_token, m.collateral, "collateral");
  pairedWith(body.withdraw_token, body.withdraw_amount, "withdraw_token", "withdraw_amount");
  const amount = toRawAmount(body.repay_amount, m.loan.decimals, ["body", "repay_amount"], m.loan.symbol);
  const position = await readMorphoPosition(client, m, account);
  const owed = position.borrowed;
  const pulled = pullFrom(body, input.owner, account, m.loan, amount);
  if (!pulled.length)
    await assertHeld(client, account, m.loan, amount < owed ? amount : owed, ["body", "repay_amount"]);
  const withdraw =
    body.withdraw_amount != null
      ? {
          amount: toRawAmount(
            body.withdraw_amount,
            m.collateral.decimals,
            ["body", "withdraw_amount"],
            m.collateral.symbol,
          ),
          loc: ["body", "withdraw_amount"] as ["body", "withdraw_amount"],
        }
      : undefined;
  const { calls } = morphoRepayCalls({
    market: m,
    position,
    account,
    amount,
    withdraw,
    loc: ["body", "repay_token"],
  });
  return [...pulled, ...calls];
}
