import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import {
  AGENT_LIFETIME_MS,
  agentStore,
  approveAgentAction,
  createAgent,
} from "../src/perpetual-trading/agent.ts";

/** The agent keys the trading widget keeps: per origin, owner and venue network, until they expire. */
const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

function memory() {
  const m = new Map<string, string>();
  return {
    m,
    storage: {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    },
  };
}

describe("agent store", () => {
  test("default: a saved agent is loaded back until shortly before it expires, then dropped", () => {
    const { m, storage } = memory();
    let now = 1_000_000;
    const store = agentStore(storage, "https://partner.example", () => now);
    const agent = createAgent(now);
    expect(agent.validUntil).toBe(now + AGENT_LIFETIME_MS);
    expect(privateKeyToAccount(agent.privateKey).address).toBe(agent.address);
    store.save(OWNER, "Mainnet", agent);
    expect(store.load(OWNER, "Mainnet")).toEqual(agent);
    now = agent.validUntil - 120_000;
    expect(store.load(OWNER, "Mainnet")).toEqual(agent);
    // within the last minute: re-approved rather than racing the expiry
    now = agent.validUntil - 30_000;
    expect(store.load(OWNER, "Mainnet")).toBeUndefined();
    expect(m.size).toBe(0);
  });

  test("behavior: agents are isolated per owner (any case), per origin and per venue network", () => {
    const { storage } = memory();
    const a = agentStore(storage, "https://a.example");
    const b = agentStore(storage, "https://b.example");
    const agent = createAgent();
    a.save(OWNER, "Mainnet", agent);
    expect(a.load(OWNER.toLowerCase() as `0x${string}`, "Mainnet")).toEqual(agent);
    expect(a.load(OTHER, "Mainnet")).toBeUndefined();
    expect(a.load(OWNER, "Testnet")).toBeUndefined();
    expect(b.load(OWNER, "Mainnet")).toBeUndefined();
    a.drop(OWNER, "Mainnet");
    expect(a.load(OWNER, "Mainnet")).toBeUndefined();
  });

  test("behavior: a corrupt or tampered entry is dropped, never used", () => {
    const { m, storage } = memory();
    const store = agentStore(storage, "https://a.example");
    const agent = createAgent();
    store.save(OWNER, "Mainnet", agent);
    const [key] = [...m.keys()];
    m.set(key!, "{not json");
    expect(store.load(OWNER, "Mainnet")).toBeUndefined();
    // a key that does not match its address (someone edited storage)
    m.set(key!, JSON.stringify({ ...agent, address: OTHER }));
    expect(store.load(OWNER, "Mainnet")).toBeUndefined();
    expect(m.has(key!)).toBe(false);
  });

  test("behavior: without storage (server rendering, storage forbidden) agents live in memory only", () => {
    const store = agentStore(undefined, "");
    const agent = createAgent();
    store.save(OWNER, "Mainnet", agent);
    expect(store.load(OWNER, "Mainnet")).toEqual(agent);
    expect(agentStore(undefined, "").load(OWNER, "Mainnet")).toBeUndefined();
  });

  test("default: approveAgent is signed in the wallet's chain and carries the agent's expiry in its name", () => {
    const agent = createAgent(0);
    const p = approveAgentAction(agent, "Testnet", 42161, 123);
    expect(p.action).toEqual({
      type: "approveAgent",
      signatureChainId: "0xa4b1",
      hyperliquidChain: "Testnet",
      agentAddress: agent.address.toLowerCase(),
      agentName: `compass valid_until ${AGENT_LIFETIME_MS}`,
      nonce: 123,
    });
    expect(p.typed_data.domain.chainId).toBe(42161);
    expect(p.typed_data.message).toMatchObject({ hyperliquidChain: "Testnet", nonce: 123 });
  });
});
