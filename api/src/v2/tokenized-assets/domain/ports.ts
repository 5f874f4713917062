import type { Context } from "../../../kernel/context.ts";
import type { Issuer } from "./issuer-port.ts";
import type { EquityRelay } from "./relay-port.ts";

/** The outside systems tokenized assets talk to: the fund issuer and the equity order relay. */
export interface TokenizedAssetsPorts {
  issuer: Issuer;
  equityRelay: EquityRelay;
}

export type TokenizedAssetsContext = Context<TokenizedAssetsPorts>;
