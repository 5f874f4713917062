import type { Address } from "viem";
import type { Config } from "wagmi";
import { getAccount, getClient, switchChain } from "wagmi/actions";
import { domainType } from "./eip712.ts";
import type { Signer, TypedDataPayload } from "./execute.ts";
import type { ChainOps } from "./flow.ts";

/**
 * The connected wallet, spoken to in EIP-1193 through its wagmi connector. The wallet does what wallets do
 * (estimates gas, serialises, signs); viem's client actions on top of it (transaction preparation, typed-data
 * validation, block watching) would add more to a partner's bundle than this whole widget.
 */
interface Eip1193 {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

async function provider(config: Config, chainId?: number): Promise<Eip1193> {
  const { connector } = getAccount(config);
  if (!connector) throw new Error("Connect a wallet first");
  return (await connector.getProvider(chainId ? { chainId } : undefined)) as Eip1193;
}

const hex = (n: string | number | bigint) => `0x${BigInt(n).toString(16)}`;

/** The connected wagmi wallet as a flow's signer; remembers the last domain chain id for error messages. */
export function wagmiSigner(config: Config, address: Address): Signer & { lastDomainChainId?: number } {
  const signer: Signer & { lastDomainChainId?: number } = {
    address,
    // asked of the wallet itself: wagmi's state can trail a switch made in the wallet's own menu
    async chainId() {
      const { connector, chainId } = getAccount(config);
      return (await connector?.getChainId().catch(() => undefined)) ?? chainId ?? 1;
    },
    async signTypedData(td: TypedDataPayload) {
      signer.lastDomainChainId = Number(td.domain.chainId);
      const domain = td.domain as Record<string, unknown>;
      const typed = { ...td, types: { EIP712Domain: domainType(domain), ...td.types } };
      const json = JSON.stringify(typed, (_, v) => (typeof v === "bigint" ? v.toString() : v));
      const wallet = await provider(config);
      return (await wallet.request({
        method: "eth_signTypedData_v4",
        params: [address, json],
      })) as `0x${string}`;
    },
  };
  return signer;
}

/** How long a sent transaction may take to be mined before the flow gives up waiting (it may still land). */
const RECEIPT_TIMEOUT_MS = 180_000;

/** Chain operations through the wallet and the host's transports: switch (when it can), send, wait for the receipt. */
export function wagmiChainOps(
  config: Config,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): ChainOps {
  let sentOn: number | undefined;
  return {
    async ensureChain(chainId) {
      if (getAccount(config).chainId === chainId || !config.chains.some((c) => c.id === chainId)) return;
      await switchChain(config, { chainId: chainId as never }).catch(() => undefined);
    },
    async sendTransaction(tx) {
      const chainId = Number(tx.chainId);
      const { address, connector } = getAccount(config);
      const active = await connector?.getChainId().catch(() => undefined);
      if (active !== undefined && active !== chainId)
        throw new Error(
          `chain mismatch: the wallet is on chain ${active}, the transaction is for chain ${chainId}`,
        );
      const wallet = await provider(config, chainId);
      sentOn = chainId;
      return (await wallet.request({
        method: "eth_sendTransaction",
        params: [
          {
            from: address,
            to: tx.to,
            data: tx.data,
            ...(tx.gas ? { gas: hex(tx.gas) } : {}),
            maxFeePerGas: hex(tx.maxFeePerGas),
            maxPriorityFeePerGas: hex(tx.maxPriorityFeePerGas),
            chainId: hex(chainId),
          },
        ],
      })) as `0x${string}`;
    },
    async waitForReceipt(hash) {
      const client = getClient(config, sentOn ? { chainId: sentOn as never } : undefined);
      if (!client) throw new Error("The wagmi config has no transport for the transaction's chain");
      const end = Date.now() + RECEIPT_TIMEOUT_MS;
      for (let wait = 250; ; wait = Math.min(wait * 2, 2_000)) {
        const receipt = (await client.request({
          method: "eth_getTransactionReceipt",
          params: [hash],
        } as never)) as { status: string; logs: unknown[] } | null;
        if (receipt) return { status: receipt.status === "0x1" ? "success" : "reverted", logs: receipt.logs };
        if (Date.now() > end)
          throw new Error(`The transaction ${hash} has not been mined yet; it may still land`);
        await sleep(wait);
      }
    },
  };
}
