import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHttpApp, loadConfig } from "@compass/api";
import { type RunningVenue, startVenue } from "@compass/devnet";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/**
 * The API signs for the venue's network as the address book lists it (`twins.venue.network`, which the
 * devnet writes from its own setting): against a Testnet venue twin, what the API builds verifies there —
 * user-signed actions naming "Testnet", L1 actions through the phantom agent's source "b".
 */
const dir = mkdtempSync(join(tmpdir(), "perps-network-"));
/** anvil's public dev key #2: throwaway, never funded anywhere real */
const key = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const owner = privateKeyToAccount(key).address;
let venue: RunningVenue;

const appWith = (book: { network?: string }, env: Record<string, string> = {}) => {
  const path = join(dir, `addressbook-${book.network ?? "none"}.json`);
  writeFileSync(
    path,
    JSON.stringify({ version: 1, chains: {}, twins: { venue: { url: venue.url, ...book } } }),
  );
  return createHttpApp({
    config: loadConfig({ COMPASS_DEVNET_DIR: dir, COMPASS_ADDRESSBOOK: path, LOG_LEVEL: "silent", ...env }),
  });
};
const call = async (app: ReturnType<typeof appWith>, op: string, body: unknown) => {
  const res = await app.fetch(
    new Request(`http://test/v2/perpetual_trading/${op}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    }),
  );
  return { status: res.status, json: (await res.json()) as any };
};
const signAndExecute = async (app: ReturnType<typeof appWith>, prepared: any) => {
  const signature = await privateKeyToAccount(key).signTypedData(prepared.typed_data);
  return (await call(app, "execute", { action: prepared.action, nonce: prepared.nonce, signature })).json;
};

beforeAll(async () => {
  venue = await startVenue({ seed: "api-network-test", network: "Testnet" });
  await venue.engine.credit(owner, 1_000, "0xnetwork-test-deposit");
});
afterAll(async () => {
  await venue?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("the venue's network", () => {
  test("behavior: an address book listing Testnet makes the API sign for Testnet, which the Testnet venue accepts", async () => {
    const app = appWith({ network: "Testnet" });
    const mode = await call(app, "enable_unified_account", { owner });
    expect(mode.json.action.hyperliquidChain).toBe("Testnet");
    expect(await signAndExecute(app, mode.json)).toEqual({ status: "ok", response: { type: "default" } });
    const leverage = await call(app, "set_leverage", { owner, asset: "AAPL", leverage: 3 });
    expect(await signAndExecute(app, leverage.json)).toEqual({ status: "ok", response: { type: "default" } });
    expect((await call(app, "set_leverage", { owner, asset: "AAPL", leverage: 3 })).json.leverage_ok).toBe(
      true,
    );
  });

  test("default: without a network in the address book the API signs for Mainnet, which a Testnet venue refuses", async () => {
    const app = appWith({});
    const leverage = await call(app, "set_leverage", { owner, asset: "GOLD", leverage: 2 });
    const reply = await signAndExecute(app, leverage.json);
    expect(reply.status).toBe("error");
    expect(reply.response.error).toMatch(/^User or API Wallet 0x[0-9a-f]{40} does not exist\.$/);
    // COMPASS_VENUE_NETWORK overrides the address book
    const overridden = appWith({}, { COMPASS_VENUE_NETWORK: "Testnet" });
    const again = await call(overridden, "set_leverage", { owner, asset: "GOLD", leverage: 2 });
    expect(await signAndExecute(overridden, again.json)).toEqual({
      status: "ok",
      response: { type: "default" },
    });
  });
});
