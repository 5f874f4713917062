import { aaveOracleAbi, aavePoolAbi, aaveProtocolDataProviderAbi } from "@compass/constants";
import {
  type Address,
  erc20Abi,
  formatUnits,
  getAddress,
  maxUint256,
  parseAbi,
  parseEventLogs,
  parseUnits,
} from "viem";
import { roleAccount } from "../accounts.ts";
import type { ExtensionContext } from "../extensions/types.ts";
import { aaveDeployments, PRICE_FEEDS, priceFeedDeployment } from "./aave.ts";
import { callContract } from "./deploy.ts";
import { approveOnce, fund } from "./funding.ts";
import { type EarnChain, type EarnTokenKey, earnTokens } from "./tokens.ts";

/**
 * Market stress on the devnet: a price feed moved by its updater (as a Chainlink report of a move would), and
 * the `liquidator` role liquidating an Aave position whose health factor that move pushed below 1 — through
 * the pool's own liquidationCall, with the debt token obtained the way it really is (minted USDC, wrapped
 * WETH), taking the collateral plus the reserve's liquidation bonus.
 */

const feedAbi = parseAbi([
  "function setAnswer(int256 answer)",
  "function latestAnswer() view returns (int256)",
]);

/** Sets the USD price (8 decimals on chain) of one of the chain's fed tokens; returns the old and new price. */
export async function setFeedPrice(ctx: ExtensionContext, symbol: string, usd: string) {
  const chain = ctx.spec.name as EarnChain;
  const tokens = earnTokens(chain);
  const key = PRICE_FEEDS.find((k) => tokens[k].symbol.toLowerCase() === symbol.toLowerCase());
  if (!key)
    throw new Error(
      `${chain} has no price feed for ${symbol} (feeds: ${PRICE_FEEDS.map((k) => tokens[k].symbol).join(", ")})`,
    );
  const answer = parseUnits(usd, 8);
  if (answer <= 0n) throw new Error("the price must be positive");
  const feed = priceFeedDeployment(chain, key).address;
  const read = () =>
    ctx.clients.public.readContract({ address: feed, abi: feedAbi, functionName: "latestAnswer" });
  const previous = await read();
  await callContract(ctx, {
    from: roleAccount("earn_operator").address,
    address: feed,
    abi: feedAbi,
    functionName: "setAnswer",
    args: [answer],
  });
  return {
    symbol: tokens[key].symbol,
    previous: formatUnits(previous, 8),
    price: formatUnits(await read(), 8),
  };
}

/**
 * Liquidates `user`'s Aave position: its largest debt (at the oracle's prices) against its largest collateral,
 * as much as the pool's close factor allows (debtToCover = max). Refuses a healthy position, as the pool would.
 */
export async function liquidateAaveAccount(ctx: ExtensionContext, user: Address) {
  const chain = ctx.spec.name as EarnChain;
  const d = aaveDeployments(chain);
  const read = ctx.clients.public;
  const [, , , , , health] = await read.readContract({
    address: d.pool,
    abi: aavePoolAbi,
    functionName: "getUserAccountData",
    args: [user],
  });
  if (health >= 10n ** 18n)
    throw new Error(
      `${user} has health factor ${health === maxUint256 ? "∞ (no debt)" : formatUnits(health, 18)} on ${chain}: not liquidatable`,
    );
  const assets = await read.readContract({
    address: d.pool,
    abi: aavePoolAbi,
    functionName: "getReservesList",
  });
  const rows = await Promise.all(
    assets.map(async (asset) => {
      const [position, price, decimals] = await Promise.all([
        read.readContract({
          address: d.dataProvider.address,
          abi: aaveProtocolDataProviderAbi,
          functionName: "getUserReserveData",
          args: [asset, user],
        }),
        read.readContract({
          address: d.oracle.address,
          abi: aaveOracleAbi,
          functionName: "getAssetPrice",
          args: [asset],
        }),
        read.readContract({ address: asset, abi: erc20Abi, functionName: "decimals" }),
      ]);
      const value = (amount: bigint) => (amount * price) / 10n ** BigInt(decimals);
      return {
        asset: getAddress(asset),
        collateral: position[8] ? value(position[0]) : 0n,
        debt: value(position[2]),
        owed: position[2],
        decimals,
      };
    }),
  );
  const largest = (key: "collateral" | "debt") => rows.reduce((a, b) => (b[key] > a[key] ? b : a));
  const [collateral, debt] = [largest("collateral"), largest("debt")];
  const tokens = earnTokens(chain);
  const debtToken = Object.values(tokens).find((t) => getAddress(t.address) === debt.asset);
  if (!debtToken) throw new Error(`no way to obtain ${debt.asset} on ${chain} for the liquidation`);
  const liquidator = roleAccount("liquidator").address;
  // the whole debt and a margin: the pool takes what the close factor allows and returns the rest untouched
  await fund(ctx, debtToken, liquidator, debt.owed + debt.owed / 100n + 1n);
  await approveOnce(ctx, debt.asset, liquidator, d.pool);
  const receipt = await callContract(ctx, {
    from: liquidator,
    address: d.pool,
    abi: aavePoolAbi,
    functionName: "liquidationCall",
    args: [collateral.asset, debt.asset, user, maxUint256, false],
  });
  const [event] = parseEventLogs({ abi: aavePoolAbi, eventName: "LiquidationCall", logs: receipt.logs });
  if (!event) throw new Error("liquidationCall emitted no LiquidationCall event");
  const symbolOf = (asset: Address) =>
    Object.values(tokens).find((t) => getAddress(t.address) === asset)?.symbol ?? asset;
  const decimalsOf = (asset: Address) => rows.find((r) => r.asset === asset)!.decimals;
  return {
    transactionHash: receipt.transactionHash,
    liquidator,
    debt: symbolOf(debt.asset),
    debtCovered: formatUnits(event.args.debtToCover, decimalsOf(debt.asset)),
    collateral: symbolOf(collateral.asset),
    collateralSeized: formatUnits(event.args.liquidatedCollateralAmount, decimalsOf(collateral.asset)),
    healthBefore: formatUnits(health, 18),
  };
}

export type { EarnTokenKey };
