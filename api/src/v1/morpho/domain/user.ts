import { type Address, erc20Abi, formatUnits, getAddress, type Log } from "viem";
import type { z } from "zod";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import type { Context } from "../../../kernel/context.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { VAULT_DEPOSIT_EVENT, VAULT_WITHDRAW_EVENT, vaultAbi } from "../../../protocols/erc4626/index.ts";
import {
  maxBorrow,
  morphoHealth,
  readMorphoPosition,
  readOwnerLogs,
  WAD,
} from "../../../protocols/morpho/index.ts";
import type { MarketPositionQuery } from "../schemas.ts";
import { marketFigures, marketKey, morphoMarketIds, morphoSingleton } from "./markets.ts";
import { metaMorphoVaults } from "./vaults.ts";

const usd = (raw: bigint, decimals: number, price: bigint | null) =>
  price === null ? 0n : (raw * price) / 10n ** BigInt(decimals); // 18-decimal USD
const usdText = (v: bigint) => formatDecimal(v, 18, 2);

/**
 * A wallet's Morpho: every Blue market it has been in (its events there) with the position now, and every
 * MetaMorpho vault of the chain's factories it holds shares of. PnL is what the position is worth now against
 * what went in and came out (events), in USD at the chain's oracle now: a supply's interest earned, a borrow's
 * interest owed (negative), a vault share's growth.
 */
export async function userPosition(ctx: Context, chain: ChainName, user: Address) {
  const client = ctx.services.chains.get(chain, ["query", "chain"]);
  const logs = ctx.services.chains.logs;
  const morpho = morphoSingleton(ctx, chain);
  try {
    const fromBlock = await logs.deploymentBlock(client, morpho);
    // one head block for every market read
    const head = client.getBlock({ blockTag: "latest" });
    head.catch(() => {});
    const [events, vaults] = await Promise.all([
      readOwnerLogs(client, logs, morpho, user, fromBlock, [
        "Withdraw",
        "Borrow",
        "WithdrawCollateral",
        "Supply",
        "Repay",
        "SupplyCollateral",
      ]),
      metaMorphoVaults(ctx, chain),
    ]);
    const ids = [...new Set(events.map((e) => e.args.id))];
    const marketPositions = await Promise.all(
      ids.map(async (id) => {
        const f = await marketFigures(ctx, chain, client, morpho, id, ["query", "user_address"], head);
        const { m } = f;
        const position = await readMorphoPosition(client, m, user);
        const { supplyShares, borrowShares, collateral } = position;
        const [supplyAssets, borrowAssets] = [position.supplied, position.borrowed];
        const net = (names: string[]) =>
          events
            .filter((e) => e.args.id === id && names.includes(e.eventName))
            .reduce((s, e) => s + (e.args.assets as bigint), 0n);
        // interest: what the supply is worth above what went in net, less what the debt grew above what was borrowed net
        const pnl =
          supplyAssets -
          (net(["Supply"]) - net(["Withdraw"])) -
          (borrowAssets - (net(["Borrow"]) - net(["Repay"])));
        const health = morphoHealth(m, collateral, borrowAssets);
        const pnlUsd = (pnl < 0n ? -1n : 1n) * usd(pnl < 0n ? -pnl : pnl, m.loan.decimals, f.loanUsd);
        return {
          row: {
            market: { uniqueKey: id },
            healthFactor: health === null ? null : formatDecimal(health, 18, 6),
            // the collateral's price may fall by this fraction before the position can be liquidated
            priceVariationToLiquidationPrice:
              health === null || health === 0n ? null : formatDecimal(WAD - (WAD * WAD) / health, 18, 6),
            state: {
              pnlUsd: usdText(pnlUsd),
              borrowAssets: formatUnits(borrowAssets, m.loan.decimals),
              borrowShares: borrowShares.toString(),
              borrowAssetsUsd: usdText(usd(borrowAssets, m.loan.decimals, f.loanUsd)),
              collateral: formatUnits(collateral, m.collateral.decimals),
              collateralUsd: usdText(usd(collateral, m.collateral.decimals, f.collateralUsd)),
              supplyAssets: formatUnits(supplyAssets, m.loan.decimals),
              supplyShares: supplyShares.toString(),
              supplyAssetsUsd: usdText(usd(supplyAssets, m.loan.decimals, f.loanUsd)),
            },
          },
          pnlUsd,
          borrowUsd: usd(borrowAssets, m.loan.decimals, f.loanUsd),
          collateralUsd: usd(collateral, m.collateral.decimals, f.collateralUsd),
          supplyUsd: usd(supplyAssets, m.loan.decimals, f.loanUsd),
        };
      }),
    );
    const held = await Promise.all(
      vaults.map(async (v) => {
        const shares = await client.readContract({
          address: v.address,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [user],
        });
        if (shares === 0n) return null;
        const [assets, deposits, withdrawals, name] = await Promise.all([
          client.readContract({
            address: v.address,
            abi: vaultAbi,
            functionName: "convertToAssets",
            args: [shares],
          }),
          logs.getLogs(client, { address: v.address, event: VAULT_DEPOSIT_EVENT, args: { owner: user } }),
          logs.getLogs(client, { address: v.address, event: VAULT_WITHDRAW_EVENT, args: { owner: user } }),
          client.readContract({ address: v.asset.address, abi: erc20Abi, functionName: "name" }),
        ]);
        const sum = (ls: Log[]) =>
          ls.reduce((s, l) => s + (l as unknown as { args: { assets: bigint } }).args.assets, 0n);
        const pnl = assets - (sum(deposits) - sum(withdrawals));
        const pnlUsd = (pnl < 0n ? -1n : 1n) * usd(pnl < 0n ? -pnl : pnl, v.asset.decimals, v.assetUsd);
        const apy = (p?: string) => {
          const net = (Number(p ?? 0) / 100 || 0).toFixed(6);
          return { apy: net, netApy: net };
        };
        return {
          row: {
            id: `${v.address}-${user}`,
            state: {
              pnlUsd: usdText(pnlUsd),
              assets: formatUnits(assets, v.asset.decimals),
              assetsUsd: usdText(usd(assets, v.asset.decimals, v.assetUsd)),
              shares: formatUnits(shares, v.decimals),
            },
            vault: {
              address: v.address,
              name: v.name,
              symbol: v.symbol,
              whitelisted: true,
              asset: {
                name,
                symbol: v.asset.symbol,
                address: v.asset.address,
                decimals: v.asset.decimals,
                priceUsd: v.assetUsd === null ? null : formatDecimal(v.assetUsd, 18),
                logoURI: null,
              },
              dailyApys: apy(v.apys.daily),
              weeklyApys: apy(v.apys.weekly),
              monthlyApys: apy(v.apys.monthly),
            },
          },
          pnlUsd,
          assetsUsd: usd(assets, v.asset.decimals, v.assetUsd),
        };
      }),
    );
    const vaultRows = held.filter((h) => h !== null);
    const total = <T>(rows: T[], key: (r: T) => bigint) => usdText(rows.reduce((s, r) => s + key(r), 0n));
    return {
      state: {
        vaultsPnlUsd: total(vaultRows, (r) => r.pnlUsd),
        vaultsAssetsUsd: total(vaultRows, (r) => r.assetsUsd),
        marketsPnlUsd: total(marketPositions, (r) => r.pnlUsd),
        marketsBorrowAssetsUsd: total(marketPositions, (r) => r.borrowUsd),
        marketsCollateralUsd: total(marketPositions, (r) => r.collateralUsd),
        marketsSupplyAssetsUsd: total(marketPositions, (r) => r.supplyUsd),
      },
      vaultPositions: vaultRows.map((r) => r.row),
      marketPositions: marketPositions.map((r) => r.row),
    };
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}

/**
 * GET /v1/morpho/market_position: `user_address`'s borrow in one market — its shares, what they owe now, its
 * collateral, and its LTV at the market's oracle against the LLTV.
 */
export async function readMarketPosition(ctx: Context, query: z.output<typeof MarketPositionQuery>) {
  const loc = ["query", "unique_market_key"];
  const id = marketKey(query.unique_market_key, loc);
  const { client, morpho } = await morphoMarketIds(ctx, query.chain);
  const { m } = await marketFigures(ctx, query.chain, client, morpho, id, loc);
  const p = await readMorphoPosition(client, m, getAddress(query.user_address));
  // the collateral's worth in loan tokens at the LLTV is maxBorrow; at 100 % it is that over the LLTV
  const worth = m.params.lltv === 0n ? 0n : (maxBorrow(m, p.collateral) * WAD) / m.params.lltv;
  return {
    borrow_shares:
      Number(p.borrowShares) <= Number.MAX_SAFE_INTEGER ? Number(p.borrowShares) : p.borrowShares.toString(),
    borrow_amount: formatDecimal(p.borrowed, m.loan.decimals),
    collateral_amount: formatDecimal(p.collateral, m.collateral.decimals),
    current_loan_to_value: worth === 0n ? "0" : formatDecimal((p.borrowed * WAD) / worth, 18, 6),
    liquidation_loan_to_value_threshold: formatDecimal(m.params.lltv, 18),
  };
}
