import { ONE_TIME_WALLET_ABI, ONE_TIME_WALLET_INIT_CODE_HASH } from "@compass/constants";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  erc20Abi,
  getAddress,
  getContractAddress,
  type Hash,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  parseEventLogs,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { SettlementConfig } from "./config.ts";

/** OneTimeWallet's event: the USDC left the wallet for its recipient. */
export const FORWARDED = ONE_TIME_WALLET_ABI[1];

export interface Forward {
  txHash: Hex;
  amount: bigint;
}

/** What the worker does on chain; an interface so the worker's rules can be tested without a chain. */
export interface SettlementChain {
  /** the one-time wallet of (recipient, salt): CREATE2 over the factory, as the contract computes it */
  walletOf(recipient: Address, salt: Hex): Address;
  balanceOf(wallet: Address): Promise<bigint>;
  /** the block of a mined transaction (the provider's payment), to read logs from */
  blockOf(txHash: Hex): Promise<bigint | undefined>;
  /**
   * The wallet's Forwarded event, read in bounded eth_getLogs pages from `fromBlock` (the provider's payment;
   * when unknown, the wallet's deployment block). A wallet holding no code never forwarded.
   */
  findForward(wallet: Address, fromBlock: bigint | undefined): Promise<Forward | undefined>;
  /** simulates, then sends deployAndForward and waits for it; throws on a revert */
  deployAndForward(recipient: Address, salt: Hex, onSent: (txHash: Hex) => void): Promise<Forward>;
}

export function chainFor(config: SettlementConfig): SettlementChain {
  const transport = http(config.rpcUrl, { retryCount: 2 });
  const account = privateKeyToAccount(config.sponsorKey);
  const reader = createPublicClient({ transport, pollingInterval: 250 });
  const writer = createWalletClient({ transport, account });
  return {
    walletOf(recipient, salt) {
      return getContractAddress({
        opcode: "CREATE2",
        from: config.factory,
        salt: keccak256(
          encodeAbiParameters([{ type: "address" }, { type: "bytes32" }], [getAddress(recipient), salt]),
        ),
        bytecodeHash: ONE_TIME_WALLET_INIT_CODE_HASH,
      });
    },
    balanceOf: (wallet) =>
      reader.readContract({ address: config.usdc, abi: erc20Abi, functionName: "balanceOf", args: [wallet] }),
    async blockOf(txHash) {
      const receipt = await reader.getTransactionReceipt({ hash: txHash }).catch(() => undefined);
      return receipt?.blockNumber;
    },
    async findForward(wallet, fromBlock) {
      const head = await reader.getBlockNumber({ cacheTime: 0 });
      const code = async (blockNumber: bigint) => !!(await reader.getCode({ address: wallet, blockNumber }));
      if (!(await code(head))) return undefined;
      let start = fromBlock;
      if (start === undefined) {
        // the first block holding the wallet's code: nothing can have been forwarded before
        let [lo, hi] = [0n, head];
        while (lo < hi) {
          const mid = (lo + hi) / 2n;
          if (await code(mid)) hi = mid;
          else lo = mid + 1n;
        }
        start = lo;
      }
      for (let from = start; from <= head; from += config.logsMaxRange) {
        const to = from + config.logsMaxRange - 1n > head ? head : from + config.logsMaxRange - 1n;
        const logs = await reader.getLogs({
          address: wallet,
          event: FORWARDED,
          args: { token: config.usdc },
          fromBlock: from,
          toBlock: to,
        });
        const [log] = logs;
        if (log) return { txHash: log.transactionHash, amount: log.args.amount ?? 0n };
      }
      return undefined;
    },
    async deployAndForward(recipient, salt, onSent) {
      const { request } = await reader.simulateContract({
        account,
        address: config.factory,
        abi: ONE_TIME_WALLET_ABI,
        functionName: "deployAndForward",
        args: [config.usdc, recipient, salt],
      });
      const hash = await writer.writeContract({ ...request, chain: null });
      onSent(hash);
      const receipt = await minedReceipt(reader, hash);
      if (receipt.status !== "success") throw new Error(`deployAndForward reverted (tx ${hash})`);
      const [log] = parseEventLogs({ abi: [FORWARDED], logs: receipt.logs, eventName: "Forwarded" });
      return { txHash: hash, amount: log?.args.amount ?? 0n };
    },
  };
}

/**
 * The receipt of `hash`, polled until it is mined. Not viem's waitForTransactionReceipt, which re-checks only
 * when the block number moves: a chain that mines on demand (the devnet's anvil) can mine the forward just
 * after the first check and then no other block, and the worker would wait out viem's timeout.
 */
async function minedReceipt(
  client: PublicClient,
  hash: Hash,
  timeoutMs = 120_000,
): Promise<TransactionReceipt> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await client.getTransactionReceipt({ hash }).catch((error) => {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    });
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`the forward ${hash} was not mined in time`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
