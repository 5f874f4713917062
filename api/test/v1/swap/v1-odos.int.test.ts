import { addressBook, approveAs, devnetFixture, postJson, sendUnsigned } from "@compass/testkit/live";
import { type Address, parseUnits } from "viem";
import { describe, expect, test } from "vitest";

/**
 * `/v1/swap/odos` through the devnet's Odos twin (its SOR API v2 over base's Uniswap v3 pools): the twin as strict
 * as Odos (unknown fields, another wallet assembling a quote, an unknown path), and a swap signed by a dev wallet
 * that delivers at least the quote less the slippage.
 */
const CHAIN = "base";
const DEV = 7;
const { owner, token, balanceOf } = devnetFixture(CHAIN, DEV);
const odosUrl = () => addressBook().twins.odos!.url as string;
const odos = async (path: string, body?: unknown) => {
  const res = await fetch(`${odosUrl()}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};
const write = (body: Record<string, unknown>) =>
  postJson("/v1/swap/odos", { chain: CHAIN, sender: owner, ...body });

describe("v1 swap/odos", () => {
  test("behavior: the Odos twin refuses what Odos refuses", async () => {
    const quote = {
      chainId: 8453,
      inputTokens: [{ tokenAddress: token("USDC"), amount: "1000000" }],
      outputTokens: [{ tokenAddress: token("WETH"), proportion: 1 }],
      userAddr: owner,
    };
    const extra = await odos("/sor/quote/v2", { ...quote, unknownField: 1 });
    expect(extra.status).toBe(422);
    expect(extra.body.detail[0].loc).toEqual(["body", "unknownField"]);
    const ok = await odos("/sor/quote/v2", quote);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(BigInt(ok.body.outAmounts[0])).toBeGreaterThan(0n);
    const stranger = await odos("/sor/assemble", {
      userAddr: addressBook().accounts.dev[1]!.address,
      pathId: ok.body.pathId,
    });
    expect(stranger.status).toBe(400);
    const unknown = await odos("/sor/assemble", { userAddr: owner, pathId: "feedface" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toMatch(/expired/);
  });

  test("default: USDC sold for WETH along Odos's route, at least the quote less the slippage arriving", async () => {
    const router = (await odos("/info/router/v2/8453")).body.address as Address;
    await approveAs(DEV, CHAIN, token("USDC"), router, 0n);
    const refused = await write({
      token_in: "USDC",
      token_out: "WETH",
      amount: "1000",
      max_slippage_percent: 0.5,
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toMatch(/OdosRouter/);

    await approveAs(DEV, CHAIN, token("USDC"), router);
    const before = await balanceOf(token("WETH"), owner);
    const r = await write({ token_in: "USDC", token_out: "WETH", amount: "1000", max_slippage_percent: 0.5 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.transaction.to).toBe(router);
    await sendUnsigned(DEV, CHAIN, r.body.transaction);
    const got = (await balanceOf(token("WETH"), owner)) - before;
    const quoted = parseUnits(r.body.amount_out_quote, 18);
    expect(got).toBeGreaterThanOrEqual((quoted * 995n) / 1000n);
    expect(got).toBeLessThanOrEqual((quoted * 1001n) / 1000n);

    const same = await write({ token_in: "USDC", token_out: "USDC", amount: "1", max_slippage_percent: 0.5 });
    expect(same.status).toBe(422);
    const unknownToken = await write({
      token_in: "NOPE",
      token_out: "WETH",
      amount: "1",
      max_slippage_percent: 0.5,
    });
    expect(unknownToken.body.detail[0].loc).toEqual(["body", "token_in"]);
  });
});
