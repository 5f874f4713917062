import {
  addressBook,
  advanceDevnet,
  chainTime,
  DEVNET_BIN,
  issuerAddress,
  testEnv,
  tokenBalance,
} from "@compass/testkit/live";
import { describe, expect, test } from "vitest";
import { compass, compassBin, run } from "./shell.ts";

const { prodUrl, apiKey, devnetDir } = testEnv();
const OWNER_INDEX = 7;
const owner = addressBook().accounts.dev[OWNER_INDEX]!.address;
const C = "ethereum_sepolia";

/** `compass … -o json -q .transaction | compass-devnet send --account 7`, as the README shows. */
async function pipeToSend(args: string[]) {
  const built = await compass(...args, "-o", "json", "-q", ".transaction");
  expect(built.code, built.stderr).toBe(0);
  const sent = await run(
    DEVNET_BIN,
    ["send", "--account", String(OWNER_INDEX), "--dir", devnetDir],
    built.stdout,
  );
  expect(sent.code, sent.stderr).toBe(0);
  return JSON.parse(sent.stdout);
}

describe("compass tokenized-assets (ta): the money-market-fund flow from the shell", () => {
  test("default: create, deposit, refused until approved, buy async, advance past the cutoff, shares on chain", async () => {
    expect((await pipeToSend(["ta", "ca", "-s", owner, "--owner", owner, "-c", C])).sent).toBe(true);
    const account = JSON.parse(
      (
        await compass(
          "ta",
          "create-account",
          "-s",
          owner,
          "--owner",
          owner,
          "-c",
          C,
          "-o",
          "json",
          "-q",
          ".tokenized_assets_account_address",
        )
      ).stdout,
    );
    expect(
      JSON.parse((await compass("ta", "ca", "-s", owner, "--owner", owner, "-c", C, "-o", "json")).stdout)
        .transaction,
    ).toBeNull();
    await pipeToSend([
      "ta",
      "transfer",
      "--owner",
      owner,
      "-c",
      C,
      "-t",
      "USDC",
      "--amount",
      "80",
      "--action",
      "DEPOSIT",
    ]);
    expect(await tokenBalance(C, "USDC", account)).toBe(80_000_000n);

    const buyArgs = [
      "ta",
      "buy",
      "--owner",
      owner,
      "-c",
      C,
      "--token-in",
      "USDC",
      "--token-out",
      "SBGOV",
      "-a",
      "80",
    ];
    const refused = await compass(...buyArgs, "-o", "json");
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stderr)).toMatchObject({ error: "Account not whitelisted" });

    for (const action of ["register", "approve"]) {
      const r = await run(DEVNET_BIN, ["issuer", action, account, "--dir", devnetDir]);
      expect(r.code, r.stderr).toBe(0);
    }
    const built = JSON.parse((await compass(...buyArgs, "-o", "json")).stdout);
    expect(built).toMatchObject({ settlement: "async", poll_endpoint: "/v2/tokenized_assets/redemptions" });
    const issuerBefore = await tokenBalance(C, "USDC", issuerAddress());
    await pipeToSend(buyArgs);
    expect(await tokenBalance(C, "USDC", issuerAddress())).toBe(issuerBefore + 80_000_000n);
    expect(await tokenBalance(C, "SBGOV", account)).toBe(0n);

    let pending: any[] = [];
    for (let i = 0; i < 50 && !pending.length; i++) {
      const r = await compass(
        "ta",
        "redemptions",
        "--owner",
        owner,
        "-c",
        C,
        "-v",
        "SBGOV",
        "-o",
        "json",
        "-q",
        ".redemptions",
      );
      pending = JSON.parse(r.stdout).filter((x: any) => x.status === "pending");
      if (!pending.length) await new Promise((r) => setTimeout(r, 100)); // the issuer's next look at the chain
    }
    expect(pending).toHaveLength(1);
    await advanceDevnet(pending[0].expected_settlement_at - (await chainTime(C)) + 60);
    const after = JSON.parse(
      (await compass("ta", "redemptions", "--owner", owner, "-c", C, "-o", "json")).stdout,
    );
    expect(after.redemptions.at(-1)).toMatchObject({ status: "finalized", kind: "subscription" });
    expect(await tokenBalance(C, "SBGOV", account)).toBeGreaterThan(70_000_000n);
    const positions = JSON.parse(
      (await compass("ta", "positions", "--owner", owner, "-c", C, "-o", "json")).stdout,
    );
    expect(positions.positions[0]).toMatchObject({ symbol: "SBGOV", asset_class: "MONEY_MARKET" });
  });

  test("parameters: markets with short flags; market with --symbol and candles", async () => {
    const list = JSON.parse(
      (await compass("ta", "markets", "-p", "midas", "-a", "T_BILLS", "-o", "json")).stdout,
    );
    expect(list.markets.map((m: any) => m.symbol)).toEqual(["mTBILL", "mTBILL"]);
    const one = await compass(
      "ta",
      "market",
      "-s",
      "mBASIS",
      "-c",
      "base",
      "-i",
      "4hour",
      "-r",
      "1month",
      "-o",
      "json",
    );
    expect(JSON.parse(one.stdout).candles.length).toBeGreaterThan(150);
  });

  test("behavior: production refuses ethereum_sepolia and never lists the sandbox fund", async () => {
    const env = { COMPASS_SERVER_URL: prodUrl, COMPASS_API_KEY_AUTH: apiKey };
    const buy = await run(
      compassBin,
      [
        "ta",
        "buy",
        "--owner",
        owner,
        "-c",
        C,
        "--token-in",
        "USDC",
        "--token-out",
        "SBGOV",
        "-a",
        "1",
        "-o",
        "json",
      ],
      undefined,
      env,
    );
    expect(buy.code).toBe(1);
    expect(JSON.parse(buy.stderr).message).toMatch(/ethereum_sepolia/);
    const list = await run(
      compassBin,
      ["ta", "markets", "-o", "json", "-q", ".markets[].symbol"],
      undefined,
      env,
    );
    expect(list.stdout).not.toMatch(/SBGOV/);
  });
});
