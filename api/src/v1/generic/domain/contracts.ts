import { type Address, getAddress, isAddress } from "viem";
import { addressBook, type Config } from "../../../kernel/config/env.ts";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";

/**
 * The contracts v1 names (spec v1-capabilities.md §9: a spender for `allowance`), each as the address book's
 * entry that deploys it. A name whose protocol this deployment does not run on the chain is a 422 listing what
 * it does run; any address is taken as given.
 */
export const NAMED_CONTRACTS = {
  AaveV3Pool: "AavePool",
  AerodromeBasicRouter: null,
  AerodromeSlipstreamRouter: "AerodromeSlipstreamRouter",
  AerodromeSlipstreamNonfungiblePositionManager: "AerodromeSlipstreamPositionManager",
  UniswapV3Router: "UniswapV3SwapRouter",
  UniswapV3NFTPositionManager: "UniswapV3PositionManager",
  Morpho: "MorphoBlue",
  SkyDaiUsdsConverter: "SkyDaiUsds",
  SkyUsdcUsdsConverter: "SkyUsdsPsmWrapper",
  SkyUsdsVault: "SkySavingsUsds",
  PendleRouter: "PendleRouter",
  OdosRouter: null,
  EthenaVault: "EthenaStakedUsde",
} as const satisfies Record<string, string | null>;

export type ContractName = keyof typeof NAMED_CONTRACTS;
export const CONTRACT_NAMES = Object.keys(NAMED_CONTRACTS) as [ContractName, ...ContractName[]];

/** `text` (a name above or an address) as an address on `chain`. */
export function resolveContract(config: Config, chain: ChainName, text: string, loc: Loc): Address {
  if (/^0x/i.test(text)) {
    if (!isAddress(text, { strict: false })) throw fieldError(loc, `'${text}' is not a valid address`);
    return getAddress(text.toLowerCase());
  }
  const contracts = addressBook(config)?.chains[chain]?.contracts ?? {};
  const deployed = (name: ContractName) => {
    const entry = NAMED_CONTRACTS[name];
    return entry ? (contracts as Record<string, string | undefined>)[entry] : undefined;
  };
  const here = CONTRACT_NAMES.filter((n) => deployed(n));
  if (!(text in NAMED_CONTRACTS))
    throw fieldError(
      loc,
      `Unknown contract '${text}'; name one of ${CONTRACT_NAMES.join(", ")}, or pass an address`,
    );
  const address = deployed(text as ContractName);
  if (!address)
    throw fieldError(
      loc,
      `${text} is not deployed on ${chain} in this deployment (here: ${here.join(", ") || "none"}); pass an address instead`,
    );
  return getAddress(address);
}

/** The protocols `supported_chains` answers for, each by the contract that marks it deployed on a chain. */
export const PROTOCOL_MARKERS = {
  aave: "AavePool",
  aerodrome: "AerodromeSlipstreamFactory",
  morpho: "MorphoBlue",
  sky: "SkySavingsUsds",
  uniswap: "UniswapV3Factory",
  pendle: "PendleRouter",
} as const satisfies Record<string, string | null>;
