import { type Address, getContractAddress, parseUnits } from "viem";
import { roleAccount } from "../accounts.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import { type Create2Deployment, create2Deployment } from "./deploy.ts";
import { linkedBytecode, type NpmContract, npmArtifact } from "./npm-artifacts.ts";
import { type EarnChain, type EarnTokenKey, earnTokens, referenceUsd } from "./tokens.ts";

/**
 * Aave v3 from `@aave/core-v3`'s own artifacts: PoolAddressesProvider, ACLManager, Pool (its logic
 * libraries linked), PoolConfigurator, AaveOracle, AaveProtocolDataProvider, the AToken / debt-token
 * implementations and DefaultReserveInterestRateStrategy. Contracts with constructors go through the CREATE2
 * factory; the Pool and PoolConfigurator proxies are created by the provider and the token proxies by the
 * configurator (CREATE), so their addresses follow from those contracts' nonces.
 * `deployer` owns the provider and is ACL admin and pool admin; `earn_operator` is the treasury.
 */
export const AAVE_MARKET_ID = "Compass Devnet Market";

const RAY = 10n ** 27n;
const pct = (p: number) => (RAY * BigInt(Math.round(p * 100))) / 10_000n;

/** Reserves in listing order (the configurator's token proxies are created in this order). */
export const AAVE_RESERVES = [
  {
    symbol: "USDC",
    ltv: 7700,
    threshold: 8000,
    bonus: 10450,
    reserveFactor: 1000,
    supplyCap: 50_000_000,
    borrowCap: 40_000_000,
    rates: { optimal: 90, base: 0, slope1: 4, slope2: 60 },
    seedSupply: "5000000",
    seedBorrow: "3000000",
  },
  {
    symbol: "WETH",
    ltv: 8050,
    threshold: 8300,
    bonus: 10500,
    reserveFactor: 1500,
    supplyCap: 100_000,
    borrowCap: 80_000,
    rates: { optimal: 80, base: 0, slope1: 3.3, slope2: 80 },
    seedSupply: "1500",
    seedBorrow: "300",
  },
  {
    symbol: "USDT",
    ltv: 7500,
    threshold: 7800,
    bonus: 10450,
    reserveFactor: 1000,
    supplyCap: 50_000_000,
    borrowCap: 40_000_000,
    rates: { optimal: 90, base: 0, slope1: 4, slope2: 60 },
    seedSupply: "2000000",
    seedBorrow: "1000000",
  },
] as const;
export type AaveReserve = (typeof AAVE_RESERVES)[number];

/**
 * Chainlink-style USD feeds (8 decimals) the AaveOracle reads: contracts/PriceFeed.sol, set by `earn_operator`,
 * starting at the token's reference price on the chain.
 */
export const PRICE_FEEDS = ["USDC", "USDT", "WETH", "wstETH"] as const satisfies readonly EarnTokenKey[];

export function priceFeedDeployment(chain: EarnChain, key: EarnTokenKey): Create2Deployment {
  return create2Deployment(`earn.price-feed:${key}/USD`, loadArtifact("PriceFeed"), [
    8,
    `${earnTokens(chain)[key].symbol} / USD`,
    parseUnits(String(referenceUsd(chain, key)), 8),
    roleAccount("earn_operator").address,
  ]);
}

const LIBRARIES = [
  "BorrowLogic",
  "BridgeLogic",
  "EModeLogic",
  "LiquidationLogic",
  "PoolLogic",
  "SupplyLogic",
  "ConfiguratorLogic",
] as const satisfies NpmContract[];

const npmDeployment = (
  label: string,
  name: NpmContract,
  args: readonly unknown[] = [],
  bytecode?: `0x${string}`,
) =>
  create2Deployment(
    `earn.aave-v3:${label}`,
    { abi: npmArtifact(name).abi, bytecode: bytecode ?? linkedBytecode(name) },
    args,
  );

export function aaveDeployments(chain: EarnChain) {
  const provider = npmDeployment("PoolAddressesProvider", "PoolAddressesProvider", [
    AAVE_MARKET_ID,
    roleAccount("deployer").address,
  ]);
  const libraries = Object.fromEntries(LIBRARIES.map((name) => [name, npmDeployment(name, name)])) as Record<
    (typeof LIBRARIES)[number],
    Create2Deployment
  >;
  const libraryAddresses = Object.fromEntries(Object.entries(libraries).map(([n, d]) => [n, d.address]));
  const flashLoanLogic = npmDeployment(
    "FlashLoanLogic",
    "FlashLoanLogic",
    [],
    linkedBytecode("FlashLoanLogic", libraryAddresses),
  );
  const linked = { ...libraryAddresses, FlashLoanLogic: flashLoanLogic.address };
  // The provider's first two creations: the Pool proxy, then the PoolConfigurator proxy.
  const pool = getContractAddress({ from: provider.address, nonce: 1n });
  const configurator = getContractAddress({ from: provider.address, nonce: 2n });
  const tokens = earnTokens(chain);
  const oracle = npmDeployment("AaveOracle", "AaveOracle", [
    provider.address,
    AAVE_RESERVES.map((r) => tokens[r.symbol].address),
    AAVE_RESERVES.map((r) => priceFeedDeployment(chain, r.symbol).address),
    "0x0000000000000000000000000000000000000000",
    "0x0000000000000000000000000000000000000000",
    10n ** 8n,
  ]);
  return {
    provider,
    libraries: { ...libraries, FlashLoanLogic: flashLoanLogic },
    aclManager: npmDeployment("ACLManager", "ACLManager", [provider.address]),
    poolImpl: npmDeployment("Pool", "Pool", [provider.address], linkedBytecode("Pool", linked)),
    configuratorImpl: npmDeployment(
      "PoolConfigurator",
      "PoolConfigurator",
      [],
      linkedBytecode("PoolConfigurator", linked),
    ),
    oracle,
    dataProvider: npmDeployment("AaveProtocolDataProvider", "AaveProtocolDataProvider", [provider.address]),
    aTokenImpl: npmDeployment("AToken", "AToken", [pool]),
    variableDebtImpl: npmDeployment("VariableDebtToken", "VariableDebtToken", [pool]),
    stableDebtImpl: npmDeployment("StableDebtToken", "StableDebtToken", [pool]),
    strategies: Object.fromEntries(
      AAVE_RESERVES.map((r) => [
        r.symbol,
        npmDeployment(`rates:${r.symbol}`, "DefaultReserveInterestRateStrategy", [
          provider.address,
          pct(r.rates.optimal),
          pct(r.rates.base),
          pct(r.rates.slope1),
          pct(r.rates.slope2),
          0n,
          0n,
          0n,
          0n,
          pct(20),
        ]),
      ]),
    ) as Record<AaveReserve["symbol"], Create2Deployment>,
    pool,
    configurator,
  };
}

/** A reserve's aToken, stable and variable debt token proxies: the configurator's creations 3i+1…3i+3. */
export function reserveTokens(
  chain: EarnChain,
  index: number,
): { aToken: Address; stableDebt: Address; variableDebt: Address } {
  const from = aaveDeployments(chain).configurator;
  const at = (k: number) => getContractAddress({ from, nonce: BigInt(3 * index + k) });
  return { aToken: at(1), stableDebt: at(2), variableDebt: at(3) };
}

/** What the address book lists: the market's entry points, and each reserve's aToken and variable debt token. */
export function aaveContracts(chain: EarnChain): Record<string, Address> {
  const d = aaveDeployments(chain);
  return {
    AavePoolAddressesProvider: d.provider.address,
    AavePool: d.pool,
    AavePoolConfigurator: d.configurator,
    AaveOracle: d.oracle.address,
    AaveProtocolDataProvider: d.dataProvider.address,
    AaveACLManager: d.aclManager.address,
    ...Object.fromEntries(
      AAVE_RESERVES.flatMap((r, i) => {
        const t = reserveTokens(chain, i);
        const symbol = earnTokens(chain)[r.symbol].symbol;
        return [
          [`AaveAToken_${symbol}`, t.aToken],
          [`AaveVariableDebtToken_${symbol}`, t.variableDebt],
        ];
      }),
    ),
    ...Object.fromEntries(
      PRICE_FEEDS.map((key) => [
        `PriceFeed_${earnTokens(chain)[key].symbol}_USD`,
        priceFeedDeployment(chain, key).address,
      ]),
    ),
  };
}
