import * as constants from "@compass/constants";
import { describe, expect, it } from "vitest";
import { EXPORTED_ABIS, exportedAbi } from "../src/earn/abi-export.ts";

// constants/src/earn-abis.ts is generated from the protocols' npm artifacts; it must not drift from them.
describe("earn protocol ABIs in @compass/constants", () => {
  it.each(Object.entries(EXPORTED_ABIS))("%s equals the %s artifact's ABI", (name, contract) => {
    const exported = (constants as Record<string, unknown>)[name];
    expect(exported, "run `npm run earn-abis -w @compass/devnet`").toEqual(exportedAbi(contract));
  });
});
