import { aavePoolAbi, aaveProtocolDataProviderAbi } from "@compass/constants";
import { erc20Abi, type PublicClient, zeroAddress } from "viem";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import type { Erc20 } from "../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import type { AaveMarket } from "./market.ts";
import { RAY } from "./rates.ts";
import { type AaveReserve, configOf, dataOf } from "./reserves.ts";

/**
 * One reserve as a supply or a withdrawal sent now meets it (the next block): its configuration and state with
 * what the protocol's limits need — the supply cap, the cash the aToken holds, the liquidity index a supply or
 * withdrawal would use — in one batched read after the reserve's tokens.
 */
export interface AaveReserveState extends Omit<AaveReserve, "priceUsd8"> {
  /** whole tokens; 0 = no cap */
  supplyCap: bigint;
  /** aTokens outstanding with what the treasury accrued, and the debt */
  totalSupplied: bigint;
  totalBorrowed: bigint;
  /** what the aToken holds: what can be withdrawn or borrowed now */
  cash: bigint;
  /** ray: the liquidity index for the next block */
  normalizedIncome: bigint;
}

/** The reserve of `token`; null when `token` is no reserve of the market. */
export async function readAaveReserve(
  client: PublicClient,
  market: AaveMarket,
  token: Erc20,
): Promise<AaveReserveState | null> {
  const dp = {
    address: market.dataProvider,
    abi: aaveProtocolDataProviderAbi,
    blockTag: NEXT_BLOCK,
  } as const;
  const asset = token.address;
  // a token the market does not list has no aToken; the other reads are only meaningful for a reserve
  const [aToken, , variableDebtToken] = await client.readContract({
    ...dp,
    functionName: "getReserveTokensAddresses",
    args: [asset],
  });
  if (aToken === zeroAddress) return null;
  const [config, caps, paused, data, income, cash] = await Promise.all([
    client.readContract({ ...dp, functionName: "getReserveConfigurationData", args: [asset] }),
    client.readContract({ ...dp, functionName: "getReserveCaps", args: [asset] }),
    client.readContract({ ...dp, functionName: "getPaused", args: [asset] }),
    client.readContract({ ...dp, functionName: "getReserveData", args: [asset] }),
    client.readContract({
      address: market.pool,
      abi: aavePoolAbi,
      functionName: "getReserveNormalizedIncome",
      args: [asset],
      blockTag: NEXT_BLOCK,
    }),
    client.readContract({
      address: asset,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [aToken],
      blockTag: NEXT_BLOCK,
    }),
  ]);
  const d = dataOf(data);
  return {
    ...configOf(config),
    ...d,
    asset,
    symbol: token.symbol,
    decimals: token.decimals,
    aToken,
    variableDebtToken,
    paused,
    supplyCap: caps[1],
    totalSupplied: d.totalAToken + (d.accruedToTreasuryScaled * income) / RAY,
    totalBorrowed: d.totalStableDebt + d.totalVariableDebt,
    cash,
    normalizedIncome: income,
  };
}

/** The reserve of `token`, or a 422 on `loc` when the market does not list it. */
export async function readAaveReserveOrThrow(
  client: PublicClient,
  market: AaveMarket,
  token: Erc20,
  loc: Loc,
): Promise<AaveReserveState> {
  const reserve = await readAaveReserve(client, market, token).catch((e) => rethrowRpc(market.chain, e));
  if (!reserve) throw fieldError(loc, `${token.symbol} is not a reserve of Aave v3 on ${market.chain}`);
  return reserve;
}
