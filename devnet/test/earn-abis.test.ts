import * as constants from "@compass/constants";
import { describe, expect, it } from "vitest";
import {
  EXPORTED_ABIS,
  EXPORTED_MORPHO_ABIS,
  EXPORTED_SLIPSTREAM_ABIS,
  exportedAbi,
} from "../src/earn/abi-export.ts";
import { loadMorphoArtifact, morphoSourceHash } from "../src/earn/morpho-compile.ts";
import {
  compileSlipstream,
  loadSlipstreamArtifact,
  type SlipstreamContract,
} from "../src/earn/slipstream-compile.ts";

// constants/src/earn-abis.ts is generated from the protocols' npm artifacts; it must not drift from them.
describe("earn protocol ABIs in @compass/constants", () => {
  it.each(Object.entries(EXPORTED_ABIS))("%s equals the %s artifact's ABI", (name, contract) => {
    const exported = (constants as Record<string, unknown>)[name];
    expect(exported, "run `npm run earn-abis -w @compass/devnet`").toEqual(exportedAbi(contract));
  });

  it.each(Object.entries(EXPORTED_MORPHO_ABIS))("%s equals the %s build's ABI", (name, contract) => {
    const exported = (constants as Record<string, unknown>)[name];
    expect(exported, "run `npm run earn-abis -w @compass/devnet`").toEqual(exportedAbi(`morpho:${contract}`));
  });

  it.each(Object.entries(EXPORTED_SLIPSTREAM_ABIS))("%s equals the %s build's ABI", (name, contract) => {
    const exported = (constants as Record<string, unknown>)[name];
    expect(exported, "run `npm run earn-abis -w @compass/devnet`").toEqual(
      exportedAbi(`slipstream:${contract}`),
    );
  });
});

// Slipstream compiles in seconds: the committed build must be exactly what its sources and settings give.
describe("the committed Aerodrome Slipstream build", () => {
  it("is what solc 0.7.6 makes of the package's sources with Slipstream's settings", () => {
    const fresh = compileSlipstream();
    for (const name of Object.keys(fresh) as SlipstreamContract[]) {
      const committed = loadSlipstreamArtifact(name);
      expect(
        committed.deployedBytecode,
        `${name}: run \`npm run compile-slipstream -w @compass/devnet\``,
      ).toBe(fresh[name]!.deployedBytecode);
    }
  });
});

// Recompiling via-IR takes a minute, so the committed Morpho build is checked by the hash of its inputs.
describe("the committed Morpho Blue build", () => {
  it.each(["Morpho", "IrmMock", "MorphoFeedOracle"] as const)(
    "%s was built from the current sources and settings",
    (name) => {
      expect(loadMorphoArtifact(name).sourceHash, "run `npm run compile-morpho -w @compass/devnet`").toBe(
        morphoSourceHash(),
      );
    },
  );
});
