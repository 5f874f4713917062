import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  BUNDLE_SIMULATOR_CODE,
  bundleSimulatorAbi,
  fundShareTokenAbi,
  ixsVaultAbi,
  permit2Abi,
  rwaTokenAbi,
} from "@compass/constants";
import { toFunctionSignature } from "viem";
import { describe, expect, it } from "vitest";
import { bep20PegTokenAbi, fiatTokenAbi } from "../src/contracts/abi.ts";
import { ARTIFACTS_DIR, type Artifact, DEVNET_CONTRACTS } from "../src/contracts/artifacts.ts";
import { bridge2TwinAbi } from "../src/contracts/bridge2.ts";
import { compileContracts } from "../src/contracts/compile.ts";

// Recompiles devnet/contracts in memory: committed artifacts must match byte for byte.
const compiled = compileContracts();
const committed = Object.fromEntries(
  readdirSync(ARTIFACTS_DIR)
    .filter((f) => f.endsWith(".json"))
    .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(ARTIFACTS_DIR, f), "utf8")) as Artifact]),
);
const fix = "run `npm run compile -w @compass/devnet` and commit devnet/artifacts";

describe("committed artifacts", () => {
  it("cover exactly the compiled contracts", () => {
    expect(Object.keys(committed).sort(), fix).toEqual(Object.keys(compiled).sort());
    expect(Object.keys(compiled).sort()).toEqual([...DEVNET_CONTRACTS].sort());
  });

  for (const name of Object.keys(compiled)) {
    it(`${name} matches a fresh compilation`, () => {
      expect(committed[name], fix).toEqual(compiled[name]);
    });
  }

  it.each([
    ["FiatTokenTwin", fiatTokenAbi],
    ["Bep20PegTokenTwin", bep20PegTokenAbi],
    ["Bridge2Twin", bridge2TwinAbi],
  ] as const)("the hand-written %s ABI matches the compiled one", (name, abi) => {
    const signatures = (abi: readonly unknown[]) =>
      new Set(
        (abi as { type: string }[])
          .filter((item) => item.type === "function")
          .map((item) => toFunctionSignature(item as Parameters<typeof toFunctionSignature>[0])),
      );
    const compiledAbi = signatures(compiled[name]!.abi);
    for (const signature of signatures(abi)) expect(compiledAbi, signature).toContain(signature);
  });
});

describe("hand-written ABIs of the tokenized-assets contracts", () => {
  const entries = (abi: readonly unknown[]) =>
    new Set(
      (abi as { type: string; name?: string }[])
        .filter((item) => item.type === "function" || item.type === "error" || item.type === "event")
        .map(
          (item) => `${item.type} ${toFunctionSignature(item as Parameters<typeof toFunctionSignature>[0])}`,
        ),
    );
  const cases = [
    ["RwaToken", rwaTokenAbi],
    ["FundShareToken", fundShareTokenAbi],
    ["IxsManagedVault", ixsVaultAbi],
    ["Permit2Twin", permit2Abi],
    ["BundleSimulator", bundleSimulatorAbi],
  ] as const;
  it.each(cases)("every entry of the %s ABI exists in the compiled contract", (name, abi) => {
    const compiledAbi = entries(compiled[name]!.abi);
    for (const entry of entries(abi)) expect(compiledAbi, entry).toContain(entry);
  });
});

describe("the bundle simulator the API places by state override", () => {
  it("is the runtime code a fresh compilation of devnet/contracts/BundleSimulator.sol gives", () => {
    expect(BUNDLE_SIMULATOR_CODE, "copy devnet/artifacts/BundleSimulator.json's deployedBytecode").toBe(
      compiled.BundleSimulator!.deployedBytecode,
    );
  });
});
