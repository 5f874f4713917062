import { USDC } from "@compass/constants";
import { type Address, parseAbi } from "viem";
import { roleAccount } from "../accounts.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import { type Create2Deployment, create2Deployment } from "./deploy.ts";

/**
 * Sky's savings stack and Ethena's staked USDe on ethereum, as twins of their published ABIs (neither ships a
 * deployable build on npm): DAI and USDS (contracts/SkyTokenTwin.sol), the DaiUsds converter, the USDS LitePSM
 * wrapper over USDC, sUSDS (savings rate compounding per second), USDe (an issued ERC-20 minted by
 * `earn_operator`, as Ethena's minter) and sUSDe (StakedUSDeV2's cooldown and reward vesting).
 */
export const SKY = {
  /** sUSDS's savings rate, RAY per second: 4.5 % a year, e^(ln 1.045 / 31,536,000) */
  ssr: 1_000_000_001_395_766_281_313_196_627n,
  /** DAI each dev account 0–9 holds */
  devDai: "100000",
  /** USDC in the PSM wrapper's pocket (what `buyGem` can pay out) */
  pocketUsdc: "5000000",
  /** USDS `earn_operator` deposits into sUSDS */
  seedSavings: "100000",
} as const;

export const ETHENA = {
  /** StakedUSDeV2's cooldown on mainnet */
  cooldownSeconds: 7 * 86_400,
  devUsde: "100000",
  /** USDe `earn_operator` stakes (≥ MIN_SHARES), and its first reward */
  seedStake: "100000",
  firstReward: "100",
  /** the yearly rate of rewards the activity pays stakers */
  rewardApr: 0.08,
} as const;

const deployer = () => roleAccount("deployer").address;
const operator = () => roleAccount("earn_operator").address;

export function skyDeployments() {
  const token = (symbol: "DAI" | "USDS", name: string) =>
    create2Deployment(`sky:${symbol}`, loadArtifact("SkyTokenTwin"), [name, symbol, deployer()]);
  const dai = token("DAI", "Dai Stablecoin");
  const usds = token("USDS", "USDS Stablecoin");
  return {
    DAI: dai,
    USDS: usds,
    SkyDaiUsds: create2Deployment("sky:DaiUsds", loadArtifact("DaiUsdsTwin"), [dai.address, usds.address]),
    SkyUsdsPsmWrapper: create2Deployment("sky:UsdsPsmWrapper", loadArtifact("UsdsPsmWrapperTwin"), [
      USDC.ethereum!.address,
      usds.address,
    ]),
    sUSDS: create2Deployment("sky:sUSDS", loadArtifact("SUsdsTwin"), [usds.address, deployer(), SKY.ssr]),
  } satisfies Record<string, Create2Deployment>;
}

export function ethenaDeployments() {
  const usde = create2Deployment("ethena:USDe", loadArtifact("RwaToken"), ["USDe", "USDe", 18, operator()]);
  return {
    USDe: usde,
    sUSDe: create2Deployment("ethena:sUSDe", loadArtifact("StakedUSDeTwin"), [
      usde.address,
      operator(),
      deployer(),
    ]),
  } satisfies Record<string, Create2Deployment>;
}

export const skyTokenAbi = parseAbi([
  "function wards(address) view returns (uint256)",
  "function rely(address usr)",
  "function mint(address to, uint256 value)",
]);
export const sUsdeAbi = parseAbi([
  "function cooldownDuration() view returns (uint24)",
  "function setCooldownDuration(uint24 duration)",
  "function transferInRewards(uint256 amount)",
  "function getUnvestedAmount() view returns (uint256)",
  "function totalAssets() view returns (uint256)",
  "function silo() view returns (address)",
]);

export const addressesOf = (d: Record<string, Create2Deployment>): Record<string, Address> =>
  Object.fromEntries(Object.entries(d).map(([k, v]) => [k, v.address]));

/** $1 feeds for the Sky and Ethena stablecoins (contracts/PriceFeed.sol, set by `earn_operator`), as Aave's oracle reads them. */
export const STABLE_FEEDS = ["DAI", "USDS", "USDe"] as const;
export function stableFeedDeployment(symbol: (typeof STABLE_FEEDS)[number]): Create2Deployment {
  return create2Deployment(`sky-ethena.price-feed:${symbol}/USD`, loadArtifact("PriceFeed"), [
    8,
    `${symbol} / USD`,
    10n ** 8n,
    operator(),
  ]);
}
