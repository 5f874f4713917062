import { type Address, formatUnits, getAddress } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { assertPullable, type Erc20 } from "../../../kernel/chain/erc20.ts";
import { prefetchTxFields, senderTransaction } from "../../../kernel/chain/transaction.ts";
import type { Context } from "../../../kernel/context.ts";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import { jsonInt, toRawAmount } from "../../../kernel/lib/amounts.ts";
import { type VaultWriteBody, vaultWriteOf } from "../../../kernel/schemas/v1-vaults.ts";
import { vaultTransaction } from "../../../protocols/erc4626/index.ts";
import {
  SKY_CHAIN as CHAIN,
  converterCall,
  psmCall,
  readPsmPocket,
  readPsmTerms,
  readSavings,
  skyContracts,
  usdsForGem,
} from "../../../protocols/sky/index.ts";

/** Sky on ethereum, by the address book's names; a deployment without it is a 422 on `chain`. */
function sky(ctx: Context, at: "query" | "body") {
  const contracts = skyContracts(ctx.config);
  if (!contracts) throw fieldError([at, "chain"], "Sky is not deployed on ethereum in this deployment");
  return { client: ctx.services.chains.get(CHAIN, [at, "chain"]), ...contracts };
}

/** The wallet's sUSDS: its shares (raw) and the USDS they redeem for now (the savings rate accrued to now). */
export async function skyPosition(ctx: Context, query: { user_address: string }) {
  const s = sky(ctx, "query");
  const user = getAddress(query.user_address);
  try {
    const { shares, assets } = await readSavings(s.client, s.savings, user);
    return { usds_value_of_deposits: formatUnits(assets, 18), shares: jsonInt(shares) };
  } catch (error) {
    return rethrowRpc(CHAIN, error);
  }
}

type TradeBody = { sender: string; estimate_gas: boolean; amount: string };
const AMOUNT: Loc = ["body", "amount"];

/**
 * USDS bought with DAI (DaiUsds `daiToUsds`) or USDC (the PSM wrapper's `sellGem`, less its `tin` fee), or sold for
 * them (`usdsToDai`, `buyGem` plus `tout`), paid to the sender. Balance and allowance to the converter by its v1
 * name are checked first, and for USDC out, what the PSM's pocket holds.
 */
export async function skyTrade(
  ctx: Context,
  side: "buy" | "sell",
  body: TradeBody & { token_in?: string; token_out?: string },
) {
  const s = sky(ctx, "body");
  const sender = getAddress(body.sender) as Address;
  const fields = prefetchTxFields(s.client, CHAIN, sender);
  const stable = (side === "buy" ? body.token_in : body.token_out) as "DAI" | "USDC";
  const pull = (token: Erc20, spender: Address, spenderName: string, amount: bigint) =>
    assertPullable(s.client, CHAIN, { token, owner: sender, spender, spenderName, amount, loc: AMOUNT });
  let call: { to: Address; data: `0x${string}` };
  if (stable === "DAI") {
    const wad = toRawAmount(body.amount, 18, AMOUNT, side === "buy" ? "DAI" : "USDS");
    await pull(side === "buy" ? s.dai : s.usds, s.converter, "SkyDaiUsdsConverter", wad);
    call = converterCall(s.converter, side, sender, wad);
  } else {
    const terms = await readPsmTerms(s.client, s.psm, side);
    const gemAmt = toRawAmount(body.amount, terms.usdc.decimals, AMOUNT, "USDC");
    if (side === "buy") {
      await pull(terms.usdc, s.psm, "SkyUsdcUsdsConverter", gemAmt);
    } else {
      const usdsIn = usdsForGem(gemAmt, terms);
      const available = await readPsmPocket(s.client, s.psm, terms.usdc);
      if (available < gemAmt)
        throw fieldError(
          AMOUNT,
          `the USDS PSM holds ${formatUnits(available, 6)} USDC, less than ${body.amount}`,
        );
      await pull(s.usds, s.psm, "SkyUsdcUsdsConverter", usdsIn);
    }
    call = psmCall(s.psm, side, sender, gemAmt);
  }
  const transaction = await senderTransaction(s.client, CHAIN, { from: sender, ...call }, fields, {
    estimateGas: body.estimate_gas,
    refusal: `Sky's ${stable === "DAI" ? "DaiUsds converter" : "USDS PSM"} refuses the ${side}`,
  });
  return { transaction };
}

/** USDS into sUSDS or out of it (`"ALL"` redeems every share), as any ERC-4626 deposit or withdrawal. */
export async function skySavings(
  ctx: Context,
  kind: "deposit" | "withdraw",
  body: Omit<VaultWriteBody, "vault_address">,
) {
  const s = sky(ctx, "body");
  const write = vaultWriteOf({ ...body, vault_address: s.savings }, ctx);
  return { transaction: await vaultTransaction(kind, { ...write, spenderName: "SkyUsdsVault" }) };
}
