import { CompassError, ValidationError } from "@compass/sdk";
import { getAddress } from "viem";
import { commonErrorKind, httpStatusOf } from "../kit/errors.ts";
import { shortAddress } from "../kit/format.ts";
import { type Translate, translator } from "../kit/i18n.ts";
import { type PerpsMessages, perpsEn } from "./messages.ts";
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

/** The widget's words in English, for callers outside a widget (tests, hosts' own flows). */
export const englishPerps: Translate<PerpsMessages> = translator(perpsEn, "en");

const ADDRESS = /0x[0-9a-fA-F]{40}/g;

/**
 * One clear sentence per failure a person can meet, with what to do about it, in the words of the
 * widget's locale (`t`). `owner` is the connected account; `domainChainId` the chain id of the typed data
 * being signed, when signing.
 */
export function explain(
  error: unknown,
  owner?: string,
  domainChainId?: number,
  t: Translate<PerpsMessages> = englishPerps,
  chainName: ChainName = (id) => t("chainId", { id }),
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
  if (error instanceof WrongSignerError) {
    // its message names the signer, then the connected account
    const [signer, connected] = error.message.match(ADDRESS) ?? [];
    return info(
      "wrong_signer",
      signer && connected
        ? t("signer", { signer: shortAddress(signer), owner: shortAddress(connected) })
        : error.message,
    );
  }
  if (error instanceof VenueRefusal) {
    const stranger = UNKNOWN_SIGNER.exec(error.message);
    if (stranger && owner && stranger[1]!.toLowerCase() !== owner.toLowerCase())
      return info(
        "venue",
        t("signer", { signer: shortAddress(getAddress(stranger[1]!)), owner: shortAddress(owner) }),
      );
    if (/^Must deposit before performing actions/.test(error.message)) return info("venue", t("unfunded"));
    return info("venue", t("refused", { reason: error.message }));
  }
  if ((error as { code?: number })?.code === 4001 || REJECTED.test(text))
    return info("rejected", t("wallet.declined"));
  if (isChainMismatch(error))
    return info(
      "chain_mismatch",
      t("wallet.switchChain", { chain: domainChainId ? chainName(domainChainId) : t("chain") }),
    );
  if (error instanceof ValidationError) return info("validation", error.shortMessage);
  const common = commonErrorKind(error);
  if (!(error instanceof CompassError)) {
    const details = (error as { details?: string })?.details;
    const first = String((error as Error)?.message ?? error).split("\n")[0]!;
    // an EIP-1193 error from the wallet (viem wraps it): say it came from the wallet, with its own words
    if (typeof (error as { code?: unknown })?.code === "number")
      return info("internal", t("walletErr", { reason: details || first }));
    return info("internal", first);
  }
  if (common === "network" || error.status >= 500)
    return info("network", t("offline", { reason: error.shortMessage }));
  if (common === "unauthorized")
    return info("unauthorized", t("badKey", { reason: error.shortMessage }), false);
  return info("internal", error.shortMessage);
}
