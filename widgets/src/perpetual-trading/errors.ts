import { CompassError, ValidationError } from "@compass/sdk";
import { getAddress } from "viem";
import { commonErrorKind, httpStatusOf } from "../kit/errors.ts";
import { shortAddress } from "../kit/format.ts";
import { type Vocabulary, vocabulary } from "../kit/vocabulary.ts";
import type { PerpetualTradingErrorInfo, PerpetualTradingErrorKind } from "./status.ts";

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

/** The wallet refused typed data for another chain than its active one (MetaMask's rule). */
export function isChainMismatch(error: unknown): boolean {
  const text = `${(error as Error)?.message ?? error} ${(error as { details?: string })?.details ?? ""}`;
  return CHAIN_MISMATCH.test(text);
}

/** How a person knows a chain: its name where the host's wallet config has it. */
export type ChainName = (chainId: number) => string;

/**
 * One clear sentence per failure a person can meet, with what to do about it, in the words of the
 * widget's locale. `owner` is the connected account; `domainChainId` the chain id of the typed data being
 * signed, when signing.
 */
export function explain(
  error: unknown,
  owner?: string,
  domainChainId?: number,
  words: Vocabulary = vocabulary(),
  chainName: ChainName = (id) => `chain ${id}`,
): PerpetualTradingErrorInfo {
  const text = `${(error as Error)?.message ?? error} ${(error as { details?: string })?.details ?? ""}`;
  const info = (kind: PerpetualTradingErrorKind, message: string, recoverable = true) => ({
    kind,
    message,
    recoverable,
    // a venue refusal arrives in the API's 200 answer from /execute
    httpStatus: error instanceof VenueRefusal ? 200 : httpStatusOf(error),
    cause: error,
  });
  if (error instanceof WrongSignerError) return info("wrong_signer", error.message);
  if (error instanceof VenueRefusal) {
    const stranger = UNKNOWN_SIGNER.exec(error.message);
    if (stranger && owner && stranger[1]!.toLowerCase() !== owner.toLowerCase())
      return info(
        "venue",
        `The venue refused the signature: it was made by ${shortAddress(getAddress(stranger[1]!))}, not by your account ${shortAddress(owner)}. Sign with the connected account and try again.`,
      );
    if (/^Must deposit before performing actions/.test(error.message))
      return info("venue", words.depositFirst);
    return info("venue", `The venue refused it: ${error.message}`);
  }
  if ((error as { code?: number })?.code === 4001 || REJECTED.test(text))
    return info("rejected", words.declined);
  if (isChainMismatch(error))
    return info(
      "chain_mismatch",
      words.switchChain(domainChainId ? chainName(domainChainId) : "the network it asks for"),
    );
  if (error instanceof ValidationError) return info("validation", error.shortMessage);
  const common = commonErrorKind(error);
  if (!(error instanceof CompassError)) {
    const details = (error as { details?: string })?.details;
    const first = String((error as Error)?.message ?? error).split("\n")[0]!;
    // an EIP-1193 error from the wallet (viem wraps it): say it came from the wallet, with its own words
    if (typeof (error as { code?: unknown })?.code === "number")
      return info("internal", `Your wallet reported an error: ${details || first}`);
    return info("internal", first);
  }
  if (common === "network" || error.status >= 500)
    return info(
      "network",
      `The trading service is unreachable right now (${error.shortMessage}). Try again in a moment.`,
    );
  if (common === "unauthorized")
    return info(
      "unauthorized",
      `Trading is not set up correctly on this site: the API refused its key (${error.shortMessage}). The site needs a publishable key allowed for this origin.`,
      false,
    );
  return info("internal", error.shortMessage);
}
