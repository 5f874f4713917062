import { morphoBlueAbi } from "@compass/constants";
import {
  type Address,
  erc20Abi,
  getAddress,
  type Hex,
  type PublicClient,
  parseAbiItem,
  zeroAddress,
} from "viem";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { addressBook, type Config } from "../../../kernel/config/env.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { oraclePrice } from "../../earn/index.ts";
import { morphoBorrowRate } from "../../../protocols/morpho/market.ts";

/** Morpho Blue's CreateMarket (its own signature: the id and the market's immutable parameters). */
export const MORPHO_CREATE_MARKET_EVENT = parseAbiItem(
  "event CreateMarket(bytes32 indexed id, (address loanToken, address collateralToken, address oracle, address irm, uint256 lltv) marketParams)",
);

const WAD = 10n ** 18n;
const YEAR = 365 * 86_400;

export function morphoSingleton(config: Config, chain: ChainName): Address {
  const morpho = addressBook(config)?.chains[chain]?.contracts.MorphoBlue;
  if (!morpho)
    throw fieldError(["query", "chain"], `Morpho Blue is not deployed on ${chain} in this deployment`);
  return getAddress(morpho);
}

/**
 * Every market of the chain's Morpho Blue (its CreateMarket events, bounded eth_getLogs pages from the
 * singleton's deployment) with its state for the next block: totals, the fee, the rate model's borrow rate
 * (per second, compounded to an APY as Morpho's own front end does) and the supply rate it implies
 * (borrow × utilisation × (1 − fee)); USD values at the chain's oracle where it prices the token.
 */
export async function readMorphoMarkets(input: {
  config: Config;
  client: PublicClient;
  logs: LogReader;
  chain: ChainName;
}) {
  const { config, client, chain } = input;
  const morpho = morphoSingleton(config, chain);
  const fromBlock = await input.logs.deploymentBlock(client, morpho);
  const created = (await input.logs.getLogs(client, {
    address: morpho,
    event: MORPHO_CREATE_MARKET_EVENT,
    fromBlock,
  })) as unknown as {
    args: {
      id: Hex;
      marketParams: {
        loanToken: Address;
        collateralToken: Address;
        oracle: Address;
        irm: Address;
        lltv: bigint;
      };
    };
  }[];
  const at = { blockTag: NEXT_BLOCK } as const;
  const tokens = new Map<string, Promise<{ symbol: string; decimals: number }>>();
  const token = (address: Address) => {
    const key = address.toLowerCase();
    if (!tokens.has(key))
      tokens.set(
        key,
        address === zeroAddress
          ? Promise.resolve({ symbol: "", decimals: 18 })
          : Promise.all([
              client.readContract({ address, abi: erc20Abi, functionName: "symbol", ...at }),
              client.readContract({ address, abi: erc20Abi, functionName: "decimals", ...at }),
            ]).then(([symbol, decimals]) => ({ symbol, decimals })),
      );
    return tokens.get(key)!;
  };
  return Promise.all(
    created.map(async ({ args: { id, marketParams: p } }) => {
      const state = await client.readContract({
        address: morpho,
        abi: morphoBlueAbi,
        functionName: "market",
        args: [id],
        ...at,
      });
      const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee] =
        state as readonly bigint[] as [bigint, bigint, bigint, bigint, bigint, bigint];
      const [loan, collateral, ratePerSecond, loanPrice] = await Promise.all([
        token(p.loanToken),
        token(p.collateralToken),
        morphoBorrowRate(client, p, {
          totalSupplyAssets,
          totalSupplyShares,
          totalBorrowAssets,
          totalBorrowShares,
          lastUpdate,
          fee,
        }),
        oraclePrice(config, client, chain, p.loanToken),
      ]);
      const utilization =
        totalSupplyAssets === 0n ? 0 : Number((totalBorrowAssets * WAD) / totalSupplyAssets) / 1e18;
      const borrowApy = Math.expm1((Number(ratePerSecond) / 1e18) * YEAR);
      const supplyApy = borrowApy * utilization * (1 - Number(fee) / 1e18);
      const available = totalSupplyAssets > totalBorrowAssets ? totalSupplyAssets - totalBorrowAssets : 0n;
      // the oracle's price is 18-decimal USD per whole token
      const usd = (raw: bigint) =>
        loanPrice === null
          ? undefined
          : formatDecimal((raw * loanPrice) / 10n ** BigInt(loan.decimals), 18, 2);
      const tvl = usd(totalSupplyAssets);
      const liquidity = usd(available);
      return {
        market_id: id,
        loan_token: getAddress(p.loanToken),
        loan_token_symbol: loan.symbol,
        loan_token_decimals: loan.decimals,
        collateral_token: getAddress(p.collateralToken),
        collateral_token_symbol: collateral.symbol,
        collateral_token_decimals: collateral.decimals,
        oracle: getAddress(p.oracle),
        irm: getAddress(p.irm),
        lltv: formatDecimal(p.lltv, 16),
        supply_apy: (supplyApy * 100).toFixed(4),
        borrow_apy: (borrowApy * 100).toFixed(4),
        utilization: (utilization * 100).toFixed(4),
        total_supply_assets: formatDecimal(totalSupplyAssets, loan.decimals),
        total_borrow_assets: formatDecimal(totalBorrowAssets, loan.decimals),
        available_liquidity: formatDecimal(available, loan.decimals),
        fee: formatDecimal(fee, 16),
        ...(tvl === undefined ? {} : { tvl_usd: tvl }),
        ...(liquidity === undefined ? {} : { liquidity_usd: liquidity }),
      };
    }),
  );
}
