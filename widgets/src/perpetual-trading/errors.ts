import { CompassError, ValidationError } from "@compass/sdk";
import { getAddress } from "viem";
import type { PerpetualTradingError } from "./status.ts";

/** The venue refused an action (HTTP 200 from /execute with status "error", or a per-order error). */
export class VenueRefusal extends Error {
  override name = "VenueRefusal";
}

/** The wallet returned a signature that recovers to another account than the one trading. */
export class WrongSignerError extends Error {
  override name = "WrongSignerError";
}

const CHAIN_MISMATCH =
  /chain ?id.*(must match|does not match|mismatch)|must match the active chain|invalid chain ?id/i;
const REJECTED = /user (rejected|denied)|rejected the request|request rejected|cancel+ed by user/i;
const UNKNOWN_SIGNER = /User or API Wallet (0x[0-9a-fA-F]{40}) does not exist/;

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/**
 * One clear sentence per failure a person can meet, with what to do about it. `owner` is the
 * connected account; `domainChainId` the chain id of the typed data being signed, when signing.
 */
export function explain(error: unknown, owner?: string, domainChainId?: number): PerpetualTradingError {
  const text = `${(error as Error)?.message ?? error} ${(error as { details?: string })?.details ?? ""}`;
  if (error instanceof WrongSignerError)
    return { kind: "wrong-signer", message: error.message, cause: error };
  if (error instanceof VenueRefusal) {
    const stranger = UNKNOWN_SIGNER.exec(error.message);
    if (stranger && owner && stranger[1]!.toLowerCase() !== owner.toLowerCase())
      return {
        kind: "venue",
        message: `The venue refused the signature: it was made by ${short(getAddress(stranger[1]!))}, not by your account ${short(owner)}. Sign with the connected account and try again.`,
        cause: error,
      };
    return { kind: "venue", message: `The venue refused it: ${error.message}`, cause: error };
  }
  if ((error as { code?: number })?.code === 4001 || REJECTED.test(text))
    return {
      kind: "rejected",
      message: "You declined the signature in your wallet. Nothing was sent.",
      cause: error,
    };
  if (CHAIN_MISMATCH.test(text))
    return {
      kind: "chain-mismatch",
      message: `Your wallet only signs typed data for its connected chain, but the venue's signatures use chain id ${domainChainId ?? "1337 / 421614"} (fixed by the venue, no funds move on it). Use a wallet that signs typed data for any chain, such as the dev wallet or a hardware/browser wallet without this restriction.`,
      cause: error,
    };
  if (error instanceof ValidationError)
    return { kind: "validation", message: error.shortMessage, cause: error };
  if (
    error instanceof CompassError &&
    (error.kind === "network" || error.kind === "timeout" || error.status >= 500)
  )
    return {
      kind: "network",
      message: `The trading service is unreachable right now (${error.shortMessage}). Try again in a moment.`,
      cause: error,
    };
  if (error instanceof CompassError) return { kind: "unknown", message: error.shortMessage, cause: error };
  return {
    kind: "unknown",
    message: String((error as Error)?.message ?? error).split("\n")[0]!,
    cause: error,
  };
}
