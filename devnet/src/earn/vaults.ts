import { loadArtifact } from "../contracts/artifacts.ts";
import { type Create2Deployment, create2Deployment } from "./deploy.ts";
import { type EarnChain, earnTokens } from "./tokens.ts";

/**
 * Plain OpenZeppelin ERC-4626 vaults (contracts/Erc4626Vault.sol): no registry lists them, so they show
 * that a vault the API has never seen is read and managed by its address alone. `seed` is deposited by
 * `earn_operator` at bootstrap, so each has TVL.
 */
export const PLAIN_VAULTS = [
  { key: "Erc4626VaultUSDC", asset: "USDC", name: "Devnet USDC Vault", symbol: "dvUSDC", seed: "250000" },
  { key: "Erc4626VaultWETH", asset: "WETH", name: "Devnet WETH Vault", symbol: "dvWETH", seed: "100" },
] as const;
export type PlainVault = (typeof PLAIN_VAULTS)[number];

export function plainVaultDeployment(chain: EarnChain, vault: PlainVault): Create2Deployment {
  const asset = earnTokens(chain)[vault.asset].address;
  return create2Deployment(`earn.erc4626:${vault.symbol}`, loadArtifact("Erc4626Vault"), [
    asset,
    vault.name,
    vault.symbol,
  ]);
}
