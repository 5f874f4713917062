import { addressOf, type Harness, KEYS, startHarness } from "@compass/testkit/perpetual-trading";
import { type StrictWallet, strictWallet } from "@compass/testkit/strict-wallet";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/**
 * `signature_chain_id` (Compass extension): user-signed actions are built for the chain the wallet is on,
 * so a wallet that signs typed data only for its active chain (MetaMask's rule) can sign them; the venue
 * twin verifies the signature in that domain. approveAgent, built by the client, relays through /execute
 * and the agent then trades for the owner.
 */
let h: Harness;
const key = KEYS[3];
const owner = addressOf(key);
const builder = addressOf(KEYS[4]);
let wallet: StrictWallet;

beforeAll(async () => {
  h = await startHarness();
  await h.fund(owner, 2_000);
  await h.fund(builder, 200);
  wallet = strictWallet({ privateKey: key, chains: [{ id: 1 }, { id: 42161 }], chainId: 1 });
});
afterAll(() => h?.stop());

/** Signs with the strict wallet (refused unless the domain is its active chain) and relays. */
async function walletExecute(prepared: { typed_data: unknown; action: unknown; nonce: number }) {
  const signature = await wallet.request({
    method: "eth_signTypedData_v4",
    params: [owner, JSON.stringify(prepared.typed_data)],
  });
  const r = await h.post("execute", { action: prepared.action, nonce: prepared.nonce, signature });
  expect(r.status).toBe(200);
  return r.json;
}

const venueInfo = async (body: unknown) =>
  (await fetch(`${h.venue.url}/info`, { method: "POST", body: JSON.stringify(body) })).json();

const userSigned = [
  ["enable_unified_account", { owner }, "HyperliquidTransaction:UserSetAbstraction"],
  [
    "approve_builder_fee",
    { owner, builder: { address: builder, max_fee_rate: "0.01%" } },
    "…:ApproveBuilderFee",
  ],
  ["withdraw", { owner, amount: "10" }, "HyperliquidTransaction:Withdraw"],
] as const;

describe("signature_chain_id", () => {
  test.each(userSigned)(
    "default: %s without it signs for 421614 (0x66eee), as the reference API",
    async (op, body) => {
      const r = await h.post(op, body);
      expect(r.status).toBe(200);
      expect(r.json.action.signatureChainId).toBe("0x66eee");
      expect(r.json.typed_data.domain).toMatchObject({ name: "HyperliquidSignTransaction", chainId: 421614 });
      // and a MetaMask-rule wallet on chain 1 refuses it
      await expect(
        wallet.request({
          method: "eth_signTypedData_v4",
          params: [owner, JSON.stringify(r.json.typed_data)],
        }),
      ).rejects.toMatchObject({ code: -32602 });
    },
  );

  test.each(userSigned)(
    "default: %s for the wallet's chain: domain.chainId equals the action's signatureChainId",
    async (op, body) => {
      for (const chain of [1, 42161, 8453]) {
        const r = await h.post(op, { ...body, signature_chain_id: chain });
        expect(r.status).toBe(200);
        expect(r.json.typed_data.domain.chainId).toBe(chain);
        expect(Number.parseInt(r.json.action.signatureChainId, 16)).toBe(chain);
        expect(r.json.action.signatureChainId).toBe(`0x${chain.toString(16)}`);
      }
    },
  );

  test("default: the venue twin accepts each one signed by the strict wallet on chain 1, and applies it", async () => {
    const mode = await h.post("enable_unified_account", { owner, signature_chain_id: 1 });
    expect(await walletExecute(mode.json)).toEqual({ status: "ok", response: { type: "default" } });
    expect(await venueInfo({ type: "userAbstraction", user: owner })).toBe("unifiedAccount");

    const fee = await h.post("approve_builder_fee", {
      owner,
      builder: { address: builder, max_fee_rate: "0.01%" },
      signature_chain_id: 1,
    });
    expect(await walletExecute(fee.json)).toEqual({ status: "ok", response: { type: "default" } });
    expect(await venueInfo({ type: "maxBuilderFee", user: owner, builder })).toBe(10);

    const payouts = () =>
      h.venue.engine.pendingPayouts().filter((p) => p.user === owner.toLowerCase()).length;
    const before = payouts();
    const out = await h.post("withdraw", { owner, amount: "10", signature_chain_id: 1 });
    expect(await walletExecute(out.json)).toEqual({ status: "ok", response: { type: "default" } });
    expect(payouts()).toBe(before + 1);
  });

  test("default: approveAgent relayed through /execute; the agent's order fills for the owner", async () => {
    const agent = privateKeyToAccount(KEYS[0]);
    const nonce = Date.now();
    const action = {
      type: "approveAgent",
      signatureChainId: "0x1",
      hyperliquidChain: "Mainnet",
      agentAddress: agent.address.toLowerCase(),
      agentName: "compass",
      nonce,
    };
    const typed_data = {
      domain: {
        name: "HyperliquidSignTransaction",
        version: "1",
        chainId: 1,
        verifyingContract: "0x0000000000000000000000000000000000000000",
      },
      types: {
        "HyperliquidTransaction:ApproveAgent": [
          { name: "hyperliquidChain", type: "string" },
          { name: "agentAddress", type: "address" },
          { name: "agentName", type: "string" },
          { name: "nonce", type: "uint64" },
        ],
      },
      primaryType: "HyperliquidTransaction:ApproveAgent",
      message: {
        hyperliquidChain: "Mainnet",
        agentAddress: action.agentAddress,
        agentName: "compass",
        nonce,
      },
    };
    expect(await walletExecute({ typed_data, action, nonce })).toEqual({
      status: "ok",
      response: { type: "default" },
    });
    expect(await venueInfo({ type: "extraAgents", user: owner })).toMatchObject([
      { address: agent.address.toLowerCase(), name: "compass" },
    ]);
    const order = await h.post("market_order", { owner, asset: "AAPL", side: "buy", size: "1" });
    const reply = await h.execute(KEYS[0], order.json);
    expect(reply.response.data.statuses[0]).toHaveProperty("filled");
    const { assetPositions } = await venueInfo({ type: "clearinghouseState", user: owner, dex: "xyz" });
    expect(assetPositions).toMatchObject([{ position: { coin: "xyz:AAPL", szi: "1.0" } }]);
  });

  test.each([0, -1, 1.5, "1", null, 2 ** 53])(
    "behavior: signature_chain_id %s is a 422 naming the field",
    async (bad) => {
      for (const [op, body] of userSigned) {
        const r = await h.post(op, { ...body, signature_chain_id: bad });
        expect(r.status).toBe(422);
        expect(r.json.detail.map((d: { loc: string[] }) => d.loc.join("."))).toContain(
          "body.signature_chain_id",
        );
      }
    },
  );
});
