import { type Address, getAddress, type Hex, numberToHex } from "viem";
import { browserStorage, type KeyValueStorage, pageOrigin } from "../kit/storage.ts";
import { hashTypedData } from "./eip712.ts";
import { VenueRefusal } from "./errors.ts";
import type { Prepared, Signer } from "./execute.ts";
import { privateKeyAddress, randomPrivateKey, signHash } from "./secp256k1.ts";

let lastNonce = 0;
/** Millisecond nonces, never repeated within the page (two approvals in one millisecond would collide). */
export function nextNonce(now = Date.now()): number {
  lastNonce = Math.max(now, lastNonce + 1);
  return lastNonce;
}

/**
 * The venue's agent wallet ("API wallet"): a key this browser creates and keeps, which the owner
 * authorises once with a user-signed `approveAgent`. From then on it signs the L1 actions (orders,
 * cancels, leverage) locally — no wallet prompt, and no typed data in the venue's chain-1337 domain for
 * a browser wallet to refuse. The key can trade but never withdraw; it is kept per page origin, owner
 * and venue network, and expires.
 */
export type VenueNetwork = "Mainnet" | "Testnet";

export interface StoredAgent {
  privateKey: Hex;
  address: Address;
  /** ms since the epoch; the venue forgets the agent then too */
  validUntil: number;
}

/** How long a new agent is authorised for (the venue allows up to 180 days). */
export const AGENT_LIFETIME_MS = 30 * 86_400_000;
/** Re-authorise a little before the end, so an order never races the expiry. */
const MARGIN_MS = 60_000;
/** The agent's name at the venue: re-approving under the same name replaces the previous key. */
export const AGENT_NAME = "compass";

export interface AgentStore {
  /** the live agent of `owner` on `network`, or undefined (missing, expired or unreadable: dropped) */
  load(owner: Address, network: VenueNetwork): StoredAgent | undefined;
  save(owner: Address, network: VenueNetwork, agent: StoredAgent): void;
  drop(owner: Address, network: VenueNetwork): void;
}

/**
 * Agents in `storage` (the page's localStorage by default; nothing is kept where there is none, as during
 * server rendering), one entry per origin, owner and network.
 */
export function agentStore(
  storage: KeyValueStorage | undefined = browserStorage(),
  origin: string = pageOrigin(),
  now: () => number = Date.now,
): AgentStore {
  const key = (owner: Address, network: VenueNetwork) =>
    `compass.perpetual-trading.agent:${origin}:${owner.toLowerCase()}:${network}`;
  const memory = new Map<string, string>(); // where storage is unavailable, for this page's life only
  const get = (k: string) => (storage ? storage.getItem(k) : (memory.get(k) ?? null));
  const remove = (k: string) => (storage ? storage.removeItem(k) : memory.delete(k));
  return {
    load(owner, network) {
      const k = key(owner, network);
      let agent: StoredAgent | undefined;
      try {
        const raw = get(k);
        agent = raw ? (JSON.parse(raw) as StoredAgent) : undefined;
        if (agent && privateKeyAddress(agent.privateKey) !== agent.address) agent = undefined;
      } catch {
        agent = undefined;
      }
      if (agent && typeof agent.validUntil === "number" && agent.validUntil - MARGIN_MS > now()) return agent;
      remove(k);
      return undefined;
    },
    save(owner, network, agent) {
      const value = JSON.stringify(agent);
      if (storage) storage.setItem(key(owner, network), value);
      else memory.set(key(owner, network), value);
    },
    drop(owner, network) {
      remove(key(owner, network));
    },
  };
}

/** A new key, valid for `lifetime` from `now`. */
export function createAgent(now = Date.now(), lifetime = AGENT_LIFETIME_MS): StoredAgent {
  const privateKey = randomPrivateKey();
  return { privateKey, address: privateKeyAddress(privateKey), validUntil: now + lifetime };
}

/** The agent as a flow's signer: signs locally, without a prompt. */
export function agentSigner(agent: StoredAgent): Signer {
  return {
    address: agent.address,
    chainId: async () => 1337,
    signTypedData: async (td) => signHash(hashTypedData(td as never), agent.privateKey),
  };
}

/**
 * The user-signed `approveAgent` (action and typed data), in the domain of `chainId` — the wallet's
 * active chain. The name carries the expiry, so the venue forgets the key when this browser does.
 */
export function approveAgentAction(
  agent: StoredAgent,
  network: VenueNetwork,
  chainId: number,
  nonce = nextNonce(),
): Prepared {
  const agentName = `${AGENT_NAME} valid_until ${agent.validUntil}`;
  const action = {
    type: "approveAgent",
    signatureChainId: numberToHex(chainId),
    hyperliquidChain: network,
    agentAddress: agent.address.toLowerCase(),
    agentName,
    nonce,
  };
  return {
    action,
    nonce,
    typed_data: {
      domain: {
        name: "HyperliquidSignTransaction",
        version: "1",
        chainId,
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
      message: { hyperliquidChain: network, agentAddress: action.agentAddress, agentName, nonce },
    } as never,
  };
}

/** The venue network an action was prepared for: user-signed actions name it; L1 ones sign its source. */
export function networkOf(prepared: Prepared): VenueNetwork | undefined {
  const chain = prepared.action.hyperliquidChain;
  if (chain === "Mainnet" || chain === "Testnet") return chain;
  const source = (prepared.typed_data.message as { source?: unknown })?.source;
  return source === "a" ? "Mainnet" : source === "b" ? "Testnet" : undefined;
}

/** An L1 action (orders, cancels, leverage): signed by the agent, in the venue's phantom-agent domain. */
export const isL1 = (prepared: Prepared) => prepared.typed_data.primaryType === "Agent";

const UNKNOWN_SIGNER = /User or API Wallet (0x[0-9a-fA-F]{40}) does not exist/;

/** The venue no longer knows `agent` (revoked, replaced elsewhere, or expired there). */
export function agentUnknown(error: unknown, agent: Address): boolean {
  const m = error instanceof VenueRefusal ? UNKNOWN_SIGNER.exec(error.message) : null;
  return !!m && getAddress(m[1]!) === getAddress(agent);
}
