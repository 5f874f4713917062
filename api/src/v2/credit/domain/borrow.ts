import { type Address, encodeFunctionData, erc20Abi, type Hex, type PublicClient } from "viem";
import { resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import type { Config } from "../../../kernel/config/env.ts";
import { fieldError, type Loc, RequestValidationError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { type AccountCall, permit2PullCall } from "../../../product-accounts/index.ts";
import {
  type AaveMarket,
  aaveBorrowCalls,
  aaveRepayCalls,
  findAaveReserve,
  readAaveAccount,
} from "../../../protocols/aave/index.ts";
import { type SwapAggregator, swapCalls } from "../../../protocols/aggregators/index.ts";
import type { CreditReserve } from "./reserve.ts";

/** Aave v3 and Morpho Blue are served; EULER is a 422 on protocol (see docs/credit.md). */
export function requireServedProtocol(protocol: string): void {
  if (protocol === "EULER")
    throw fieldError(
      ["body", "protocol"],
      "EULER credit is not available on this deployment yet; use AAVE (the default) or MORPHO",
    );
}

/** A token as the checks below need it: Aave's reserve asset or a Morpho market's token. */
export interface CreditToken {
  address: Address;
  symbol: string;
  decimals: number;
}
const ofReserve = (r: CreditReserve): CreditToken => ({
  address: r.asset,
  symbol: r.symbol,
  decimals: r.decimals,
});

/** The account's balance of a token must cover `amount` (the Safe would revert on the transfer). */
export async function assertHeld(
  client: PublicClient,
  account: Address,
  r: CreditToken,
  amount: bigint,
  loc: Loc,
) {
  const held = await client.readContract({
    address: r.address,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [account],
    blockTag: NEXT_BLOCK,
  });
  if (held < amount)
    throw fieldError(
      loc,
      `the Credit Account holds ${formatDecimal(held, r.decimals)} ${r.symbol}; deposit more with POST /v2/credit/transfer first`,
    );
}

export type BorrowBody = {
  token_in?: string | null;
  amount_in?: string | null;
  collateral_token?: string | null;
  borrow_token: string;
  borrow_amount: string;
  interest_rate_mode: "stable" | "variable";
  fee?: CreditFeeInput | null;
} & Permit2Fields;

export interface CreditFeeInput {
  recipient: Address;
  amount: string;
  denomination: "PERCENTAGE" | "FIXED";
}

export interface BorrowInput {
  client: PublicClient;
  chain: ChainName;
  market: AaveMarket;
  account: Address;
  body: BorrowBody & { slippage?: string | null };
  owner: Address;
  /** the aggregator and configuration, for a swap from token_in into the collateral */
  swaps: { config: Config; aggregator: SwapAggregator };
}

/** What every borrow is checked for before any read: field pairs, and what this deployment does not take. */
export function checkBorrowFields(body: BorrowBody & { protocol?: string }): void {
  if (body.interest_rate_mode === "stable")
    throw fieldError(
      ["body", "interest_rate_mode"],
      "stable-rate borrowing is retired (Aave v3.1 enables it on no reserve; Morpho has none); use variable",
    );
  if (
    body.protocol !== "AAVE" &&
    body.token_in &&
    body.collateral_token &&
    !sameToken(body.token_in, body.collateral_token)
  )
    throw fieldError(
      ["body", "collateral_token"],
      "a swap from token_in into another collateral is taken on Aave only here: supply the market's collateral itself (token_in = collateral_token)",
    );
  if (body.permit2_signature && !(body.token_in ?? body.collateral_token))
    throw fieldError(
      ["body", "token_in"],
      "required with permit2_signature: the token pulled from the wallet",
    );
}

export interface Permit2Fields {
  permit2_signature?: string | null;
  permit2_nonce?: bigint | null;
  permit2_deadline?: bigint | null;
}

/** The Permit2 pull the request carries, or none; a signature without its nonce and deadline is a 422. */
export function pullFrom(
  body: Permit2Fields,
  owner: Address,
  account: Address,
  token: CreditToken,
  amount: bigint,
): AccountCall[] {
  if (!body.permit2_signature) return [];
  for (const field of ["permit2_nonce", "permit2_deadline"] as const)
    if (body[field] == null) throw fieldError(["body", field], "required with permit2_signature");
  return [
    permit2PullCall({
      token: token.address,
      amount,
      owner,
      account,
      nonce: body.permit2_nonce!,
      deadline: body.permit2_deadline!,
      signature: body.permit2_signature as Hex,
    }),
  ];
}

/**
 * Supply collateral from the account (optional) and borrow against it, in one transaction: approve + supply,
 * borrow to the account, then the integrator's fee out of what was borrowed.
 */
export async function buildBorrow(input: BorrowInput): Promise<{
  calls: AccountCall[];
  feeAmount?: bigint;
  debtDecimals: number;
  estimatedCollateral?: string;
}> {
  const { client, chain, market, account, body } = input;
  const { reserves, data } = await readAaveAccount(client, market, account);
  const debt = findAaveReserve(reserves, body.borrow_token, chain, ["body", "borrow_token"]);
  const borrowAmount = toRawAmount(body.borrow_amount, debt.decimals, ["body", "borrow_amount"], debt.symbol);
  let collateral: { reserve: CreditReserve; amount: bigint; loc: Loc } | undefined;
  let estimatedCollateral: string | undefined;
  const pulled: AccountCall[] = [];
  // the token is judged first, so a bad one is named even without its amount
  // the collateral comes from token_in, or is named by collateral_token alone; judged before its amount
  const swapping =
    body.token_in != null &&
    body.collateral_token != null &&
    !sameToken(body.token_in, body.collateral_token);
  if (swapping) {
    // token_in (any token the aggregator routes) swapped into the collateral, whose floor is supplied
    pairedWith(body.token_in, body.amount_in, "token_in", "amount_in");
    const reserve = findAaveReserve(reserves, body.collateral_token!, chain, ["body", "collateral_token"]);
    const swap = await swapInto(input, reserve);
    pulled.push(...swap.pulled, ...swap.calls);
    collateral = { reserve, amount: swap.floor, loc: ["body", "collateral_token"] };
    estimatedCollateral = formatDecimal(swap.estimated, reserve.decimals);
  }
  const [inField, inText] =
    body.token_in != null ? ["token_in", body.token_in] : ["collateral_token", body.collateral_token];
  const collateralReserve =
    swapping || inText == null ? undefined : findAaveReserve(reserves, inText, chain, ["body", inField]);
  if (!swapping) pairedWith(inText, body.amount_in, inField, "amount_in");
  if (collateralReserve && body.amount_in != null) {
    const reserve = collateralReserve;
    const amount = toRawAmount(body.amount_in, reserve.decimals, ["body", "amount_in"], reserve.symbol);
    pulled.push(...pullFrom(body, input.owner, account, ofReserve(reserve), amount));
    // pulled from the wallet in the same transaction, or already in the account
    if (!pulled.length) await assertHeld(client, account, ofReserve(reserve), amount, ["body", "amount_in"]);
    collateral = { reserve, amount, loc: ["body", "token_in"] };
  }
  const calls = pulled.concat(
    aaveBorrowCalls({
      market,
      account,
      holder: "the Credit Account",
      data,
      collateral,
      debt,
      borrowAmount,
      loc: { token: ["body", "borrow_token"], amount: ["body", "borrow_amount"] },
    }),
  );
  const fee = feeCall(body.fee, ofReserve(debt), borrowAmount);
  if (fee) calls.push(fee.call);
  return { calls, feeAmount: fee?.amount, debtDecimals: debt.decimals, estimatedCollateral };
}

/**
 * `amount_in` of `token_in` — pulled with Permit2 or held by the account — swapped through the aggregator into
 * the collateral: the calls, the swap's quote and its floor (the quote less the slippage, which the router
 * guarantees), which is what gets supplied; anything above it stays in the account.
 */
async function swapInto(input: BorrowInput, collateral: CreditReserve) {
  const { client, chain, account, body } = input;
  const tokenIn = await resolveErc20(input.swaps.config, client, chain, body.token_in!, ["body", "token_in"]);
  const amount = toRawAmount(body.amount_in!, tokenIn.decimals, ["body", "amount_in"], tokenIn.symbol);
  const pulled = pullFrom(body, input.owner, account, tokenIn, amount);
  if (!pulled.length) await assertHeld(client, account, tokenIn, amount, ["body", "amount_in"]);
  const swap = await swapCalls(
    {
      config: input.swaps.config,
      client,
      chain,
      aggregator: input.swaps.aggregator,
      account,
      checkBalance: false,
    },
    {
      token_in: tokenIn.address,
      token_out: collateral.asset,
      amount_in: body.amount_in!,
      slippage: body.slippage,
      loc: ["body"],
    },
  ).catch((error) => renameField(error, "token_out", "collateral_token"));
  return { pulled, calls: swap.calls, estimated: swap.estimatedOut, floor: swap.minOut };
}

/** A 422 the swap names by its own field, renamed to this request's. */
function renameField(error: unknown, from: string, to: string): never {
  if (error instanceof RequestValidationError)
    throw new RequestValidationError(
      error.issues.map((i) => ({ ...i, loc: i.loc.map((p) => (p === from ? to : p)) })),
    );
  throw error;
}

/** The integrator's fee out of what was borrowed: a transfer from the account, and its amount. */
export function feeCall(
  fee: CreditFeeInput | null | undefined,
  token: CreditToken,
  borrowed: bigint,
  loc: Loc = ["body", "fee", "amount"],
): { call: AccountCall; amount: bigint } | undefined {
  if (!fee) return undefined;
  const amount =
    fee.denomination === "FIXED"
      ? toRawAmount(fee.amount, token.decimals, loc, token.symbol)
      : percentOf(borrowed, fee.amount);
  if (amount > borrowed) throw fieldError(loc, "the fee exceeds the borrowed amount");
  return {
    amount,
    call: {
      to: token.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [fee.recipient, amount] }),
    },
  };
}

export type RepayBody = {
  repay_token: string;
  repay_amount: string;
  interest_rate_mode: "stable" | "variable";
  withdraw_token?: string | null;
  withdraw_amount?: string | null;
  token_out?: string | null;
} & Permit2Fields;

export interface RepayInput {
  client: PublicClient;
  chain: ChainName;
  market: AaveMarket;
  account: Address;
  body: RepayBody & { slippage?: string | null };
  owner: Address;
  /** the aggregator and configuration, for a swap of the withdrawn collateral into token_out */
  swaps: { config: Config; aggregator: SwapAggregator };
}

/** What every repayment is checked for before any read. */
export function checkRepayFields(body: RepayBody & { protocol?: string }): void {
  if (body.token_out && body.protocol !== "AAVE")
    throw fieldError(["body", "token_out"], "a swap of the withdrawn collateral is taken on Aave only here");
  if (body.interest_rate_mode === "stable")
    throw fieldError(
      ["body", "interest_rate_mode"],
      "stable-rate borrowing is retired (Aave v3.1 enables it on no reserve; Morpho has none); use variable",
    );
  if (body.token_out && (body.withdraw_token == null || body.withdraw_amount == null))
    throw fieldError(
      ["body", "token_out"],
      "token_out swaps the withdrawn collateral: it needs withdraw_token and withdraw_amount",
    );
}

/**
 * Repay the account's debt from its balance, then withdraw collateral if asked — and swap what was withdrawn
 * into `token_out` (it stays in the account) — in one transaction.
 */
export async function buildRepay(
  input: RepayInput,
): Promise<{ calls: AccountCall[]; estimatedOut?: string }> {
  const { client, chain, market, account, body } = input;
  const { reserves } = await readAaveAccount(client, market, account);
  const debt = findAaveReserve(reserves, body.repay_token, chain, ["body", "repay_token"]);
  const amount = toRawAmount(body.repay_amount, debt.decimals, ["body", "repay_amount"], debt.symbol);
  // paying more than is owed leaves the rest in the account (the pool takes only the debt)
  const owed = debt.variableDebt;
  const pulled = pullFrom(body, input.owner, account, ofReserve(debt), amount);
  if (!pulled.length)
    await assertHeld(client, account, ofReserve(debt), amount < owed ? amount : owed, [
      "body",
      "repay_amount",
    ]);
  let withdraw: { reserve: CreditReserve; amount: bigint; loc: Loc } | undefined;
  const withdrawn =
    body.withdraw_token == null
      ? undefined
      : findAaveReserve(reserves, body.withdraw_token, chain, ["body", "withdraw_token"]);
  pairedWith(body.withdraw_token, body.withdraw_amount, "withdraw_token", "withdraw_amount");
  if (withdrawn && body.withdraw_amount != null) {
    const reserve = withdrawn;
    withdraw = {
      reserve,
      amount: toRawAmount(
        body.withdraw_amount,
        reserve.decimals,
        ["body", "withdraw_amount"],
        reserve.symbol,
      ),
      loc: ["body", "withdraw_amount"],
    };
  }
  const calls = pulled.concat(
    aaveRepayCalls({
      market,
      account,
      holder: "the Credit Account",
      debt,
      amount,
      withdraw,
      loc: { token: ["body", "repay_token"], amount: ["body", "repay_amount"] },
    }),
  );
  if (!body.token_out || !withdraw || sameToken(body.token_out, withdraw.reserve.symbol)) return { calls };
  const swap = await swapCalls(
    { ...input.swaps, client, chain, account, checkBalance: false },
    {
      token_in: withdraw.reserve.asset,
      token_out: body.token_out,
      amount_in: body.withdraw_amount!,
      slippage: body.slippage,
      loc: ["body"],
    },
  );
  return {
    calls: calls.concat(swap.calls),
    estimatedOut: formatDecimal(swap.estimatedOut, swap.tokenOut.decimals),
  };
}

const sameToken = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A token and its amount go together: one without the other is a 422 naming the missing one. */
export function pairedWith(token: unknown, amount: unknown, tokenField: string, amountField: string): void {
  if ((token == null) !== (amount == null))
    throw fieldError(
      ["body", token == null ? tokenField : amountField],
      `${tokenField} and ${amountField} go together`,
    );
}

/** `percent` (a decimal string, e.g. "0.5") of `amount`, rounded down. */
function percentOf(amount: bigint, percent: string): bigint {
  const scaled = toRawAmount(percent, 6, ["body", "fee", "amount"], "%");
  if (scaled > 100_000_000n) throw fieldError(["body", "fee", "amount"], "a percentage fee is at most 100");
  return (amount * scaled) / 100_000_000n;
}
