import { rwaExchangeAbi, rwaTokenAbi, USDC } from "@compass/constants";
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseUnits } from "viem";
import { roleAccount } from "../accounts.ts";
import { ensureCreate2 } from "../bootstrap/create2.ts";
import { sendAndConfirm } from "../bootstrap/tx.ts";
import { fiatTokenAbi } from "../contracts/abi.ts";
import { exchangeDeployment, rwaTokenDeployment } from "../tokenized/deployments.ts";
import {
  DEVNET_MARKETS,
  type DevnetMarket,
  MARKETS_T0,
  marketSeed,
  VENUE_USDC,
} from "../tokenized/markets.ts";
import type { ChainExtension, ExtensionContext } from "./types.ts";

const CHAINS = ["ethereum", "base"] as const;

function marketsOn(chain: string): DevnetMarket[] {
  return DEVNET_MARKETS.filter((m) => (m.asset.chains as string[]).includes(chain));
}

/**
 * The secondary market for tokenized assets on ethereum and base: one ERC-20 per asset (issued by
 * `fund_issuer`), and the RwaExchange venue listing each of them around its seeded reference price, with
 * inventory and USDC stocked by `market_maker`. Every step checks chain state first, so re-runs are cheap.
 */
export const rwaMarketsExtension: ChainExtension = {
  name: "tokenized-assets-markets",
  chains: CHAINS,
  async ensure(ctx) {
    const deployer = roleAccount("deployer").address;
    const exchange = await ensureCreate2(ctx.clients, {
      from: deployer,
      ...exchangeDeployment(ctx.spec.name),
      what: "deploying RwaExchange",
    });
    for (const market of marketsOn(ctx.spec.name)) {
      const token = await ensureCreate2(ctx.clients, {
        from: deployer,
        ...rwaTokenDeployment(market.asset.symbol),
        what: `deploying ${market.asset.symbol}`,
      });
      await listMarket(ctx, exchange, token, market);
      await stockToken(ctx, exchange, token, market);
    }
    await stockUsdc(ctx, exchange);
  },
  contracts: (chain) => ({ RwaExchange: exchangeDeployment(chain).address }),
  tokens: (chain) =>
    Object.fromEntries(
      marketsOn(chain).map(({ asset }) => [
        asset.symbol,
        {
          address: rwaTokenDeployment(asset.symbol).address,
          decimals: asset.decimals,
          name: asset.name,
          symbol: asset.symbol,
          provider: asset.provider,
          asset_class: asset.asset_class,
        },
      ]),
    ),
};

async function send(ctx: ExtensionContext, from: Address, to: Address, data: Hex, what: string) {
  await sendAndConfirm(ctx.clients, { from, to, data, what: `${ctx.spec.name}: ${what}` });
}

async function listMarket(ctx: ExtensionContext, exchange: Address, token: Address, m: DevnetMarket) {
  const [listed] = await ctx.clients.public.readContract({
    address: exchange,
    abi: rwaExchangeAbi,
    functionName: "markets",
    args: [token],
  });
  if (listed) return;
  const args = [
    token,
    marketSeed(m.asset.symbol),
    parseUnits(m.p0, 18),
    BigInt(MARKETS_T0),
    m.apyBps,
    m.volBps,
    m.spreadBps,
  ] as const;
  const data = encodeFunctionData({ abi: rwaExchangeAbi, functionName: "list", args });
  await send(ctx, roleAccount("market_maker").address, exchange, data, `listing ${m.asset.symbol}`);
}

/** The issuer mints the market maker's inventory, which the market maker moves into the venue. */
async function stockToken(ctx: ExtensionContext, exchange: Address, token: Address, m: DevnetMarket) {
  const read = (who: Address) =>
    ctx.clients.public.readContract({
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [who],
    });
  if ((await read(exchange)) > 0n) return;
  const maker = roleAccount("market_maker").address;
  const amount = parseUnits(m.inventory, m.asset.decimals);
  const mint = encodeFunctionData({ abi: rwaTokenAbi, functionName: "mint", args: [maker, amount] });
  await send(ctx, roleAccount("fund_issuer").address, token, mint, `minting ${m.asset.symbol} inventory`);
  const move = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [exchange, amount] });
  await send(ctx, maker, token, move, `stocking ${m.asset.symbol}`);
}

async function stockUsdc(ctx: ExtensionContext, exchange: Address) {
  const usdc = USDC[ctx.spec.name]!.address;
  const balance = await ctx.clients.public.readContract({
    address: usdc,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [exchange],
  });
  if (balance > 0n) return;
  const maker = roleAccount("market_maker").address;
  const mint = encodeFunctionData({ abi: fiatTokenAbi, functionName: "mint", args: [maker, VENUE_USDC] });
  await send(ctx, roleAccount("usdc_admin").address, usdc, mint, "minting venue USDC");
  const move = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [exchange, VENUE_USDC] });
  await send(ctx, maker, usdc, move, "stocking venue USDC");
}
