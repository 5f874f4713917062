import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Hex } from "viem";

/** The committed build output of one devnet contract (devnet/artifacts/<contractName>.json). */
export interface Artifact {
  contractName: string;
  abi: unknown[];
  /** creation code */
  bytecode: Hex;
  /** runtime code — what anvil_setCode installs */
  deployedBytecode: Hex;
  /** sha256 of compiler + settings + every source; tells which inputs produced this artifact */
  sourceHash: string;
  compiler: string;
}

export const DEVNET_CONTRACTS = [
  "AerodromeVoterTwin",
  "Bep20PegTokenTwin",
  "Bridge2Twin",
  "BundleSimulator",
  "CctpMessageTransmitterV2Twin",
  "CctpTokenMessengerV2Twin",
  "CentrifugeAsyncVaultTwin",
  "Create2Deployer",
  "DaiUsdsTwin",
  "Erc4626Vault",
  "EulerFactoryTwin",
  "EulerIrmLinearKinkTwin",
  "EulerVaultTwin",
  "FiatTokenTwin",
  "FundShareToken",
  "IxsManagedVault",
  "MetaMorphoTwin",
  "MetaMorphoTwinFactory",
  "MidasDataFeedTwin",
  "MidasDepositVaultTwin",
  "MidasRedemptionVaultTwin",
  "Multicall3",
  "OneTimeWallet",
  "OneTimeWalletFactory",
  "PendleErc4626SY",
  "Permit2Twin",
  "PriceFeed",
  "RwaToken",
  "SkyTokenTwin",
  "StakedUSDeTwin",
  "SUsdsTwin",
  "UsdsPsmWrapperTwin",
] as const;
export type DevnetContract = (typeof DEVNET_CONTRACTS)[number];

export const ARTIFACTS_DIR = fileURLToPath(new URL("../../artifacts/", import.meta.url));

const cache = new Map<string, Artifact>();

/** Reads a committed artifact; `npm run compile -w @compass/devnet` regenerates them. */
export function loadArtifact(name: DevnetContract): Artifact {
  let artifact = cache.get(name);
  if (!artifact) {
    artifact = JSON.parse(readFileSync(`${ARTIFACTS_DIR}${name}.json`, "utf8")) as Artifact;
    cache.set(name, artifact);
  }
  return artifact;
}
