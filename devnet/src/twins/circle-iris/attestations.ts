import { CCTP_DOMAINS, CCTP_MESSAGE_TRANSMITTER_V2, cctpMessageTransmitterV2Abi } from "@compass/constants";
import {
  type Address,
  concatHex,
  createPublicClient,
  decodeEventLog,
  type Hex,
  hexToBigInt,
  hexToNumber,
  http,
  keccak256,
  numberToHex,
  type PublicClient,
  pad,
  size,
  sliceHex,
} from "viem";
import type { DevnetAddressBook } from "../../addressbook.ts";
import { cctpAttester } from "../../cctp/attester.ts";
import { chainSpecByName } from "../../config.ts";
import { viemChain } from "../../rpc.ts";

/** Fast-transfer fee by source domain, basis points (Circle: Ethereum 1, Arbitrum and Base 1.3); standard is free. */
export const FAST_FEE_BPS: Record<number, number> = { 0: 1, 3: 1.3, 6: 1.3 };
/**
 * When a burn is attested, devnet seconds after its block: fast (confirmed, threshold ≤ 1000) after the source
 * chain's confirmations (Ethereum ~2 blocks, the L2s one); standard (finalized, 2000) after Ethereum finality.
 */
export const FAST_SECONDS: Record<number, number> = { 0: 20, 3: 8, 6: 8 };
export const STANDARD_SECONDS = 15 * 60;

const DOMAIN_CHAINS = Object.fromEntries(Object.entries(CCTP_DOMAINS).map(([c, d]) => [d, c])) as Record<
  number,
  keyof typeof CCTP_DOMAINS
>;

export const knownDomain = (domain: number) => domain in DOMAIN_CHAINS;

/** One burn message, as the service holds it: the message emitted and the nonce it assigned. */
export interface Held {
  sourceDomain: number;
  transactionHash: Hex;
  logIndex: number;
  blockNumber: number;
  blockTimestamp: number;
  emitted: Hex;
  nonce: Hex;
}

export interface IrisMessage {
  message: Hex;
  eventNonce: Hex;
  attestation: Hex | "PENDING";
  decodedMessage: Record<string, unknown>;
  cctpVersion: 2;
  status: "complete" | "pending_confirmations";
  delayReason: string | null;
}

/** The parts of a v2 message (and its burn body) at their byte offsets. */
function fields(message: Hex) {
  const at = (start: number, end?: number) => sliceHex(message, start, end);
  const body = at(148);
  const b = (start: number, end?: number) => sliceHex(body, start, end);
  return {
    sourceDomain: hexToNumber(at(4, 8)),
    destinationDomain: hexToNumber(at(8, 12)),
    sender: at(44, 76),
    recipient: at(76, 108),
    destinationCaller: at(108, 140),
    minFinalityThreshold: hexToNumber(at(140, 144)),
    body,
    burn: {
      burnToken: b(4, 36),
      mintRecipient: b(36, 68),
      amount: hexToBigInt(b(68, 100)),
      messageSender: b(100, 132),
      maxFee: hexToBigInt(b(132, 164)),
      hookData: size(body) > 228 ? b(228) : "0x",
    },
  };
}

const addressOf = (word: Hex) => sliceHex(word, 12) as Address;

/** Circle's attestation service over the devnet's chains: reads burns from the chain, attests them on time. */
export class Attestations {
  private readonly clients = new Map<number, PublicClient>();

  constructor(
    book: DevnetAddressBook,
    private readonly now: () => Promise<number>,
    private readonly held: Record<string, Held>,
    private readonly save: () => void,
  ) {
    for (const [domain, chain] of Object.entries(DOMAIN_CHAINS)) {
      const entry = book.chains[chain];
      if (!entry) continue;
      this.clients.set(
        Number(domain),
        createPublicClient({
          chain: viemChain(chainSpecByName(chain), entry.rpcUrl),
          transport: http(entry.rpcUrl, { retryCount: 0 }),
        }) as PublicClient,
      );
    }
  }

  /** The MessageSent events of `transactionHash` on `domain`'s chain; [] when the chain has no such transaction. */
  async byTransaction(domain: number, transactionHash: Hex): Promise<IrisMessage[]> {
    const client = this.clients.get(domain);
    if (!client) return [];
    const receipt = await client.getTransactionReceipt({ hash: transactionHash }).catch(() => null);
    if (receipt?.status !== "success") return [];
    const logs = receipt.logs.filter(
      (l) => l.address.toLowerCase() === CCTP_MESSAGE_TRANSMITTER_V2.toLowerCase(),
    );
    if (!logs.length) return [];
    const block = await client.getBlock({ blockNumber: receipt.blockNumber });
    const out: IrisMessage[] = [];
    for (const log of logs) {
      const key = `${domain}:${transactionHash.toLowerCase()}:${log.logIndex}`;
      let held = this.held[key];
      if (!held) {
        const { args } = decodeEventLog({
          abi: cctpMessageTransmitterV2Abi,
          eventName: "MessageSent",
          ...log,
        });
        held = {
          sourceDomain: domain,
          transactionHash,
          logIndex: log.logIndex,
          blockNumber: Number(receipt.blockNumber),
          blockTimestamp: Number(block.timestamp),
          emitted: args.message,
          // v2 nonces are assigned by the service: unique per source domain, transaction and event
          nonce: keccak256(
            concatHex([
              numberToHex(domain, { size: 4 }),
              transactionHash,
              numberToHex(log.logIndex, { size: 4 }),
            ]),
          ),
        };
        this.held[key] = held;
        this.save();
      }
      out.push(await this.view(held));
    }
    return out;
  }

  async byNonce(domain: number, nonce: Hex): Promise<IrisMessage[]> {
    const held = Object.values(this.held).filter(
      (h) => h.sourceDomain === domain && h.nonce === nonce.toLowerCase(),
    );
    return Promise.all(held.map((h) => this.view(h)));
  }

  /** Status now: the fee and finality it executes at, and once its time has come, the signed message. */
  private async view(held: Held): Promise<IrisMessage> {
    const f = fields(held.emitted);
    const fast = f.minFinalityThreshold <= 1000;
    const fee = fast ? fastFee(held.sourceDomain, f.burn.amount) : 0n;
    // a fast transfer whose max fee does not cover the fee is attested as a standard one, free
    const executedFast = fast && fee <= f.burn.maxFee;
    const executed = executedFast ? 1000 : 2000;
    const feeExecuted = executedFast ? fee : 0n;
    const readyAt =
      held.blockTimestamp + (executedFast ? FAST_SECONDS[held.sourceDomain]! : STANDARD_SECONDS);
    const complete = (await this.now()) >= readyAt;
    const body = concatHex([
      sliceHex(f.body, 0, 164),
      pad(numberToHex(feeExecuted), { size: 32 }),
      pad("0x", { size: 32 }), // expirationBlock: none
      f.burn.hookData,
    ]);
    const message = concatHex([
      sliceHex(held.emitted, 0, 12),
      held.nonce,
      sliceHex(held.emitted, 44, 144),
      numberToHex(executed, { size: 4 }),
      body,
    ]);
    const decodedMessage = {
      sourceDomain: String(f.sourceDomain),
      destinationDomain: String(f.destinationDomain),
      nonce: held.nonce,
      sender: addressOf(f.sender),
      recipient: addressOf(f.recipient),
      destinationCaller: addressOf(f.destinationCaller),
      minFinalityThreshold: String(f.minFinalityThreshold),
      finalityThresholdExecuted: complete ? String(executed) : "0",
      messageBody: body,
      decodedMessageBody: {
        burnToken: addressOf(f.burn.burnToken),
        mintRecipient: addressOf(f.burn.mintRecipient),
        amount: f.burn.amount.toString(),
        messageSender: addressOf(f.burn.messageSender),
        maxFee: f.burn.maxFee.toString(),
        feeExecuted: complete ? feeExecuted.toString() : "0",
        expirationBlock: "0",
        hookData: f.burn.hookData === "0x" ? null : f.burn.hookData,
      },
    };
    if (!complete)
      return {
        message: "0x",
        eventNonce: held.nonce,
        attestation: "PENDING",
        decodedMessage,
        cctpVersion: 2,
        status: "pending_confirmations",
        delayReason: null,
      };
    const attestation = await cctpAttester().sign({ hash: keccak256(message) });
    return {
      message,
      eventNonce: held.nonce,
      attestation,
      decodedMessage,
      cctpVersion: 2,
      status: "complete",
      delayReason: null,
    };
  }
}

/** The fast fee in USDC units: the source's basis points of the amount, rounded up. */
export function fastFee(domain: number, amount: bigint): bigint {
  const tenthsOfBps = BigInt(Math.round(FAST_FEE_BPS[domain]! * 10));
  return (amount * tenthsOfBps + 99_999n) / 100_000n;
}
