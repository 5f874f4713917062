import {
  type Address,
  encodeAbiParameters,
  encodeDeployData,
  encodePacked,
  getContractAddress,
  keccak256,
  parseAbi,
  parseUnits,
  zeroAddress,
} from "viem";
import { roleAccount } from "../accounts.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import { type Create2Deployment, create2Deployment } from "./deploy.ts";
import { type EarnChain, earnTokens } from "./tokens.ts";

/**
 * Euler vaults: the Euler Vault Kit publishes no deployable artifacts on npm, so the devnet runs twins
 * written from EVK's public ABI (contracts/EulerVaultTwin.sol, EulerFactoryTwin.sol,
 * EulerIrmLinearKinkTwin.sol). One USDC vault per earn chain, created through the factory as EVK's
 * `createProxy` is called (trailing data = asset, oracle, unit of account), governed by `deployer` (also its fee
 * receiver; EVK's default 10 % interest fee), seeded by `earn_operator`, half of it lent to `earn_operator` (the
 * twin's allowed borrower) so its share price grows with the devnet clock; the activity rounds move that loan.
 */
export const EULER_VAULTS = [
  {
    key: "EulerVaultUSDC",
    asset: "USDC",
    /** EVK AmountCap: 10^(cap & 63) * (cap >> 6) / 100 — here 100 * 10^13 / 100 = 10M USDC (6 decimals) */
    supplyCap: (100 << 6) | 13,
    seed: "300000",
    borrowed: "150000",
  },
] as const;
export type EulerVault = (typeof EULER_VAULTS)[number];

const SECONDS_PER_YEAR = 365n * 86_400n;
const perSecond = (yearly: string) => parseUnits(yearly, 27) / SECONDS_PER_YEAR;
/** EVK's utilisation scale: type(uint32).max = 100 % */
const FULL = 2n ** 32n - 1n;
const KINK = (FULL * 8n) / 10n;

/**
 * EVK's linear-kink model in EVK's units (slopes per uint32 unit of utilisation, rates per second in ray):
 * 0 % base, 4 % a year at the 80 % kink, then steeply to 104 % a year at full utilisation.
 */
export const EULER_IRM = {
  baseRate: 0n,
  slope1: perSecond("0.04") / KINK,
  slope2: (perSecond("1.04") - perSecond("0.04")) / (FULL - KINK),
  kink: KINK,
} as const;

/** What the devnet calls on EVK vaults and the factory, by EVK's signatures (`setBorrower` is the twin's own). */
export const eulerAbi = parseAbi([
  "function createProxy(address desiredImplementation, bool upgradeable, bytes trailingData) returns (address)",
  "function interestRateModel() view returns (address)",
  "function caps() view returns (uint16 supplyCap, uint16 borrowCap)",
  "function feeReceiver() view returns (address)",
  "function cash() view returns (uint256)",
  "function totalBorrows() view returns (uint256)",
  "function debtOf(address account) view returns (uint256)",
  "function setInterestRateModel(address newModel)",
  "function setCaps(uint16 supplyCap, uint16 borrowCap)",
  "function setFeeReceiver(address newFeeReceiver)",
  "function borrow(uint256 amount, address receiver) returns (uint256)",
  "function repay(uint256 amount, address receiver) returns (uint256)",
  "function isBorrower(address account) view returns (bool)",
  "function setBorrower(address account, bool allowed)",
]);

export function eulerIrmDeployment(): Create2Deployment {
  return create2Deployment("earn.euler:irm", loadArtifact("EulerIrmLinearKinkTwin"), [
    EULER_IRM.baseRate,
    EULER_IRM.slope1,
    EULER_IRM.slope2,
    EULER_IRM.kink,
  ]);
}

export function eulerFactoryDeployment(): Create2Deployment {
  return create2Deployment("earn.euler:factory", loadArtifact("EulerFactoryTwin"));
}

/** EVK's trailing data for `createProxy`: asset, oracle, unit of account (no oracle on the devnet). */
export const eulerTrailingData = (asset: Address) =>
  encodePacked(["address", "address", "address"], [asset, zeroAddress, zeroAddress]);

/** The vault's address: CREATE2 by the factory (salt = asset and its vault count, the first here). */
export function eulerVaultAddress(chain: EarnChain, vault: EulerVault): Address {
  const asset = earnTokens(chain)[vault.asset];
  const symbol = `e${asset.symbol}-1`;
  const artifact = loadArtifact("EulerVaultTwin");
  return getContractAddress({
    opcode: "CREATE2",
    from: eulerFactoryDeployment().address,
    salt: keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [asset.address, 1n])),
    bytecode: encodeDeployData({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args: [
        asset.address,
        zeroAddress,
        zeroAddress,
        roleAccount("deployer").address,
        `EVK Vault ${symbol}`,
        symbol,
      ],
    }),
  });
}
