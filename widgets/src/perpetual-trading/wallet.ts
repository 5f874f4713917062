import type { Address } from "viem";
import type { Config } from "wagmi";
import {
  getAccount,
  sendTransaction,
  signTypedData,
  switchChain,
  waitForTransactionReceipt,
} from "wagmi/actions";
import type { Signer, TypedDataPayload } from "./execute.ts";
import type { ChainOps } from "./flow.ts";

/** The connected wagmi wallet as a flow's signer; remembers the last domain chain id for error messages. */
export function wagmiSigner(config: Config, address: Address): Signer & { lastDomainChainId?: number } {
  const signer: Signer & { lastDomainChainId?: number } = {
    address,
    // asked of the wallet itself: wagmi's state can trail a switch made in the wallet's own menu
    async chainId() {
      const { connector, chainId } = getAccount(config);
      return (await connector?.getChainId().catch(() => undefined)) ?? chainId ?? 1;
    },
    signTypedData(td: TypedDataPayload) {
      signer.lastDomainChainId = Number(td.domain.chainId);
      return signTypedData(config, { account: address, ...(td as any) });
    },
  };
  return signer;
}

/** A chain's name as the host's wagmi config has it. */
export const wagmiChainName = (config: Config) => (chainId: number) =>
  config.chains.find((c) => c.id === chainId)?.name ?? `chain ${chainId}`;

/** Chain operations through wagmi: switch (when the wallet can), send, wait for the receipt. */
export function wagmiChainOps(config: Config): ChainOps {
  return {
    async ensureChain(chainId) {
      if (getAccount(config).chainId === chainId || !config.chains.some((c) => c.id === chainId)) return;
      await switchChain(config, { chainId: chainId as never }).catch(() => undefined);
    },
    sendTransaction(tx) {
      return sendTransaction(config, {
        to: tx.to as Address,
        data: tx.data as `0x${string}`,
        gas: tx.gas ? BigInt(tx.gas) : undefined,
        maxFeePerGas: BigInt(tx.maxFeePerGas),
        maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
        chainId: Number(tx.chainId) as never,
      });
    },
    async waitForReceipt(hash) {
      const r = await waitForTransactionReceipt(config, { hash });
      return { status: r.status, logs: r.logs };
    },
  };
}
