import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type Address, getContractAddress, type Hex } from "viem";

/** Where the Safe singleton factory lives on every chain; the devnet puts its Create2Deployer there. */
export const SAFE_SINGLETON_FACTORY: Address = "0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7";
/** Safe's deployments use salt 0 through the singleton factory. */
export const SAFE_SALT: Hex = `0x${"00".repeat(32)}`;

/**
 * Canonical Safe v1.4.1 addresses, as published in @safe-global/safe-deployments
 * (src/assets/v1.4.1/*.json, "canonical" deployment type). Deploying the official
 * @safe-global/safe-contracts@1.4.1 init code from SAFE_SINGLETON_FACTORY with SAFE_SALT must land on
 * exactly these, which is what makes SDKs that hardcode them work against the devnet.
 */
export const SAFE_CONTRACTS = {
  Safe: { address: "0x41675C099F32341bf84BFc5382aF534df5C7461a", artifact: "Safe.sol/Safe.json" },
  SafeL2: { address: "0x29fcB43b46531BcA003ddC8FCB67FFE91900C762", artifact: "SafeL2.sol/SafeL2.json" },
  SafeProxyFactory: {
    address: "0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67",
    artifact: "proxies/SafeProxyFactory.sol/SafeProxyFactory.json",
  },
  CompatibilityFallbackHandler: {
    address: "0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99",
    artifact: "handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json",
  },
  MultiSend: {
    address: "0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526",
    artifact: "libraries/MultiSend.sol/MultiSend.json",
  },
  MultiSendCallOnly: {
    address: "0x9641d764fc13c8B624c04430C7356C1C7C8102e2",
    artifact: "libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json",
  },
  SignMessageLib: {
    address: "0xd53cd0aB83D845Ac265BE939c57F53AD838012c9",
    artifact: "libraries/SignMessageLib.sol/SignMessageLib.json",
  },
  CreateCall: {
    address: "0x9b35Af71d77eaf8d7e40252370304687390A1A52",
    artifact: "libraries/CreateCall.sol/CreateCall.json",
  },
  SimulateTxAccessor: {
    address: "0x3d4BA2E0884aa488718476ca2FB8Efc291A46199",
    artifact: "accessors/SimulateTxAccessor.sol/SimulateTxAccessor.json",
  },
} as const satisfies Record<string, { address: Address; artifact: string }>;
export type SafeContractName = keyof typeof SAFE_CONTRACTS;

export interface SafeArtifact {
  contractName: string;
  abi: unknown[];
  bytecode: Hex;
  deployedBytecode: Hex;
}

/** The official build artifact, read from the installed npm package (never copied into the repo). */
function safeArtifact(name: SafeContractName): SafeArtifact {
  const pkg = createRequire(import.meta.url).resolve("@safe-global/safe-contracts/package.json");
  const path = join(dirname(pkg), "build", "artifacts", "contracts", SAFE_CONTRACTS[name].artifact);
  return JSON.parse(readFileSync(path, "utf8")) as SafeArtifact;
}

/** Calldata for the factory (salt ‖ init code) after checking it lands on the canonical address. */
export function safeDeployment(name: SafeContractName): { address: Address; data: Hex } {
  const { bytecode } = safeArtifact(name);
  const address = getContractAddress({
    opcode: "CREATE2",
    from: SAFE_SINGLETON_FACTORY,
    salt: SAFE_SALT,
    bytecode,
  });
  if (address !== SAFE_CONTRACTS[name].address) {
    throw new Error(
      `${name}: init code from @safe-global/safe-contracts would deploy to ${address}, ` +
        `not the canonical ${SAFE_CONTRACTS[name].address} — is the installed package v1.4.1?`,
    );
  }
  return { address, data: `${SAFE_SALT}${bytecode.slice(2)}` as Hex };
}
