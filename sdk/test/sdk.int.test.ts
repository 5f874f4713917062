import { addressBook, testEnv, usdcBalance } from "@compass/testkit/live";
import { describe, expect, test } from "vitest";
import { CompassClient, HttpError, NetworkError, ValidationError } from "../src/index.ts";

const { url, prodUrl, apiKey } = testEnv();
const user = addressBook().accounts.dev[1]!.address;

describe("TypeScript SDK against the live server", () => {
  test("default: reads a balance", async () => {
    const client = new CompassClient({ serverURL: url });
    const r = await client.token.balance({ chain: "ethereum", user, token: "USDC" });
    expect(r.balance_raw).toBe((await usdcBalance("ethereum", user)).toString());
  });

  test("behavior: a malformed address is a ValidationError naming the field", async () => {
    const client = new CompassClient({ serverURL: url });
    const error = await client.token.balance({ chain: "ethereum", user: "0xnotanaddress" }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.status).toBe(422);
    expect(error.detail[0].loc).toEqual(["query", "user"]);
    expect(error.requestId).toMatch(/.+/);
  });

  test("parameters: apiKeyAuth against production; a wrong key is an HttpError 401", async () => {
    const ok = await new CompassClient({ serverURL: prodUrl, apiKeyAuth: apiKey }).token.balance({
      chain: "base",
      user,
    });
    expect(ok.token_symbol).toBe("USDC");
    const error = await new CompassClient({ serverURL: prodUrl, apiKeyAuth: "nope" }).token
      .balance({ chain: "base", user })
      .catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(401);
  });

  test("behavior: unreachable server is a NetworkError after the retries", async () => {
    const client = new CompassClient({
      serverURL: "http://127.0.0.1:9",
      retries: { retries: 1, initialDelayMs: 10 },
    });
    await expect(client.token.balance({ user })).rejects.toBeInstanceOf(NetworkError);
  });
});
