import { type Address, encodeDeployData, getContractAddress, type Hex, keccak256, stringToHex } from "viem";
import { roleAccount } from "../accounts.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import { type Create2Deployment, create2Deployment } from "./deploy.ts";
import { MORPHO_MARKETS, morphoDeployments } from "./morpho.ts";
import type { EarnChain } from "./tokens.ts";

/**
 * Curated vaults over Morpho Blue with MetaMorpho's public ABI (contracts/MetaMorphoTwin.sol — our own,
 * Morpho publishes no MetaMorpho build on npm), created through MetaMorphoTwinFactory so they are found from
 * its `CreateMetaMorpho` events. Owned and curated by `deployer`, timelock 0 (caps apply at once), seeded by
 * `earn_operator`. Only USDC vaults: the devnet's Blue markets all lend USDC.
 */
export const METAMORPHO_VAULTS = [
  {
    key: "MetaMorphoUSDC",
    asset: "USDC",
    name: "Devnet Morpho USDC",
    symbol: "dmUSDC",
    /** supply cap per market of MORPHO_MARKETS, in the asset's units; the supply queue follows this order */
    caps: ["5000000", "3000000"],
    seed: "200000",
  },
] as const;
export type MetaMorphoVault = (typeof METAMORPHO_VAULTS)[number];

export function metaMorphoFactoryDeployment(): Create2Deployment {
  return create2Deployment("earn.metamorpho:factory", loadArtifact("MetaMorphoTwinFactory"), [
    morphoDeployments().MorphoBlue.address,
  ]);
}

export function metaMorphoSalt(vault: MetaMorphoVault): Hex {
  return keccak256(stringToHex(`compass.devnet.earn.metamorpho:${vault.symbol}`));
}

/** The vault's address: CREATE2 by the factory, known before any chain starts. */
export function metaMorphoAddress(asset: Address, vault: MetaMorphoVault): Address {
  const artifact = loadArtifact("MetaMorphoTwin");
  const bytecode = encodeDeployData({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: [
      roleAccount("deployer").address,
      morphoDeployments().MorphoBlue.address,
      0n,
      asset,
      vault.name,
      vault.symbol,
    ],
  });
  return getContractAddress({
    opcode: "CREATE2",
    from: metaMorphoFactoryDeployment().address,
    salt: metaMorphoSalt(vault),
    bytecode,
  });
}

export function metaMorphoMarkets(_chain: EarnChain, vault: MetaMorphoVault) {
  return MORPHO_MARKETS.filter((m) => m.loan === vault.asset);
}
