import { loadArtifact } from "../contracts/artifacts.ts";
import { type Create2Deployment, create2Deployment } from "./deploy.ts";
import { type EarnChain, earnTokens } from "./tokens.ts";

/**
 * Plain OpenZeppelin ERC-4626 vaults (contracts/Erc4626Vault.sol): no registry lists them, so they show
 * that a vault the API has never seen is read and managed by its address alone. `seed` is deposited by
 * `earn_operator` at bootstrap, so each has TVL.
 */
export const PLAIN_VAULTS = [
  { asset: "USDC", seed: "250000" },
  { asset: "WETH", seed: "100" },
] as const;
export type PlainVault = (typeof PLAIN_VAULTS)[number];

/** "Devnet USDC Vault" (dvUSDC), "Devnet WETH Vault" (dvWETH; dvWBNB on bsc). */
export function plainVaultDeployment(chain: EarnChain, vault: PlainVault): Create2Deployment {
  const asset = earnTokens(chain)[vault.asset];
  return create2Deployment(`earn.erc4626:dv${vault.asset}`, loadArtifact("Erc4626Vault"), [
    asset.address,
    `Devnet ${asset.symbol} Vault`,
    `dv${asset.symbol}`,
  ]);
}
