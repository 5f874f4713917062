import { MULTICALL3, WETH } from "@compass/constants";
import {
  type Address,
  erc20Abi,
  erc4626Abi,
  formatUnits,
  getAddress,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { isWrongContract } from "../../../kernel/chain/contract-check.ts";
import { namedTokens } from "../../../kernel/chain/erc20.ts";
import { multicall3Abi } from "../../../kernel/chain/multicall.ts";
import { addressBook, type Config } from "../../../kernel/config/env.ts";
import type { Context } from "../../../kernel/context.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { priceOracle, usdPrices8 } from "../../../protocols/aave/index.ts";
import {
  inAsset,
  listedPendleMarkets,
  pendleRouterStatic,
  unitValue,
} from "../../../protocols/pendle/index.ts";

const aTokenAbi = parseAbi(["function UNDERLYING_ASSET_ADDRESS() view returns (address)"]);

/**
 * What a wallet can hold on a chain, by what values it: listed tokens at the price oracle; ERC-4626 vault shares
 * at what they redeem for; Aave aTokens and variable debt at their reserve's price (debt counted against the
 * total); Pendle PT, YT and LP at the static router's rates into the market's asset.
 */
type Kind = "token" | "vault" | "aToken" | "debt" | "pt" | "yt" | "lp";
interface Candidate {
  address: Address;
  kind: Kind;
  symbol?: string;
  decimals?: number;
  /** the Pendle market a PT, YT or LP belongs to */
  market?: Address;
}

function candidates(config: Config, chain: ChainName): Candidate[] {
  const contracts = Object.entries(addressBook(config)?.chains[chain]?.contracts ?? {});
  const named = namedTokens(config, chain);
  const listed = new Set(named.map((t) => t.address));
  const out: Candidate[] = [
    { address: zeroAddress, kind: "token", symbol: chain === "bsc" ? "BNB" : "ETH", decimals: 18 },
    ...named.map((t) => ({
      address: t.address,
      kind: "token" as const,
      symbol: t.symbol,
      decimals: t.decimals,
    })),
  ];
  const markets = listedPendleMarkets(config, chain);
  for (const [name, raw] of contracts) {
    const address = getAddress(raw);
    if (listed.has(address)) continue;
    const kind: Kind | null = /^(Erc4626Vault|MetaMorpho|EulerVault)/.test(name)
      ? "vault"
      : name.startsWith("AaveAToken_")
        ? "aToken"
        : name.startsWith("AaveVariableDebtToken_")
          ? "debt"
          : name.startsWith("PendlePT_")
            ? "pt"
            : name.startsWith("PendleYT_")
              ? "yt"
              : name.startsWith("PendleMarket_") && name !== "PendleMarketFactory"
                ? "lp"
                : null;
    if (!kind) continue;
    const market =
      kind === "pt" || kind === "yt" || kind === "lp"
        ? markets.get(name.replace(/^Pendle(PT|YT|Market)_/, ""))
        : undefined;
    if ((kind === "pt" || kind === "yt" || kind === "lp") && !market) continue;
    out.push({ address, kind, market });
  }
  return out;
}

/**
 * Every position `user` holds on `chain` at one block, each valued in USD (8 decimals internally), zero balances
 * and what cannot be priced left out; the total is their sum (debt subtracted).
 */
export async function portfolioOf(ctx: Context, chain: ChainName, userText: string) {
  const client = ctx.services.chains.get(chain, ["query", "chain"]);
  const user = getAddress(userText);
  const oracle = priceOracle(ctx.config, chain, ["query", "chain"]);
  const all = candidates(ctx.config, chain);
  try {
    const block = await client.getBlockNumber({ cacheTime: 0 });
    // the listed tokens' prices in one oracle read, alongside their balances; assets found behind a position
    // (a vault's, an aToken's reserve, a Pendle market's) are priced from it too, or read once if not listed
    const listed = [
      ...new Set(all.filter((c) => c.kind === "token").map((c) => priceAsset(chain, c.address))),
    ];
    const listedPrices = usdPrices8(client, chain, oracle, listed, block);
    listedPrices.catch(() => {}); // awaited after the balances; their failure must not leave it unhandled
    const balances = (await client.multicall({
      allowFailure: false,
      blockNumber: block,
      contracts: all.map((c) =>
        c.address === zeroAddress
          ? ({
              address: MULTICALL3,
              abi: multicall3Abi,
              functionName: "getEthBalance",
              args: [user],
            } as const)
          : ({ address: c.address, abi: erc20Abi, functionName: "balanceOf", args: [user] } as const),
      ),
    })) as bigint[];
    const held = all.map((c, i) => ({ ...c, raw: balances[i]! })).filter((h) => h.raw > 0n);
    const pendleStatic = pendleRouterStatic(ctx.config, chain);
    const known = new Map((await listedPrices).map((p, i) => [listed[i]!, p]));
    const price8 = async (asset: Address) => {
      const address = getAddress(asset);
      if (known.has(address)) return known.get(address)!;
      const [p] = await usdPrices8(client, chain, oracle, [address], block);
      return p ?? null;
    };
    const valued = await Promise.all(held.map((h) => value(client, chain, price8, h, block, pendleStatic)));
    let total8 = 0n;
    const token_balances = valued.flatMap((v) => {
      if (!v) return [];
      total8 += v.value8;
      const whole = Number(formatUnits(v.raw, v.decimals));
      const price8 =
        whole > 0 ? BigInt(Math.round(Number(v.value8 < 0n ? -v.value8 : v.value8) / whole)) : 0n;
      return [
        {
          amount: (v.value8 < 0n ? "-" : "") + formatUnits(v.raw, v.decimals),
          decimals: v.decimals,
          token_symbol: v.symbol,
          token_address: v.address,
          price: formatDecimal(price8, 8),
          token_value_in_usd: formatDecimal(v.value8, 8, 2),
        },
      ];
    });
    return { total_value_in_usd: formatDecimal(total8, 8, 2), token_balances };
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}

/** What the oracle prices for a listed token: the wrapped native token for the native coin. */
const priceAsset = (chain: ChainName, token: Address): Address =>
  token === zeroAddress ? getAddress(WETH[chain]!.address) : token;

async function value(
  client: PublicClient,
  chain: ChainName,
  price8: (asset: Address) => Promise<bigint | null>,
  h: Candidate & { raw: bigint },
  blockNumber: bigint,
  /** Pendle's quoting router on the chain, for PT, YT and LP rates */
  pendleStatic: Address | undefined,
): Promise<{ address: Address; symbol: string; decimals: number; raw: bigint; value8: bigint } | null> {
  const read = <T>(address: Address, abi: readonly unknown[], functionName: string, args: unknown[] = []) =>
    client.readContract({ address, abi, functionName, args, blockNumber } as never) as Promise<T>;
  const meta = async () =>
    h.symbol !== undefined
      ? { symbol: h.symbol, decimals: h.decimals! }
      : {
          symbol: String(await read<string>(h.address, erc20Abi, "symbol")),
          decimals: Number(await read<number>(h.address, erc20Abi, "decimals")),
        };
  const { symbol, decimals } = await meta();
  const out = (value8: bigint) => ({ address: h.address, symbol, decimals, raw: h.raw, value8 });
  if (h.kind === "token") {
    const p = await price8(priceAsset(chain, h.address));
    if (p !== null) return out((h.raw * p) / 10n ** BigInt(decimals));
    // a listed token the oracle does not price may be a vault's share (sUSDS, sUSDe): valued as one
    return asVault();
  }
  if (h.kind === "vault") return asVault();
  if (h.kind === "aToken" || h.kind === "debt") {
    const underlying = await read<Address>(h.address, aTokenAbi, "UNDERLYING_ASSET_ADDRESS");
    const p = await price8(underlying);
    if (p === null) return null;
    const v = (h.raw * p) / 10n ** BigInt(decimals);
    return out(h.kind === "debt" ? -v : v);
  }
  // Pendle: the static router's rate (asset per unit, 1e18) into the SY's accounting asset
  if (!pendleStatic) return null;
  const { asset, assetDecimals, rate } = await unitValue(
    client,
    pendleStatic,
    h.market!,
    h.kind,
    blockNumber,
  );
  const p = await price8(asset);
  if (rate === null || p === null) return null;
  return out((inAsset(h.raw, rate) * p) / 10n ** BigInt(assetDecimals));

  async function asVault() {
    try {
      const asset = await read<Address>(h.address, erc4626Abi, "asset");
      const [assets, assetDecimals, p] = await Promise.all([
        read<bigint>(h.address, erc4626Abi, "convertToAssets", [h.raw]),
        read<number>(asset, erc20Abi, "decimals"),
        price8(asset),
      ]);
      if (p === null) return null;
      return out((assets * p) / 10n ** BigInt(assetDecimals));
    } catch (error) {
      if (isWrongContract(error)) return null;
      throw error;
    }
  }
}
