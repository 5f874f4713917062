import { systemHash } from "../engine/hashes.ts";
import { checkNonce, commitNonce } from "../engine/nonces.ts";
import { slot } from "../engine/state.ts";
import { address, object, uint } from "../signing/fields.ts";
import { canonicalL1 } from "../signing/l1Actions.ts";
import { parseSignature, recoverL1, recoverUserSigned, type WireSignature } from "../signing/recover.ts";
import { parseUserSigned, USER_ACTIONS } from "../signing/userActions.ts";
import type { Venue } from "../venue.ts";
import { executeL1 } from "./l1.ts";
import { type ExchangeOutcome, refuse } from "./reply.ts";
import { executeUserSigned } from "./userSigned.ts";

/**
 * POST /exchange: {action, nonce, signature, vaultAddress?, expiresAfter?}. The pipeline, in the
 * venue's order: shape (HTTP 422 on failure, via ShapeError) → nonce time window → signer
 * recovery → who acts (a funded user, or an agent's principal; user-signed actions always act for
 * the signer) → expiry → the signer's nonce set → the action. A nonce is spent once the request
 * passes authentication, even if the action itself then fails, as on the venue.
 */
export async function handleExchange(venue: Venue, body: unknown): Promise<ExchangeOutcome> {
  const request = object(body, "body");
  const action = object(request.action, "action");
  const nonce = uint(request.nonce, "nonce");
  const signature = parseSignature(request.signature);
  const vaultAddress =
    request.vaultAddress == null ? undefined : address(request.vaultAddress, "vaultAddress");
  const expiresAfter = request.expiresAfter == null ? undefined : uint(request.expiresAfter, "expiresAfter");
  if (NOT_SUPPORTED.has(String(action.type)))
    return refuse(`Action ${String(action.type)} is not supported by the venue twin.`);
  return Object.hasOwn(USER_ACTIONS, String(action.type))
    ? userSigned(venue, action, nonce, signature)
    : l1(venue, action, nonce, signature, vaultAddress, expiresAfter);
}

/** Real venue actions this twin does not implement: refused plainly rather than as malformed. */
const NOT_SUPPORTED = new Set([
  "scheduleCancel",
  "twapOrder",
  "twapCancel",
  "topUpIsolatedOnlyMargin",
  "usdClassTransfer",
  "spotSend",
  "agentSendAsset",
  "vaultTransfer",
  "createSubAccount",
  "subAccountTransfer",
  "subAccountSpotTransfer",
  "setReferrer",
  "reserveRequestWeight",
  "userDexAbstraction",
  "agentEnableDexAbstraction",
  "userPortfolioMargin",
  "convertToMultiSigUser",
  "multiSig",
]);

async function l1(
  venue: Venue,
  raw: Record<string, unknown>,
  nonce: number,
  signature: WireSignature,
  vaultAddress?: string,
  expiresAfter?: number,
): Promise<ExchangeOutcome> {
  const action = canonicalL1(raw);
  const early = windowError(venue, nonce);
  if (early) return refuse(early);
  let signer: string;
  try {
    signer = await recoverL1(action, nonce, signature, venue.isMainnet, vaultAddress, expiresAfter);
  } catch {
    return refuse("Unable to recover signer.");
  }
  venue.sync();
  const state = venue.state;
  const agent = state.agents[signer];
  const user = agent ? agent.user : signer;
  if (!agent && !state.accounts[signer]?.funded)
    return refuse(`User or API Wallet ${signer} does not exist.`);
  if (vaultAddress) return refuse(`Vault not registered: ${vaultAddress}`);
  if (expiresAfter !== undefined && venue.core.now > expiresAfter) return refuse("Action already expired");
  const nonceError = spendNonce(venue, signer, nonce);
  if (nonceError) return refuse(nonceError);
  venue.core.account(user).requests += 1;
  return executeL1(venue, user, action, systemHash("tx", signer, nonce));
}

async function userSigned(
  venue: Venue,
  raw: Record<string, unknown>,
  nonce: number,
  signature: WireSignature,
): Promise<ExchangeOutcome> {
  const action = parseUserSigned(raw);
  const early = windowError(venue, action.nonce);
  if (early) return refuse(early);
  let signer: string;
  try {
    signer = await recoverUserSigned(action, signature);
  } catch {
    return refuse("Unable to recover signer.");
  }
  venue.sync();
  if (!venue.state.accounts[signer]?.funded)
    return refuse(`Must deposit before performing actions. User: ${signer}`);
  if (action.hyperliquidChain !== venue.network)
    return refuse(`Invalid hyperliquidChain: this venue is ${venue.network}`);
  if (nonce !== action.nonce) return refuse("Nonce mismatch.");
  const nonceError = spendNonce(venue, signer, action.nonce);
  if (nonceError) return refuse(nonceError);
  venue.core.account(signer).requests += 1;
  return executeUserSigned(venue, signer, action);
}

/** The time window needs no signer, so a stale request is refused before recovery. */
function windowError(venue: Venue, nonce: number): string | undefined {
  return checkNonce(undefined, nonce, venue.clock.now());
}

function spendNonce(venue: Venue, signer: string, nonce: number): string | undefined {
  const seen = slot(venue.state.nonces, signer, () => []);
  const error = checkNonce(seen, nonce, venue.core.now);
  if (!error) commitNonce(seen, nonce);
  return error;
}
