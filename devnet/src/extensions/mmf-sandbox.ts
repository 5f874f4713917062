import { MMF_SYMBOL } from "@compass/constants";
import { roleAccount } from "../accounts.ts";
import { ensureCreate2 } from "../bootstrap/create2.ts";
import { fundTokenDeployment } from "../tokenized/deployments.ts";
import type { ChainExtension } from "./types.ts";

/**
 * The sandbox money-market fund's share token on ethereum_sepolia. Nothing is minted here: shares exist
 * only once the issuer twin settles a subscription at a NAV cycle.
 */
export const mmfSandboxExtension: ChainExtension = {
  name: "tokenized-assets-mmf-sandbox",
  chains: ["ethereum_sepolia"],
  async ensure({ clients }) {
    await ensureCreate2(clients, {
      from: roleAccount("deployer").address,
      ...fundTokenDeployment(),
      what: `deploying ${MMF_SYMBOL}`,
    });
  },
  tokens: () => ({
    [MMF_SYMBOL]: {
      address: fundTokenDeployment().address,
      decimals: 6,
      name: "Sandbox Government Money Market Fund (sandbox token, no economic value)",
      symbol: MMF_SYMBOL,
      provider: "issuer",
      asset_class: "MONEY_MARKET",
    },
  }),
};
