import { Transport } from "@compass/sdk";
import { type Harness, KEYS, startHarness } from "@compass/testkit/perpetual-trading";
import { type StrictWallet, strictWallet } from "@compass/testkit/strict-wallet";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type AgentStore, agentStore, approveAgentAction, createAgent } from "./agent.ts";
import { explain, VenueRefusal } from "./errors.ts";
import type { Signer } from "./execute.ts";
import type { FlowContext } from "./flow.ts";
import { withdraw } from "./funds.ts";
import { cancelOrder, closePosition, placeOrder, protectPosition } from "./orders.ts";
import type { PerpetualTradingLifecycle } from "./status.ts";

/**
 * The widget's flows (no React) against the real API over a venue twin, signed by a wallet as strict as
 * MetaMask (typed data only for its active chain, Ethereum at first) and by the browser's agent key; the
 * outcome is read back from the venue.
 */
let h: Harness;
const account = privateKeyToAccount(KEYS[2]);
let wallet: StrictWallet;
let agents: AgentStore;
let storage: Map<string, string>;

/** The strict wallet as a flow's signer, through its EIP-1193 requests as wagmi would send them. */
const walletSigner = (w: StrictWallet): Signer => ({
  address: w.address,
  chainId: async () => Number(await w.request({ method: "eth_chainId" })),
  signTypedData: (td) =>
    w.request({ method: "eth_signTypedData_v4", params: [w.address, JSON.stringify(td)] }) as never,
});

function context(statuses: PerpetualTradingLifecycle[], s: Signer = walletSigner(wallet)): FlowContext {
  const transport = new Transport({
    serverURL: "http://api",
    fetch: (input, init) => h.app.fetch(new Request(input, init)),
  });
  return { transport, signer: s, report: (x) => statuses.push(x), agents };
}

const memoryStorage = (m: Map<string, string>) => ({
  getItem: (k: string) => m.get(k) ?? null,
  setItem: (k: string, v: string) => void m.set(k, v),
  removeItem: (k: string) => void m.delete(k),
});

beforeAll(async () => {
  h = await startHarness();
  await h.fund(account.address, 5_000);
  wallet = strictWallet({ privateKey: KEYS[2], chains: [{ id: 1 }, { id: 42161 }], chainId: 1 });
  storage = new Map();
  agents = agentStore(memoryStorage(storage), "https://partner.example");
});
afterAll(() => h?.stop());
beforeEach(() => {
  wallet.prompts.length = 0;
});

const positions = async () => (await h.get("positions", { owner: account.address })).json.positions;
const venueInfo = async (body: unknown) =>
  (await fetch(`${h.venue.url}/info`, { method: "POST", body: JSON.stringify(body) })).json();
const signatures = () =>
  wallet.prompts
    .filter((p) => p.method === "eth_signTypedData_v4")
    .map((p) => ({ primaryType: p.primaryType, domainChainId: p.domainChainId, refused: p.refused }));
const buy = {
  asset: "AAPL",
  side: "buy",
  size: "1",
  type: "market",
  reduceOnly: false,
  leverage: 3,
} as const;

describe("widget flows", () => {
  test("behavior: before the agent wallet, this wallet refused every order and the 421614 user-signed actions", async () => {
    const order = await h.post("market_order", {
      owner: account.address,
      asset: "AAPL",
      side: "buy",
      size: "1",
    });
    const enable = await h.post("enable_unified_account", { owner: account.address });
    for (const td of [order.json.typed_data, enable.json.typed_data])
      await expect(
        wallet.request({ method: "eth_signTypedData_v4", params: [wallet.address, JSON.stringify(td)] }),
      ).rejects.toMatchObject({
        code: -32602,
        message: expect.stringMatching(/must match the active chainId "1"/),
      });
  });

  test("default: the first order enables trading and authorises the agent on the wallet's chain; the agent signs leverage and order without a prompt", async () => {
    const statuses: PerpetualTradingLifecycle[] = [];
    await placeOrder(context(statuses), buy);
    expect(signatures()).toEqual([
      { primaryType: "HyperliquidTransaction:UserSetAbstraction", domainChainId: 1, refused: undefined },
      { primaryType: "HyperliquidTransaction:ApproveAgent", domainChainId: 1, refused: undefined },
    ]);
    expect(statuses.filter((s) => s.status === "signing").map((s) => (s as any).label)).toEqual([
      "Enable trading on traditional-asset markets",
      "Authorise trading from this browser (one signature, no gas)",
    ]);
    expect(statuses.at(-1)).toMatchObject({
      status: "success",
      action: "order",
      message: expect.stringMatching(/^Bought 1\.0 AAPL at /),
    });
    expect(await positions()).toMatchObject([{ asset: "AAPL", side: "long", size: "1.0", leverage: "3" }]);
    const agent = agents.load(account.address, "Mainnet")!;
    expect(await venueInfo({ type: "extraAgents", user: account.address })).toEqual([
      { address: agent.address.toLowerCase(), name: "compass", validUntil: agent.validUntil },
    ]);
  });

  test("default: once authorised, an order costs no wallet prompt", async () => {
    await placeOrder(context([]), buy);
    expect(wallet.prompts).toEqual([]);
    expect(await positions()).toMatchObject([{ asset: "AAPL", side: "long", size: "2.0" }]);
  });

  test("default: closing the position leaves the account flat", async () => {
    const statuses: PerpetualTradingLifecycle[] = [];
    await closePosition(context(statuses), (await positions())[0]);
    expect(statuses.at(-1)).toMatchObject({ status: "success", action: "close" });
    expect(await positions()).toEqual([]);
    expect(wallet.prompts).toEqual([]);
  });

  test("default: a limit order rests and cancels", async () => {
    const statuses: PerpetualTradingLifecycle[] = [];
    await placeOrder(context(statuses), {
      asset: "GOLD",
      side: "buy",
      size: "0.01",
      type: "limit",
      price: "3000",
      reduceOnly: false,
      leverage: 3,
    });
    const [order] = (await h.get("activity", { owner: account.address })).json.open_orders;
    expect(order).toMatchObject({ asset: "GOLD", limit_price: "3000.0" });
    await cancelOrder(context(statuses), order);
    expect((await h.get("activity", { owner: account.address })).json.open_orders).toEqual([]);
    expect(wallet.prompts).toEqual([]);
  });

  test("parameters: marginMode isolated with takeProfit and stopLoss, the venue holds an isolated position guarded by both triggers; a stop set on the position afterwards is at the venue too", async () => {
    const statuses: PerpetualTradingLifecycle[] = [];
    const mark = Number(
      (await h.get("opportunities", {})).json.opportunities.find((o: { asset: string }) => o.asset === "TSLA")
        .mark_price,
    );
    const at = (f: number) => Number((mark * f).toPrecision(5)).toString();
    await placeOrder(context(statuses), {
      asset: "TSLA",
      side: "buy",
      size: "0.1",
      type: "market",
      reduceOnly: false,
      leverage: 2,
      marginMode: "isolated",
      takeProfit: at(1.2),
      stopLoss: at(0.8),
    });
    expect(
      statuses.filter((x) => x.status === "preparing").map((x) => (x as { label: string }).label),
    ).toContain("Set TSLA leverage to 2× (Isolated)");
    const state = await venueInfo({ type: "clearinghouseState", user: account.address, dex: "xyz" });
    const tsla = state.assetPositions.find((p: any) => p.position.coin === "xyz:TSLA").position;
    expect(tsla).toMatchObject({ szi: "0.1", leverage: { type: "isolated", value: 2 } });
    const triggers = async () =>
      (await venueInfo({ type: "frontendOpenOrders", user: account.address, dex: "xyz" }))
        .filter((o: any) => o.coin === "xyz:TSLA")
        .map((o: any) => [o.orderType, Number(o.triggerPx)]);
    expect(await triggers()).toEqual(
      expect.arrayContaining([
        ["Take Profit Market", Number(at(1.2))],
        ["Stop Market", Number(at(0.8))],
      ]),
    );
    const [position] = (await positions()).filter((p: { asset: string }) => p.asset === "TSLA");
    await protectPosition(context(statuses), position, { stopLoss: at(0.9) });
    expect(statuses.at(-1)).toMatchObject({ status: "success", message: "TP/SL set on TSLA" });
    expect(await triggers()).toContainEqual(["Stop Market", Number(at(0.9))]);
    expect(wallet.prompts).toEqual([]);
    await closePosition(context([]), position);
  });

  test("default: withdraw is accepted and queued for the payout", async () => {
    const statuses: PerpetualTradingLifecycle[] = [];
    await withdraw(context(statuses), "100");
    expect(statuses.at(-1)).toMatchObject({
      status: "success",
      message: expect.stringMatching(/99\.00 USDC/),
    });
    expect(h.venue.engine.pendingPayouts().some((p) => p.user === account.address.toLowerCase())).toBe(true);
    expect(signatures()).toEqual([
      { primaryType: "HyperliquidTransaction:Withdraw", domainChainId: 1, refused: undefined },
    ]);
  });

  test("behavior: the person switches network in the wallet between preparation and signature: prepared again for the new chain", async () => {
    // the signer reads the chain once before the switch (as a stale page would), then the wallet moves
    const base = walletSigner(wallet);
    let reads = 0;
    const stale: Signer = {
      ...base,
      chainId: async () => {
        if (reads++ === 0) {
          const before = await base.chainId();
          wallet.userSwitchesTo(before === 1 ? 42161 : 1);
          return before;
        }
        return base.chainId();
      },
    };
    const payouts = () =>
      h.venue.engine.pendingPayouts().filter((p) => p.user === account.address.toLowerCase());
    const before = payouts().length;
    await withdraw(context([], stale), "10");
    expect(signatures()).toEqual([
      {
        primaryType: "HyperliquidTransaction:Withdraw",
        domainChainId: 1,
        refused: expect.stringMatching(/active chainId "42161"/),
      },
      { primaryType: "HyperliquidTransaction:Withdraw", domainChainId: 42161, refused: undefined },
    ]);
    expect(payouts().length).toBe(before + 1);
  });

  test("behavior: an agent the venue no longer knows (replaced elsewhere) is dropped and a new one authorised once; the order fills", async () => {
    const mine = agents.load(account.address, "Mainnet")!;
    // another device authorises its own key under the same name: the venue replaces ours
    const elsewhere = approveAgentAction(createAgent(), "Mainnet", 421614);
    expect(await h.execute(KEYS[2], elsewhere)).toEqual({ status: "ok", response: { type: "default" } });
    await placeOrder(context([]), buy);
    expect(signatures()).toEqual([
      {
        primaryType: "HyperliquidTransaction:ApproveAgent",
        domainChainId: wallet.chainId,
        refused: undefined,
      },
    ]);
    const fresh = agents.load(account.address, "Mainnet")!;
    expect(fresh.address).not.toBe(mine.address);
    expect(await positions()).toMatchObject([{ asset: "AAPL", side: "long", size: "1.0" }]);
  });

  test("behavior: an expired agent is replaced before the order, with one approval", async () => {
    const key = [...storage.keys()][0]!;
    const stored = JSON.parse(storage.get(key)!);
    storage.set(key, JSON.stringify({ ...stored, validUntil: Date.now() - 1 }));
    await closePosition(context([]), (await positions())[0]);
    expect(signatures().map((s) => s.primaryType)).toEqual(["HyperliquidTransaction:ApproveAgent"]);
    expect(agents.load(account.address, "Mainnet")!.address).not.toBe(stored.address);
    expect(await positions()).toEqual([]);
  });

  test("behavior: a wallet that signs with another account is caught before anything is sent", async () => {
    const other = privateKeyToAccount(KEYS[3]);
    const liar: Signer = {
      address: account.address,
      chainId: async () => 421614,
      signTypedData: (td) => other.signTypedData(td as any),
    };
    const error = await withdraw(context([], liar), "10").catch((e) => e);
    expect(explain(error, account.address)).toMatchObject({
      kind: "wrong_signer",
      message: expect.stringMatching(/^Signed by 0x/),
    });
  });

  test("behavior: a venue refusal of a stranger's signature reads clearly", () => {
    const refusal = new VenueRefusal(
      "User or API Wallet 0x1234567890abcdef1234567890abcdef12345678 does not exist.",
    );
    expect(explain(refusal, account.address).message).toMatch(/^Signed by 0x1234…5678, not by your account/);
  });

  test("behavior: the API's 422 becomes a validation message", async () => {
    const error = await placeOrder(context([]), {
      asset: "AAPL",
      side: "buy",
      size: "0.0001",
      type: "market",
      reduceOnly: false,
      leverage: 3,
    }).catch((e) => e);
    expect(explain(error)).toMatchObject({
      kind: "validation",
      message: expect.stringMatching(/size: .*multiple of 0\.001/),
    });
  });

  test("behavior: a wallet refusing another chain's domain is explained", () => {
    const e = new Error('Provided chainId "1337" must match the active chainId "42161"');
    expect(explain(e, account.address, 42161, undefined, () => "Arbitrum One")).toMatchObject({
      kind: "chain_mismatch",
      message:
        "Your wallet only signs for the network it is connected to. Switch your wallet to Arbitrum One and try again.",
      recoverable: true,
    });
    expect(explain(e).message).not.toMatch(/dev wallet/);
    expect(explain(Object.assign(new Error("User rejected the request."), { code: 4001 }))).toMatchObject({
      kind: "rejected",
    });
  });
});
