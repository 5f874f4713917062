import { type Address, formatUnits, type PublicClient, parseAbiItem, zeroAddress } from "viem";
import { readJsonIfExists, writeJsonAtomic } from "../../../fsutil.ts";

const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
/** Blocks per eth_getLogs query: well inside what public RPCs allow. */
const SPAN = 5_000n;
/** The venue's minimum deposit: a smaller transfer into the bridge is lost — kept, never credited. */
export const MIN_DEPOSIT_USDC = 5;
const MIN_DEPOSIT_RAW = BigInt(MIN_DEPOSIT_USDC) * 1_000_000n;

export interface DepositWatcherOptions {
  client: PublicClient;
  usdc: Address;
  bridge: Address;
  /** credits `usd` to `user` once per `key` (the venue ignores a key it has seen) */
  credit(user: string, usd: string, key: string): Promise<unknown>;
  /** records a deposit the venue keeps without crediting, once per `key`, with the reason */
  lost(user: string, usd: string, key: string, reason: string): Promise<unknown>;
  /** where the last scanned block is kept, so a restart resumes instead of rescanning the chain */
  cursorFile: string;
  pollMs?: number;
  log?: (line: string) => void;
}

/**
 * Credits bridge deposits the way the venue's validators do: every USDC `Transfer` into the bridge
 * credits its sender (mints — `from` zero — are the bridge's float, not deposits), except one under
 * the 5 USDC minimum: the bridge keeps that USDC and nothing is credited (the venue's records say
 * why: `lostDeposits`, GET /_twin/deposits). Each log is keyed
 * by transaction hash and log index, so rescanning a block never credits twice, and the cursor only
 * moves after a whole range was credited.
 */
export class DepositWatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: DepositWatcherOptions) {}

  start(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Scans from the cursor to the chain head once. */
  async poll(): Promise<number> {
    const { client, usdc, bridge, cursorFile } = this.options;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    let from = BigInt(readJsonIfExists<{ block: string }>(cursorFile)?.block ?? "-1") + 1n;
    let credited = 0;
    while (from <= head) {
      const to = from + SPAN - 1n < head ? from + SPAN - 1n : head;
      const logs = await client.getLogs({
        address: usdc,
        event: TRANSFER,
        args: { to: bridge },
        fromBlock: from,
        toBlock: to,
      });
      for (const log of logs) {
        const { from: sender, value } = log.args;
        if (!sender || sender === zeroAddress || !value) continue;
        const key = `${log.transactionHash}:${log.logIndex}`;
        const usd = formatUnits(value, 6);
        if (value < MIN_DEPOSIT_RAW) {
          await this.options.lost(
            sender.toLowerCase(),
            usd,
            key,
            `below the minimum deposit of ${MIN_DEPOSIT_USDC} USDC: kept by the bridge, not credited`,
          );
          continue;
        }
        await this.options.credit(sender.toLowerCase(), usd, key);
        credited++;
      }
      writeJsonAtomic(cursorFile, { block: to.toString() });
      from = to + 1n;
    }
    return credited;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.poll()
        .then(() => undefined)
        .catch((error: unknown) => this.options.log?.(`venue bridge: deposit scan failed: ${String(error)}`))
        .finally(() => this.schedule(this.options.pollMs ?? 500));
    }, ms);
    this.timer.unref();
  }
}
