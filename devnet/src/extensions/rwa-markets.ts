import type { Address } from "viem";
import { roleAccount } from "../accounts.ts";
import { ensureCreate2 } from "../bootstrap/create2.ts";
import { rwaTokenDeployment } from "../tokenized/deployments.ts";
import { DEVNET_MARKETS, type DevnetMarket } from "../tokenized/markets.ts";
import type { ChainExtension } from "./types.ts";

const CHAINS = ["ethereum", "base"] as const;

function marketsOn(chain: string): DevnetMarket[] {
  return DEVNET_MARKETS.filter((m) => (m.asset.chains as string[]).includes(chain));
}

/**
 * The issuer-traded tokenized assets on ethereum and base: one ERC-20 per asset, issued by `fund_issuer` (who
 * stands for Midas and Centrifuge). Their primary markets — Midas's deposit and redemption vaults, the Centrifuge
 * ERC-7540 vault — are installed by the `issuer-vaults` extension, which runs after this one.
 */
export const rwaMarketsExtension: ChainExtension = {
  name: "tokenized-assets-markets",
  chains: CHAINS,
  async ensure(ctx) {
    const deployer = roleAccount("deployer").address;
    for (const market of marketsOn(ctx.spec.name)) {
      await ensureCreate2(ctx.clients, {
        from: deployer,
        ...rwaTokenDeployment(market.asset.symbol),
        what: `deploying ${market.asset.symbol}`,
      });
    }
  },
  tokens: (chain) =>
    Object.fromEntries(
      marketsOn(chain).map(({ asset }) => [
        asset.symbol,
        {
          address: rwaTokenDeployment(asset.symbol).address as Address,
          decimals: asset.decimals,
          name: asset.name,
          symbol: asset.symbol,
          provider: asset.provider,
          asset_class: asset.asset_class,
        },
      ]),
    ),
};
