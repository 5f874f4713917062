import { type Address, encodeAbiParameters, type Hex, keccak256, parseUnits } from "viem";
import { roleAccount } from "../accounts.ts";
import { priceFeedDeployment } from "./aave.ts";
import { type Create2Deployment, create2Deployment } from "./deploy.ts";
import { loadMorphoArtifact } from "./morpho-compile.ts";
import { type EarnChain, earnTokens } from "./tokens.ts";

/**
 * Morpho Blue compiled from `@morpho-org/morpho-blue`'s sources with its authors' settings
 * (src/earn/morpho-compile.ts), owned by `deployer`. Interest: the package's IrmMock (borrow APR equals
 * utilisation) — the AdaptiveCurveIrm is not published on npm. Prices: MorphoFeedOracle over the devnet's
 * Chainlink-style feeds (Morpho publishes no oracle build on npm).
 */
export const MORPHO_MARKETS = [
  {
    loan: "USDC",
    collateral: "WETH",
    lltv: "0.86",
    seedSupply: "2000000",
    seedCollateral: "500",
    seedBorrow: "1000000",
  },
  {
    loan: "USDC",
    collateral: "wstETH",
    lltv: "0.86",
    seedSupply: "1000000",
    seedCollateral: "300",
    seedBorrow: "400000",
  },
] as const;
export type MorphoMarket = (typeof MORPHO_MARKETS)[number];

export function morphoDeployments() {
  const morpho = loadMorphoArtifact("Morpho");
  const irm = loadMorphoArtifact("IrmMock");
  return {
    MorphoBlue: create2Deployment("earn.morpho-blue:morpho", morpho, [roleAccount("deployer").address]),
    MorphoIrm: create2Deployment("earn.morpho-blue:irm-mock", irm),
  } satisfies Record<string, Create2Deployment>;
}

export function morphoOracle(chain: EarnChain, market: MorphoMarket): Create2Deployment {
  const tokens = earnTokens(chain);
  return create2Deployment(
    `earn.morpho-blue:oracle:${market.collateral}/${market.loan}`,
    loadMorphoArtifact("MorphoFeedOracle"),
    [
      priceFeedDeployment(chain, market.collateral).address,
      tokens[market.collateral].decimals,
      priceFeedDeployment(chain, market.loan).address,
      tokens[market.loan].decimals,
    ],
  );
}

export interface MarketParams {
  loanToken: Address;
  collateralToken: Address;
  oracle: Address;
  irm: Address;
  lltv: bigint;
}

export function marketParams(chain: EarnChain, market: MorphoMarket): MarketParams {
  const tokens = earnTokens(chain);
  return {
    loanToken: tokens[market.loan].address,
    collateralToken: tokens[market.collateral].address,
    oracle: morphoOracle(chain, market).address,
    irm: morphoDeployments().MorphoIrm.address,
    lltv: parseUnits(market.lltv, 18),
  };
}

/** A market's id: keccak256 of its ABI-encoded params, as Morpho's MarketParamsLib computes it. */
export function marketId(params: MarketParams): Hex {
  return keccak256(
    encodeAbiParameters(
      [
        { type: "address" },
        { type: "address" },
        { type: "address" },
        { type: "address" },
        { type: "uint256" },
      ],
      [params.loanToken, params.collateralToken, params.oracle, params.irm, params.lltv],
    ),
  );
}
