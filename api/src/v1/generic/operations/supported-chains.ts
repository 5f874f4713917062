import { addressBook, servesChain } from "../../../kernel/config/env.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { V1Chain } from "../../../kernel/schemas/v1.ts";
import { PROTOCOL_MARKERS } from "../domain/contracts.ts";
import { SupportedChainInfo, SupportedChainsQuery } from "../schemas.ts";

export const supportedChains = defineOperation({
  method: "GET",
  path: "/v1/generic/supported_chains",
  summary: "List Supported Chains",
  description:
    "The v1 chains this deployment serves; with `protocol`, those where that protocol is deployed (an empty list when it runs on none here).",
  query: SupportedChainsQuery,
  response: SupportedChainInfo,
  widget: false,
  cli: { short: { protocol: "p" } },
  handler({ query }, ctx) {
    const book = addressBook(ctx.config);
    const marker = query.protocol ? PROTOCOL_MARKERS[query.protocol] : undefined;
    const chains = V1Chain.options.filter((chain: ChainName) => {
      if (!servesChain(ctx.config, chain)) return false;
      if (!query.protocol) return true;
      const contracts = (book?.chains[chain]?.contracts ?? {}) as Record<string, string | undefined>;
      return !!marker && !!contracts[marker];
    });
    return { chains };
  },
});
