import { z } from "zod";
import { defineOperation, type Operation } from "../../../kernel/registry/define.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { relaySponsoredDeposit, type SponsorWallet } from "../domain/sponsored-deposit.ts";
import { SponsoredDepositRequest } from "../schemas.ts";

/**
 * A host app's deposit sponsor as an endpoint at `path`: the owner posts the permit they signed and the
 * app's sponsor wallet relays it (the API itself never holds a key). Mounted through `createHttpApp`'s
 * `routes`, so it gets the operations' auth, limits, validation and errors; not part of the contract.
 */
export function sponsorRelayRoute(path: string, wallet: SponsorWallet): Operation {
  return defineOperation({
    method: "POST",
    path,
    summary: "Relay a signed deposit permit from the host app's sponsor wallet",
    body: SponsoredDepositRequest.omit({ sender: true }),
    response: z.object({ txHash: z.string() }),
    widget: true,
    handler: ({ body }, ctx: PerpetualTradingContext) => relaySponsoredDeposit(ctx, body, wallet),
  });
}
