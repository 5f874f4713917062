/**
 * @compass/testkit/strict-wallet — an EIP-1193 wallet as strict as the mainstream browser wallets
 * (MetaMask, Rainbow, OneKey): it signs typed data only for its ACTIVE chain, refusing any other
 * `domain.chainId` with MetaMask's error (-32602 "Provided chainId … must match the active chainId …"),
 * switches chain on `wallet_switchEthereumChain` (emitting `chainChanged`), and counts every prompt a
 * person would see. Keys stay in Node; `installStrictWallet` injects it into a Playwright page as
 * `window.ethereum`, where wagmi's `injected()` connector picks it up.
 */
import type { Page } from "@playwright/test";
import { createWalletClient, defineChain, type Hex, http, numberToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export interface StrictWalletOptions {
  privateKey: Hex;
  /** chains the wallet knows, with the RPC it sends transactions and reads through */
  chains: { id: number; rpcUrl?: string }[];
  /** the active chain at start (a fresh MetaMask sits on Ethereum, chain 1) */
  chainId: number;
}

/** What the person was asked in the wallet: a signature, a transaction or a chain switch. */
export interface WalletPrompt {
  method: string;
  /** the active chain when asked */
  chainId: number;
  /** for typed data: its primary type and domain chain */
  primaryType?: string;
  domainChainId?: number;
  /** the wallet refused it (no person could have approved) */
  refused?: string;
  at: number;
}

export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

type Listener = (...args: unknown[]) => void;

export interface StrictWallet {
  address: `0x${string}`;
  readonly chainId: number;
  /** every prompt so far, in order */
  prompts: WalletPrompt[];
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: string, listener: Listener): void;
  removeListener(event: string, listener: Listener): void;
  /** the person switches chain in the wallet's own menu (no dApp request): `chainChanged` follows */
  userSwitchesTo(chainId: number): void;
}

export function strictWallet(options: StrictWalletOptions): StrictWallet {
  const account = privateKeyToAccount(options.privateKey);
  let active = options.chainId;
  let connected = false;
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) => {
    for (const l of listeners.get(event) ?? []) l(...args);
  };
  const known = (id: number) => options.chains.find((c) => c.id === id);
  const rpc = (id = active) => {
    const url = known(id)?.rpcUrl;
    if (!url) throw new ProviderRpcError(4901, `The wallet has no RPC for chain ${id}`);
    return url;
  };
  const prompts: WalletPrompt[] = [];
  const prompt = (p: Omit<WalletPrompt, "chainId" | "at">) => {
    const entry = { ...p, chainId: active, at: Date.now() };
    prompts.push(entry);
    return entry;
  };
  const switchTo = (id: number) => {
    if (id === active) return;
    active = id;
    emit("chainChanged", numberToHex(id));
  };
  const mine = (address: unknown) => {
    if (String(address).toLowerCase() !== account.address.toLowerCase())
      throw new ProviderRpcError(4100, "The requested account has not been authorized by the user");
  };

  const wallet: StrictWallet = {
    address: account.address,
    get chainId() {
      return active;
    },
    prompts,
    async request({ method, params }) {
      const p = (params ?? []) as any[];
      switch (method) {
        case "eth_chainId":
          return numberToHex(active);
        case "net_version":
          return String(active);
        case "eth_accounts":
          return connected ? [account.address] : [];
        case "eth_requestAccounts":
          if (!connected) prompt({ method });
          connected = true;
          emit("connect", { chainId: numberToHex(active) });
          return [account.address];
        case "wallet_requestPermissions":
          connected = true;
          return [{ parentCapability: "eth_accounts" }];
        case "wallet_revokePermissions":
          connected = false;
          return null;
        case "wallet_getPermissions":
          return connected ? [{ parentCapability: "eth_accounts" }] : [];
        case "wallet_switchEthereumChain": {
          const id = Number(p[0]?.chainId);
          if (!known(id)) throw new ProviderRpcError(4902, `Unrecognized chain ID "${p[0]?.chainId}".`);
          if (id !== active) prompt({ method });
          switchTo(id);
          return null;
        }
        case "personal_sign":
          mine(p[1]);
          prompt({ method });
          return account.signMessage({ message: { raw: p[0] } });
        case "eth_signTypedData_v4": {
          mine(p[0]);
          const typed = typeof p[1] === "string" ? JSON.parse(p[1]) : p[1];
          const domainChainId =
            typed.domain?.chainId === undefined ? undefined : Number(typed.domain.chainId);
          // MetaMask's rule (eth-json-rpc-middleware validateTypedData / signTypedDataV4)
          if (domainChainId !== undefined && domainChainId !== active) {
            const refused = `Provided chainId "${domainChainId}" must match the active chainId "${active}"`;
            prompt({ method, primaryType: typed.primaryType, domainChainId, refused });
            throw new ProviderRpcError(-32602, refused);
          }
          prompt({ method, primaryType: typed.primaryType, domainChainId });
          const { EIP712Domain: _, ...types } = typed.types;
          return account.signTypedData({
            domain: typed.domain,
            types,
            primaryType: typed.primaryType,
            message: typed.message,
          });
        }
        case "eth_sendTransaction": {
          const tx = p[0];
          mine(tx.from);
          if (tx.chainId !== undefined && Number(tx.chainId) !== active) {
            const refused = `Invalid chainId ${Number(tx.chainId)}: the active chain is ${active}`;
            prompt({ method, refused });
            throw new ProviderRpcError(-32602, refused);
          }
          prompt({ method });
          const client = createWalletClient({
            account,
            chain: defineChain({
              id: active,
              name: `chain ${active}`,
              nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
              rpcUrls: { default: { http: [rpc()] } },
            }),
            transport: http(),
          });
          const big = (v: unknown) => (v === undefined || v === null ? undefined : BigInt(v as string));
          return client.sendTransaction({
            to: tx.to,
            data: tx.data,
            value: big(tx.value),
            gas: big(tx.gas),
            maxFeePerGas: big(tx.maxFeePerGas),
            maxPriorityFeePerGas: big(tx.maxPriorityFeePerGas),
          } as never);
        }
        default: {
          const res = await fetch(rpc(), {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: p }),
          });
          const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
          if (body.error) throw new ProviderRpcError(body.error.code, body.error.message);
          return body.result;
        }
      }
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    userSwitchesTo(id) {
      if (!known(id)) throw new Error(`the wallet does not know chain ${id}`);
      switchTo(id);
    },
  };
  return wallet;
}

/**
 * Injects `wallet` into `page` as `window.ethereum` (before any script runs): requests cross to Node,
 * events come back to the page's listeners. Call before `page.goto`.
 */
export async function installStrictWallet(page: Page, wallet: StrictWallet): Promise<void> {
  await page.exposeFunction("__strictWalletRequest", async (method: string, params: unknown) => {
    try {
      return { result: await wallet.request({ method, params }) };
    } catch (error) {
      const e = error as { code?: number; message?: string };
      return { error: { code: e.code ?? -32603, message: e.message ?? String(error) } };
    }
  });
  for (const event of ["chainChanged", "accountsChanged", "connect", "disconnect"])
    wallet.on(event, (...args) => {
      void page
        .evaluate(([name, payload]) => (window as any).__strictWalletEmit?.(name, payload), [
          event,
          args[0],
        ] as const)
        .catch(() => undefined);
    });
  await page.addInitScript(() => {
    const listeners: Record<string, Set<(payload: unknown) => void>> = {};
    (window as any).__strictWalletEmit = (event: string, payload: unknown) => {
      for (const l of listeners[event] ?? []) l(payload);
    };
    (window as any).ethereum = {
      isMetaMask: true,
      async request({ method, params }: { method: string; params?: unknown }) {
        const reply = await (window as any).__strictWalletRequest(method, params ?? []);
        if (reply.error) throw Object.assign(new Error(reply.error.message), reply.error);
        return reply.result;
      },
      on(event: string, listener: (payload: unknown) => void) {
        listeners[event] ??= new Set();
        listeners[event].add(listener);
      },
      removeListener(event: string, listener: (payload: unknown) => void) {
        listeners[event]?.delete(listener);
      },
    };
  });
}
