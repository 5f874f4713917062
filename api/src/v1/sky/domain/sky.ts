import { type Address, encodeFunctionData, formatUnits, getAddress, parseAbi } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { assertPullable, type Erc20 } from "../../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { prefetchTxFields, senderTransaction } from "../../../kernel/chain/transaction.ts";
import { addressBook } from "../../../kernel/config/env.ts";
import type { Context } from "../../../kernel/context.ts";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import { jsonInt, toRawAmount } from "../../../kernel/lib/amounts.ts";
import { vaultWrite } from "../../vaults/index.ts";

const CHAIN = "ethereum";
const converterAbi = parseAbi([
  "function daiToUsds(address usr, uint256 wad)",
  "function usdsToDai(address usr, uint256 wad)",
]);
const psmAbi = parseAbi([
  "function sellGem(address usr, uint256 gemAmt) returns (uint256 usdsOutWad)",
  "function buyGem(address usr, uint256 gemAmt) returns (uint256 usdsInWad)",
  "function tin() view returns (uint256)",
  "function tout() view returns (uint256)",
  "function to18ConversionFactor() view returns (uint256)",
  "function gem() view returns (address)",
  "function pocket() view returns (address)",
]);
const savingsAbi = parseAbi([
  "function balanceOf(address) view returns (uint256)",
  "function convertToAssets(uint256 shares) view returns (uint256)",
]);
const erc20 = parseAbi(["function balanceOf(address) view returns (uint256)"]);
const WAD = 10n ** 18n;

/** Sky on ethereum, by the address book's names; a deployment without it is a 422 on `chain`. */
function sky(ctx: Context, at: "query" | "body") {
  const book = addressBook(ctx.config);
  const c = book?.chains[CHAIN]?.contracts ?? {};
  const t = book?.tokens?.[CHAIN] ?? {};
  if (!c.SkyDaiUsds || !c.SkyUsdsPsmWrapper || !c.SkySavingsUsds || !t.DAI || !t.USDS)
    throw fieldError([at, "chain"], "Sky is not deployed on ethereum in this deployment");
  const token = (symbol: "DAI" | "USDS"): Erc20 => ({
    address: getAddress(t[symbol]!.address),
    symbol,
    decimals: 18,
  });
  return {
    client: ctx.services.chains.get(CHAIN, [at, "chain"]),
    converter: getAddress(c.SkyDaiUsds),
    psm: getAddress(c.SkyUsdsPsmWrapper),
    savings: getAddress(c.SkySavingsUsds),
    dai: token("DAI"),
    usds: token("USDS"),
  };
}

/** The wallet's sUSDS: its shares (raw) and the USDS they redeem for now (the savings rate accrued to now). */
export async function skyPosition(ctx: Context, query: { user_address: string }) {
  const s = sky(ctx, "query");
  const user = getAddress(query.user_address);
  try {
    const shares = await s.client.readContract({
      address: s.savings,
      abi: savingsAbi,
      functionName: "balanceOf",
      args: [user],
      blockTag: NEXT_BLOCK,
    });
    const assets = await s.client.readContract({
      address: s.savings,
      abi: savingsAbi,
      functionName: "convertToAssets",
      args: [shares],
      blockTag: NEXT_BLOCK,
    });
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
  let to: Address;
  let data: `0x${string}`;
  if (stable === "DAI") {
    const wad = toRawAmount(body.amount, 18, AMOUNT, side === "buy" ? "DAI" : "USDS");
    await pull(side === "buy" ? s.dai : s.usds, s.converter, "SkyDaiUsdsConverter", wad);
    to = s.converter;
    data = encodeFunctionData({
      abi: converterAbi,
      functionName: side === "buy" ? "daiToUsds" : "usdsToDai",
      args: [sender, wad],
    });
  } else {
    const read = <T>(functionName: "tin" | "tout" | "to18ConversionFactor" | "gem" | "pocket") =>
      s.client.readContract({
        address: s.psm,
        abi: psmAbi,
        functionName,
        blockTag: NEXT_BLOCK,
      }) as Promise<T>;
    const [gem, factor, fee] = await Promise.all([
      read<Address>("gem"),
      read<bigint>("to18ConversionFactor"),
      read<bigint>(side === "buy" ? "tin" : "tout"),
    ]).catch((e) => rethrowRpc(CHAIN, e));
    const usdc: Erc20 = { address: getAddress(gem), symbol: "USDC", decimals: 6 };
    const gemAmt = toRawAmount(body.amount, usdc.decimals, AMOUNT, "USDC");
    if (side === "buy") {
      await pull(usdc, s.psm, "SkyUsdcUsdsConverter", gemAmt);
    } else {
      const usdsIn = gemAmt * factor + (gemAmt * factor * fee) / WAD;
      const pocket = await read<Address>("pocket");
      const available = await s.client
        .readContract({
          address: usdc.address,
          abi: erc20,
          functionName: "balanceOf",
          args: [pocket],
          blockTag: NEXT_BLOCK,
        })
        .catch((e) => rethrowRpc(CHAIN, e));
      if (available < gemAmt)
        throw fieldError(
          AMOUNT,
          `the USDS PSM holds ${formatUnits(available, 6)} USDC, less than ${body.amount}`,
        );
      await pull(s.usds, s.psm, "SkyUsdcUsdsConverter", usdsIn);
    }
    to = s.psm;
    data = encodeFunctionData({
      abi: psmAbi,
      functionName: side === "buy" ? "sellGem" : "buyGem",
      args: [sender, gemAmt],
    });
  }
  const transaction = await senderTransaction(s.client, CHAIN, { from: sender, to, data }, fields, {
    estimateGas: body.estimate_gas,
    refusal: `Sky's ${stable === "DAI" ? "DaiUsds converter" : "USDS PSM"} refuses the ${side}`,
  });
  return { transaction };
}

/** USDS into sUSDS or out of it (`"ALL"` redeems every share), as any ERC-4626 through the vaults group. */
export function skySavings(
  ctx: Context,
  kind: "deposit" | "withdraw",
  body: {
    chain: "ethereum";
    sender: string;
    estimate_gas: boolean;
    amount: string;
    receiver?: string | null;
  },
) {
  const s = sky(ctx, "body");
  return vaultWrite(kind, { ...body, vault_address: s.savings }, ctx, { spenderName: "SkyUsdsVault" });
}
