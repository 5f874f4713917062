import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  addressBook,
  advanceDevnet,
  chainTime,
  issuerAddress,
  sendUnsigned,
  testEnv,
  tokenBalance,
} from "@compass/testkit/live";
import type { Address } from "viem";
import { describe, expect, test } from "vitest";
import { ApiError, CompassClient } from "../src/index.ts";

const { url, devnetDir } = testEnv();
const OWNER_INDEX = 6;
const CHAIN = "ethereum_sepolia";
const owner = addressBook().accounts.dev[OWNER_INDEX]!.address;
const client = new CompassClient({ serverURL: url });

describe("money-market-fund sandbox through the TypeScript SDK", () => {
  let account: Address;

  test("default: examples/mmf-sandbox.ts runs the whole flow; shares land on chain, USDC at the issuer", async () => {
    account = (await client.tokenizedAssets.createAccount({ sender: owner, owner, chain: CHAIN }))
      .tokenized_assets_account_address as Address;
    const issuerBefore = await tokenBalance(CHAIN, "USDC", issuerAddress());
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", join(import.meta.dirname, "../../examples/mmf-sandbox.ts")],
      {
        env: {
          ...process.env,
          COMPASS_SERVER_URL: url,
          COMPASS_DEVNET_DIR: devnetDir,
          OWNER_INDEX: String(OWNER_INDEX),
          AMOUNT: "150",
        },
      },
    );
    expect(stdout).toMatch(/422: Account not whitelisted: register the Tokenized Assets Account/);
    expect(stdout).toMatch(/settlement async/);
    expect(stdout).toMatch(/shares in the account right after the transaction: 0 \(none yet\)/);
    expect(await tokenBalance(CHAIN, "USDC", issuerAddress())).toBe(issuerBefore + 150_000_000n);
    const [settled] = (await client.tokenizedAssets.redemptions({ owner, chain: CHAIN, vault: "SBGOV" }))
      .redemptions;
    expect(settled).toMatchObject({ kind: "subscription", status: "finalized", usdc_amount: "150" });
    const shares = await tokenBalance(CHAIN, "SBGOV", account);
    expect(Number(shares) / 1e6).toBeCloseTo(150 / Number(settled!.nav_per_share), 5);
    expect(String(Number(shares) / 1e6)).toBe(settled!.shares);
  });

  test("behavior: a sell is a redemption: shares go back now, USDC arrives at the next NAV cycle", async () => {
    const sharesBefore = await tokenBalance(CHAIN, "SBGOV", account);
    const usdcBefore = await tokenBalance(CHAIN, "USDC", account);
    const sell = await client.tokenizedAssets.sell({
      owner,
      chain: CHAIN,
      token_in: "SBGOV",
      token_out: "USDC",
      amount_in: "40",
    });
    expect(sell).toMatchObject({
      settlement: "async",
      poll_endpoint: "/v2/tokenized_assets/redemptions",
      eip_712: null,
    });
    await sendUnsigned(OWNER_INDEX, CHAIN, sell.transaction!);
    expect(await tokenBalance(CHAIN, "SBGOV", account)).toBe(sharesBefore - 40_000_000n);
    expect(await tokenBalance(CHAIN, "USDC", account)).toBe(usdcBefore);

    let pending: any;
    for (let i = 0; i < 50 && !pending; i++) {
      const list = (await client.tokenizedAssets.redemptions({ owner, chain: CHAIN })).redemptions;
      pending = list.find((r) => r.kind === "redemption" && r.status === "pending");
      if (!pending) await new Promise((r) => setTimeout(r, 100)); // the issuer's next look at the chain
    }
    expect(pending).toMatchObject({ shares: "40", processed_at: null });
    expect(Number(pending.expected_net_assets)).toBeGreaterThan(40);
    const positions = await client.tokenizedAssets.positions({ owner, chain: CHAIN });
    expect(positions.pending_orders).toEqual([expect.objectContaining({ kind: "redemption", shares: "40" })]);

    await advanceDevnet(pending.expected_settlement_at - (await chainTime(CHAIN)) + 60);
    const done = (await client.tokenizedAssets.redemptions({ owner, chain: CHAIN })).redemptions.find(
      (r) => r.id === pending.id,
    )!;
    expect(done.status).toBe("finalized");
    const paid = BigInt(Math.round(Number(done.usdc_amount) * 1e6));
    expect(await tokenBalance(CHAIN, "USDC", account)).toBe(usdcBefore + paid);
    const mmf = (await client.tokenizedAssets.positions({ owner, chain: CHAIN })).positions[0]!;
    expect(mmf.events.map((e) => e.event_type)).toEqual(["buy", "sell"]);
    expect(mmf.events[1]).toMatchObject({ output_symbol: "USDC", output_amount: done.usdc_amount });
  });

  test("behavior: an account that is not approved gets the 422 and no transaction", async () => {
    const stranger = addressBook().accounts.dev[OWNER_INDEX - 1]!.address;
    const error = await client.tokenizedAssets
      .buy({ owner: stranger, chain: CHAIN, token_in: "USDC", token_out: "SBGOV", amount_in: "1" })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.body).toMatchObject({
      error: "Account not whitelisted",
      message: expect.stringMatching(/^Account not whitelisted: /),
    });
  });
});
