import type { Address } from "viem";
import { DomainError } from "../../../../kernel/errors.ts";
import type { IssuerAccount } from "../issuer-port.ts";

/**
 * The fund only settles for accounts registered and approved in its connect portal; anything else is a
 * 422 (never a transfer that could not settle), with the way to get approved in the message.
 */
export function requireWhitelisted(status: IssuerAccount, account: Address): void {
  if (status.whitelisted) return;
  const how = {
    unregistered: `register the Tokenized Assets Account ${account} in the issuer's connect portal (${status.portal_url}) and wait for approval, then retry`,
    pending: `the registration of ${account} is awaiting approval in the issuer's connect portal (${status.portal_url}); retry once it is approved`,
    approved: `the approval of ${account} is still being recorded by the issuer; retry in a moment`,
    rejected: `the issuer rejected ${account}; contact the issuer through its connect portal (${status.portal_url})`,
  }[status.status];
  throw new DomainError(422, "Account not whitelisted", `Account not whitelisted: ${how}`);
}
