import { sendAsset, usdSend, withdraw } from "../engine/funds.ts";
import { approveAgent, approveBuilderFee, setAbstraction } from "../engine/settings.ts";
import type { Abstraction } from "../engine/state.ts";
import type { UserSignedAction } from "../signing/userActions.ts";
import type { Venue } from "../venue.ts";
import { type ExchangeOutcome, ok, okOrRefuse, refuse } from "./reply.ts";

/** Executes an authenticated user-signed action; these always act on the signer's own account. */
export function executeUserSigned(venue: Venue, user: string, action: UserSignedAction): ExchangeOutcome {
  const core = venue.core;
  const raw = action.raw;
  switch (raw.type) {
    case "withdraw3": {
      const result = withdraw(core, user, String(raw.destination), String(raw.amount), action.nonce);
      return typeof result === "string" ? refuse(result) : { ...ok(), durable: true, payout: true };
    }
    case "usdSend": {
      const error = usdSend(core, user, String(raw.destination), String(raw.amount));
      return error ? refuse(error) : { ...ok(), durable: true };
    }
    case "sendAsset": {
      const error = sendAsset(core, user, {
        destination: String(raw.destination),
        sourceDex: String(raw.sourceDex),
        destinationDex: String(raw.destinationDex),
        token: String(raw.token),
        amount: String(raw.amount),
        fromSubAccount: String(raw.fromSubAccount ?? ""),
      });
      return error ? refuse(error) : { ...ok(), durable: true };
    }
    case "approveBuilderFee":
      return okOrRefuse(approveBuilderFee(core, user, String(raw.builder), String(raw.maxFeeRate)));
    case "userSetAbstraction":
      if (String(raw.user).toLowerCase() !== user)
        return refuse("User mismatch: a user can only set its own abstraction.");
      return okOrRefuse(setAbstraction(core, user, raw.abstraction as Abstraction));
    case "approveAgent":
      return okOrRefuse(approveAgent(core, user, String(raw.agentAddress), String(raw.agentName ?? "")));
    default:
      return refuse(`Unsupported action ${String(raw.type)}`);
  }
}
