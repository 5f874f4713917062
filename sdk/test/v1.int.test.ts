import { devnetFixture, sendUnsigned, testEnv } from "@compass/testkit/live";
import { parseEther } from "viem";
import { describe, expect, test } from "vitest";
import { CompassClient, ValidationError } from "../src/index.ts";

/** v1 through the TypeScript SDK: a wrap signed by a dev wallet (WETH on chain), a Morpho position read. */
const { url } = testEnv();
const CHAIN = "base";
const DEV = 6;
const { owner, token, balanceOf } = devnetFixture(CHAIN, DEV);

describe("TypeScript SDK: v1 generic", () => {
  test("default: wrap_eth returns a transaction that wraps on chain", async () => {
    const client = new CompassClient({ serverURL: url });
    const before = await balanceOf(token("WETH"), owner);
    const r = await client.generic.wrapEth({ chain: CHAIN, sender: owner, amount: "0.25" });
    await sendUnsigned(DEV, CHAIN, r.transaction);
    expect(await balanceOf(token("WETH"), owner)).toBe(before + parseEther("0.25"));
  });

  test("default: a Morpho market position through the SDK is the route's answer", async () => {
    const client = new CompassClient({ serverURL: url });
    const { markets } = await client.morpho.markets({ chain: CHAIN, collateral_token: "WETH" });
    const pos = await client.morpho.marketPosition({
      chain: CHAIN,
      user_address: owner,
      unique_market_key: markets[0]!.uniqueKey,
    });
    expect(pos.borrow_amount).toBe("0");
    expect(pos.liquidation_loan_to_value_threshold).toBe("0.86");
  });

  test("behavior: an unknown token is a ValidationError on the field", async () => {
    const client = new CompassClient({ serverURL: url });
    const error = await client.token.price({ chain: CHAIN, token: "NOPE" }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.detail[0].loc).toEqual(["query", "token"]);
  });
});
