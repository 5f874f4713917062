"use client";
import { type Address, getAddress, type Hex, numberToHex } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { createConnector } from "wagmi";

import type { DevCall } from "./dev-signer.ts";

/** secp256k1 and viem's wallet actions load with the keys, at connect time (never at page load). */
const signer = () => import("./dev-signer.ts");

export interface DevAccount {
  address: Address;
  privateKey: Hex;
}

const STORAGE = "compass.devWallet";

/**
 * A wagmi connector over the devnet's funded test keys, so anyone can try every flow without a browser
 * extension. Staging only: the keys come from /api/devnet/accounts at connect time (never from the bundle),
 * and the route does not exist in production. Transactions and typed data are signed locally with viem
 * (`dev-signer.ts`, loaded with the keys). EIP-5792 call batches (`wallet_sendCalls`) run atomically through the
 * account's EIP-7702 delegation, as in wallets that support them.
 */
export function devWallet(options: { load: () => Promise<DevAccount[]> }) {
  let accounts: PrivateKeyAccount[] = [];
  let index = 0;
  let chainId: number | undefined;
  let connected = false;
  const saved = () => {
    try {
      return JSON.parse(localStorage.getItem(STORAGE) ?? "null") as { index: number; chainId: number } | null;
    } catch {
      return null;
    }
  };
  const save = () => localStorage.setItem(STORAGE, JSON.stringify({ index, chainId }));

  return createConnector((config) => {
    const chain = () => config.chains.find((c) => c.id === chainId) ?? config.chains[0]!;
    const ensureKeys = async () => {
      if (!accounts.length) {
        const [list, { accountsFromKeys }] = await Promise.all([options.load(), signer()]);
        accounts = accountsFromKeys(list.map((a) => a.privateKey));
      }
      if (!accounts.length) throw new Error("The devnet has no dev accounts");
    };
    const rpc = async (method: string, params: unknown) => {
      const res = await fetch(chain().rpcUrls.default.http[0]!, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params ?? [] }),
      });
      const body = await res.json();
      if (body.error)
        throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data });
      return body.result;
    };
    const provider = {
      async request({ method, params }: { method: string; params?: any }): Promise<any> {
        const account = accounts[index];
        switch (method) {
          case "eth_chainId":
            return numberToHex(chain().id);
          case "eth_accounts":
          case "eth_requestAccounts":
            return connected && account ? [account.address] : [];
          case "wallet_switchEthereumChain": {
            const id = Number(params[0].chainId);
            if (!config.chains.some((c) => c.id === id))
              throw Object.assign(new Error(`Chain ${id} is not configured`), { code: 4902 });
            chainId = id;
            save();
            config.emitter.emit("change", { chainId: id });
            return null;
          }
          case "personal_sign":
            return account!.signMessage({ message: { raw: params[0] } });
          case "eth_signTypedData_v4": {
            const typed = typeof params[1] === "string" ? JSON.parse(params[1]) : params[1];
            const { EIP712Domain: _, ...types } = typed.types;
            return account!.signTypedData({
              domain: typed.domain,
              types,
              primaryType: typed.primaryType,
              message: typed.message,
            });
          }
          case "eth_sendTransaction": {
            const { sendDevTransaction } = await signer();
            return sendDevTransaction(account!, chain(), params[0]);
          }
          // EIP-5792: batches run atomically through the account's EIP-7702 delegate (dev-signer.ts)
          case "wallet_getCapabilities":
            return Object.fromEntries(
              config.chains.map((c) => [numberToHex(c.id), { atomic: { status: "supported" } }]),
            );
          case "wallet_sendCalls": {
            const request = params[0] as { chainId?: Hex; from?: Address; calls: DevCall[] };
            if (request.chainId !== undefined && Number(request.chainId) !== chain().id)
              throw Object.assign(
                new Error(`The wallet is on chain ${chain().id}, not ${Number(request.chainId)}`),
                {
                  code: 5710,
                },
              );
            if (request.from && getAddress(request.from) !== account!.address)
              throw Object.assign(new Error(`${request.from} is not the connected account`), { code: 4100 });
            const { sendDevCalls } = await signer();
            return { id: await sendDevCalls(account!, chain(), request.calls) };
          }
          case "wallet_getCallsStatus": {
            const id = params[0] as Hex;
            const receipt = await rpc("eth_getTransactionReceipt", [id]);
            return {
              version: "2.0.0",
              id,
              chainId: numberToHex(chain().id),
              atomic: true,
              status: !receipt ? 100 : receipt.status === "0x1" ? 200 : 500,
              receipts: receipt ? [receipt] : undefined,
            };
          }
          case "wallet_showCallsStatus":
            return null;
          default:
            return rpc(method, params);
        }
      },
      on() {},
      removeListener() {},
    };

    return {
      id: "compassDevWallet",
      name: "Dev wallet",
      type: "compassDevWallet",
      async setup() {
        chainId = saved()?.chainId ?? config.chains[0]?.id;
      },
      async connect(parameters?: { chainId?: number }) {
        await ensureKeys();
        const s = saved();
        index = Math.min(s?.index ?? 1, accounts.length - 1);
        if (parameters?.chainId) chainId = parameters.chainId;
        connected = true;
        save();
        return { accounts: [accounts[index]!.address] as readonly Address[], chainId: chain().id } as any;
      },
      async disconnect() {
        connected = false;
        localStorage.removeItem(STORAGE);
      },
      async getAccounts() {
        return connected && accounts[index] ? [accounts[index]!.address] : [];
      },
      async getChainId() {
        return chain().id;
      },
      async getProvider() {
        return provider;
      },
      async isAuthorized() {
        if (!saved()) return false;
        await ensureKeys().catch(() => undefined);
        return accounts.length > 0;
      },
      async switchChain({ chainId: id }: { chainId: number }) {
        await provider.request({
          method: "wallet_switchEthereumChain",
          params: [{ chainId: numberToHex(id) }],
        });
        return chain();
      },
      onAccountsChanged(list: string[]) {
        config.emitter.emit("change", { accounts: list.map((a) => getAddress(a)) });
      },
      onChainChanged(id: string) {
        config.emitter.emit("change", { chainId: Number(id) });
      },
      onDisconnect() {
        connected = false;
        config.emitter.emit("disconnect");
      },
      /** Switch to another funded dev account (0–9). */
      async selectAccount(i: number) {
        await ensureKeys();
        index = Math.max(0, Math.min(i, accounts.length - 1));
        save();
        config.emitter.emit("change", { accounts: [accounts[index]!.address] });
      },
      async listAccounts(): Promise<Address[]> {
        await ensureKeys();
        return accounts.map((a) => a.address);
      },
    };
  });
}
