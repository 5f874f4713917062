import { UserSetAbstractionTypes } from "@nktkas/hyperliquid/api/exchange";
import { createL1ActionHash, signL1Action, signUserSignedAction } from "@nktkas/hyperliquid/signing";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkNonce, commitNonce } from "../../src/twins/hyperliquid/engine/nonces.ts";
import { canonicalL1 } from "../../src/twins/hyperliquid/signing/l1Actions.ts";
import { connectionId } from "../../src/twins/hyperliquid/signing/recover.ts";
import { assetOf, gtc, type Harness, KEYS, startHarness, T0 } from "./harness.ts";

const VAULT = "0x1234567890abcdef1234567890abcdef12345678";

describe("action hashing (our msgpack + connectionId vs the client library)", () => {
  const actions: Record<string, unknown>[] = [
    {
      type: "order",
      orders: [
        {
          a: 110001,
          b: true,
          p: "230.5",
          s: "0.1",
          r: false,
          t: { limit: { tif: "Gtc" } },
          c: "0x1234567890abcdef1234567890abcdef",
        },
        {
          a: 110008,
          b: false,
          p: "4012",
          s: "1.2345",
          r: true,
          t: { trigger: { isMarket: true, triggerPx: "3990", tpsl: "sl" } },
        },
      ],
      grouping: "na",
      builder: { b: VAULT, f: 10 },
    },
    {
      type: "cancel",
      cancels: [
        { a: 110001, o: 5_000_000_123 },
        { a: 0, o: 7 },
      ],
    },
    { type: "cancelByCloid", cancels: [{ asset: 110002, cloid: "0xffffffffffffffffffffffffffffffff" }] },
    { type: "updateLeverage", asset: 110001, isCross: true, leverage: 7 },
    { type: "noop" },
    { type: "agentSetAbstraction", abstraction: "u" },
    {
      type: "order",
      orders: Array.from({ length: 20 }, (_, i) => ({
        a: 110000 + i,
        b: i % 2 === 0,
        p: `${100 + i}`,
        s: "1",
        r: false,
        t: { limit: { tif: "Ioc" } },
      })),
      grouping: "na",
    },
  ];
  for (const action of actions) {
    it(`${action.type}: identical connectionId with and without vault / expiresAfter`, () => {
      const nonce = T0 + 17;
      const ours = (vault?: string, expires?: number) =>
        connectionId(canonicalL1(action), nonce, vault, expires);
      expect(ours()).toBe(createL1ActionHash({ action, nonce }));
      expect(ours(VAULT)).toBe(createL1ActionHash({ action, nonce, vaultAddress: VAULT }));
      expect(ours(undefined, nonce + 5000)).toBe(
        createL1ActionHash({ action, nonce, expiresAfter: nonce + 5000 }),
      );
    });
  }

  it("hashes the venue's canonical form: trailing zeros, hex case and field order do not matter", () => {
    const sloppy = {
      grouping: "na",
      type: "order",
      orders: [
        {
          t: { limit: { tif: "Gtc" } },
          r: false,
          s: "0.100",
          p: "230.50",
          b: true,
          a: 110001,
          c: "0x1234567890ABCDEF1234567890ABCDEF",
        },
      ],
      builder: { f: 10, b: VAULT.toUpperCase().replace("0X", "0x") },
    };
    const clean = actions[0] as { orders: unknown[] };
    const reference = { ...clean, orders: [clean.orders[0]] };
    expect(connectionId(canonicalL1(sloppy), 5)).toBe(createL1ActionHash({ action: reference, nonce: 5 }));
  });
});

describe("nonce set (unit)", () => {
  it("keeps the 100 highest and requires exceeding the smallest once full", () => {
    const seen: number[] = [];
    for (let i = 1; i <= 100; i++) commitNonce(seen, T0 + i * 10);
    expect(seen).toHaveLength(100);
    expect(checkNonce(seen, T0 + 5, T0 + 2000)).toBe(`Invalid nonce: nonce too low ${T0 + 5} < ${T0 + 10}`);
    expect(checkNonce(seen, T0 + 15, T0 + 2000)).toBeUndefined(); // unused and above the smallest
    commitNonce(seen, T0 + 15);
    expect(seen[0]).toBe(T0 + 15);
    expect(checkNonce(seen, T0 + 500, T0 + 2000)).toBe(`Invalid nonce: duplicate nonce ${T0 + 500}`);
  });
  it("bounds nonces to (now − 2 days, now + 1 day)", () => {
    const now = T0;
    expect(checkNonce([], now - 2 * 86_400_000, now)).toMatch(/^Invalid nonce: nonce too low/);
    expect(checkNonce([], now - 2 * 86_400_000 + 1, now)).toBeUndefined();
    expect(checkNonce([], now + 86_400_000, now)).toMatch(/^Invalid nonce: nonce too high/);
    expect(checkNonce([], now + 86_400_000 - 1, now)).toBeUndefined();
  });
});

describe("signature verification over HTTP", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  const alice = privateKeyToAccount(KEYS[0]);
  const mallory = privateKeyToAccount(KEYS[1]);
  const noop = { type: "noop" };

  it("accepts an action signed by the client library and rejects a reused nonce", async () => {
    await h.credit(alice.address, 100);
    const nonce = h.clock.tick();
    const signature = await signL1Action({ wallet: alice, action: noop, nonce });
    expect((await h.post({ action: noop, nonce, signature })).body).toEqual({
      status: "ok",
      response: { type: "default" },
    });
    expect((await h.post({ action: noop, nonce, signature })).body).toEqual({
      status: "err",
      response: `Invalid nonce: duplicate nonce ${nonce}`,
    });
  });

  it("attributes a signature to whoever made it: the wrong key is an unknown user", async () => {
    const nonce = h.clock.tick();
    const signature = await signL1Action({ wallet: mallory, action: noop, nonce });
    expect((await h.post({ action: noop, nonce, signature })).body).toEqual({
      status: "err",
      response: `User or API Wallet ${mallory.address.toLowerCase()} does not exist.`,
    });
  });

  it("rejects an action altered after signing (it recovers some other address)", async () => {
    const nonce = h.clock.tick();
    const action = { type: "updateLeverage", asset: assetOf("AAPL"), isCross: true, leverage: 2 };
    const signature = await signL1Action({ wallet: alice, action, nonce });
    const reply = await h.post({ action: { ...action, leverage: 9 }, nonce, signature });
    expect(reply.body.status).toBe("err");
    expect(reply.body.response).toMatch(/^User or API Wallet 0x[0-9a-f]{40} does not exist\.$/);
    expect(reply.body.response).not.toContain(alice.address.toLowerCase());
  });

  it("rejects stale and far-future nonces before anything else", async () => {
    const now = h.clock.now();
    for (const [nonce, pattern] of [
      [now - 3 * 86_400_000, /^Invalid nonce: nonce too low \d+ < \d+$/],
      [now + 2 * 86_400_000, /^Invalid nonce: nonce too high \d+ > \d+$/],
    ] as const) {
      const signature = await signL1Action({ wallet: alice, action: noop, nonce });
      const reply = await h.post({ action: noop, nonce, signature });
      expect(reply.body.status).toBe("err");
      expect(reply.body.response).toMatch(pattern);
    }
  });

  it("honours expiresAfter", async () => {
    const nonce = h.clock.tick();
    const expiresAfter = nonce - 1;
    const signature = await signL1Action({ wallet: alice, action: noop, nonce, expiresAfter });
    expect((await h.post({ action: noop, nonce, signature, expiresAfter })).body).toEqual({
      status: "err",
      response: "Action already expired",
    });
  });

  it("answers an unreadable body with HTTP 422 like the venue", async () => {
    const reply = await h.post({
      action: { type: "order", orders: "nope" },
      nonce: 1,
      signature: { r: "0x1", s: "0x1", v: 27 },
    });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatch(/^Failed to deserialize the JSON body into the target type/);
  });

  it('refuses user-signed actions from a never-funded account ("must deposit")', async () => {
    const stranger = privateKeyToAccount(KEYS[4]);
    const nonce = h.clock.tick();
    const action = {
      type: "userSetAbstraction",
      signatureChainId: "0x66eee" as const,
      hyperliquidChain: "Mainnet",
      user: stranger.address.toLowerCase(),
      abstraction: "unifiedAccount",
      nonce,
    };
    const signature = await signUserSignedAction({
      wallet: stranger,
      action,
      types: UserSetAbstractionTypes,
    });
    const reply = await h.post({ action, nonce, signature });
    expect(reply.body.status).toBe("err");
    expect(reply.body.response.toLowerCase()).toContain("must deposit");
    expect(reply.body.response).toBe(
      `Must deposit before performing actions. User: ${stranger.address.toLowerCase()}`,
    );
  });

  it("lets an approved API wallet (agent) sign L1 actions for its principal, but not user-signed ones", async () => {
    const principal = await h.fundedTrader(KEYS[3], 1_000);
    const agent = h.trader("0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6");
    await principal.exchange.approveAgent({ agentAddress: agent.address, agentName: "bot" });
    expect(await h.info.userRole({ user: agent.address })).toEqual({
      role: "agent",
      data: { user: principal.address },
    });
    const book = (await h.info.l2Book({ coin: "xyz:AAPL" }))!;
    const price = (Number(book.levels[0][0].px) * 0.9).toFixed(2);
    const reply = await agent.exchange.order({
      orders: [gtc(assetOf("AAPL"), true, price, "1")],
      grouping: "na",
    });
    const oid = (reply.response.data.statuses[0] as { resting: { oid: number } }).resting.oid;
    expect((await h.info.openOrders({ user: principal.address, dex: "xyz" })).map((o) => o.oid)).toEqual([
      oid,
    ]);
    expect(await h.info.openOrders({ user: agent.address, dex: "xyz" })).toEqual([]);
    await expect(agent.exchange.withdraw3({ destination: agent.address, amount: "10" })).rejects.toThrow(
      `Must deposit before performing actions. User: ${agent.address}`,
    );
    await principal.exchange.approveAgent({
      agentAddress: "0x0000000000000000000000000000000000000000",
      agentName: "bot",
    });
    await expect(agent.exchange.cancel({ cancels: [{ a: assetOf("AAPL"), o: oid }] })).rejects.toThrow(
      `User or API Wallet ${agent.address} does not exist.`,
    );
  });

  it('distinguishes networks: a testnet venue verifies phantom-agent source "b"', async () => {
    const testnet = await startHarness({ network: "Testnet" });
    try {
      expect(await fetch(`${testnet.venue.url}/health`).then((r) => r.json())).toMatchObject({
        ok: true,
        name: "venue",
        network: "Testnet",
      });
      const t = testnet.trader(KEYS[2], { isTestnet: true });
      await testnet.credit(t.address, 50);
      await expect(t.exchange.noop()).resolves.toEqual({ status: "ok", response: { type: "default" } });
      const mainnetSigned = testnet.trader(KEYS[2]);
      await expect(mainnetSigned.exchange.noop()).rejects.toThrow(/does not exist/);
    } finally {
      await testnet.stop();
    }
  });
});
