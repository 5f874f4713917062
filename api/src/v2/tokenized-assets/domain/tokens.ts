import { ASSETS, type AssetInfo, USDC } from "@compass/constants";
import { type Address, getAddress, isAddress } from "viem";
import { addressBook, type Config, servesChain } from "../../../kernel/config/env.ts";
import { DomainError, type Loc } from "../../../kernel/errors.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";

/** A token the tokenized-assets API knows on one chain: USDC or a listed asset. */
export interface KnownToken {
  symbol: string;
  address: Address;
  decimals: number;
  /** listing data; absent for USDC */
  asset?: AssetInfo;
}

export function usdcToken(chain: ChainName): KnownToken | undefined {
  const usdc = USDC[chain];
  return usdc && { symbol: "USDC", address: usdc.address, decimals: usdc.decimals };
}

/**
 * Listed assets deployed on `chain` (per the address book), in catalog order. Staging-only chains yield
 * nothing in production, so the sandbox fund never reaches a production listing.
 */
export function assetsOn(config: Config, chain: ChainName): KnownToken[] {
  if (!servesChain(config, chain)) return [];
  const book = addressBook(config)?.tokens?.[chain] ?? {};
  return ASSETS.filter((a) => a.chains.includes(chain) && book[a.symbol]).map((asset) => ({
    symbol: asset.symbol,
    address: getAddress(book[asset.symbol]!.address),
    decimals: asset.decimals,
    asset,
  }));
}

/** USDC and every listed asset on `chain`. */
export function knownTokens(config: Config, chain: ChainName): KnownToken[] {
  const usdc = usdcToken(chain);
  return [...(usdc ? [usdc] : []), ...assetsOn(config, chain)];
}

export function catalogEntry(symbol: string): AssetInfo | undefined {
  const lower = symbol.toLowerCase();
  return ASSETS.find((a) => a.symbol.toLowerCase() === lower);
}

/**
 * A token field (symbol, `USDC`, or 0x address) resolved on `chain`. Unknown symbols and listed assets
 * that are not on this chain are 422s whose message names the field and what would work.
 */
export function resolveToken(config: Config, chain: ChainName, text: string, loc: Loc): KnownToken {
  const field = loc[loc.length - 1];
  const tokens = knownTokens(config, chain);
  if (/^0x/i.test(text)) {
    if (!isAddress(text, { strict: false }))
      throw new DomainError(422, "Unknown token symbol", `${field}: '${text}' is not a valid address`);
    const address = getAddress(text.toLowerCase());
    const known = tokens.find((t) => t.address === address);
    if (known) return known;
    throw new DomainError(
      422,
      "Unknown token symbol",
      `${field}: ${address} is not a token this API trades on ${chain}`,
    );
  }
  const hit = tokens.find((t) => t.symbol.toLowerCase() === text.toLowerCase());
  if (hit) return hit;
  const listed = catalogEntry(text);
  if (listed && servesChain(config, listed.chains[0]!)) {
    throw new DomainError(
      422,
      "Asset not on this chain",
      `${field}: ${listed.symbol} is not available on ${chain} (available on: ${listed.chains.join(", ")})`,
    );
  }
  throw new DomainError(
    422,
    "Unknown token symbol",
    `${field}: unknown token symbol '${text}' on ${chain} (known: ${tokens.map((t) => t.symbol).join(", ")})`,
  );
}
