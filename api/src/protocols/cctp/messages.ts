import { CCTP_MESSAGE_TRANSMITTER_V2, cctpMessageTransmitterV2Abi } from "@compass/constants";
import { type Address, getAddress, type Hex, type PublicClient } from "viem";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import type { IrisMessage } from "./attestation-port.ts";

/** The message of a burn for `recipient` on `destinationDomain`, among those its transaction emitted. */
export function burnMessageFor(
  messages: IrisMessage[],
  destinationDomain: number,
  recipient: Address,
): IrisMessage | undefined {
  return messages.find(
    (m) =>
      m.decodedMessage &&
      Number(m.decodedMessage.destinationDomain) === destinationDomain &&
      getAddress(m.decodedMessage.decodedMessageBody.mintRecipient) === recipient,
  );
}

/** Circle has attested the message: it can be received on the destination. */
export function isAttested(message: IrisMessage): boolean {
  return message.status === "complete" && message.attestation !== "PENDING";
}

/** A burn's message as Circle decodes it. */
export type BurnMessage = NonNullable<IrisMessage["decodedMessage"]>;

/** USDC burned (raw). */
export function burnedAmount(message: BurnMessage): bigint {
  return BigInt(message.decodedMessageBody.amount);
}

/** The fee Circle executed (raw): known once the message is attested. */
export function executedFee(message: BurnMessage): bigint {
  return BigInt(message.decodedMessageBody.feeExecuted);
}

/** The destination has already received the message of `nonce` (its MessageTransmitterV2 used it). */
export async function isReceived(client: PublicClient, nonce: Hex): Promise<boolean> {
  const used = await client.readContract({
    blockTag: NEXT_BLOCK,
    address: CCTP_MESSAGE_TRANSMITTER_V2,
    abi: cctpMessageTransmitterV2Abi,
    functionName: "usedNonces",
    args: [nonce],
  });
  return used !== 0n;
}
