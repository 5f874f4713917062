import { aavePoolAbi, aavePoolAddressesProviderAbi, aaveProtocolDataProviderAbi } from "@compass/constants";
import { type Address, zeroAddress } from "viem";
import { roleAccount } from "../accounts.ts";
import {
  AAVE_RESERVES,
  aaveContracts,
  aaveDeployments,
  PRICE_FEEDS,
  priceFeedDeployment,
  reserveTokens,
} from "../earn/aave.ts";
import { callContract, ensureDeployed } from "../earn/deploy.ts";
import { approveOnce, balanceOf, fund } from "../earn/funding.ts";
import { npmArtifact } from "../earn/npm-artifacts.ts";
import { EARN_CHAINS, type EarnChain, earnTokens, units } from "../earn/tokens.ts";
import type { ChainExtension, ExtensionContext } from "./types.ts";

/** Aave v3 (the authors' artifacts) with USDC, WETH and USDT reserves on every earn chain; see earn/aave.ts. */
export const aaveV3Extension: ChainExtension = {
  name: "aave v3",
  chains: EARN_CHAINS,
  async ensure(ctx) {
    const chain = ctx.spec.name as EarnChain;
    for (const key of PRICE_FEEDS) await ensureDeployed(ctx, priceFeedDeployment(chain, key));
    await deployMarket(ctx, chain);
    await listReserves(ctx, chain);
    await seedMarket(ctx, chain);
  },
  contracts: (chain) => aaveContracts(chain as EarnChain),
};

async function deployMarket(ctx: ExtensionContext, chain: EarnChain) {
  const d = aaveDeployments(chain);
  const deployer = roleAccount("deployer").address;
  const provider = await ensureDeployed(ctx, d.provider);
  for (const library of Object.values(d.libraries)) await ensureDeployed(ctx, library);
  const read = <T>(
    functionName: string,
    address = provider,
    abi = aavePoolAddressesProviderAbi,
    args: unknown[] = [],
  ) => ctx.clients.public.readContract({ address, abi, functionName, args } as never) as Promise<T>;
  const setOnProvider = async (getter: string, setter: string, value: Address) => {
    if ((await read<Address>(getter)) === zeroAddress)
      await callContract(ctx, {
        from: deployer,
        address: provider,
        abi: npmArtifact("PoolAddressesProvider").abi,
        functionName: setter,
        args: [value],
      });
  };
  await setOnProvider("getACLAdmin", "setACLAdmin", deployer);
  const acl = await ensureDeployed(ctx, d.aclManager);
  await setOnProvider("getACLManager", "setACLManager", acl);
  const aclAbi = npmArtifact("ACLManager").abi;
  if (!(await read<boolean>("isPoolAdmin", acl, aclAbi as never, [deployer])))
    await callContract(ctx, {
      from: deployer,
      address: acl,
      abi: aclAbi,
      functionName: "addPoolAdmin",
      args: [deployer],
    });
  await setOnProvider("getPool", "setPoolImpl", await ensureDeployed(ctx, d.poolImpl));
  await setOnProvider(
    "getPoolConfigurator",
    "setPoolConfiguratorImpl",
    await ensureDeployed(ctx, d.configuratorImpl),
  );
  if (
    (await read<Address>("getPool")) !== d.pool ||
    (await read<Address>("getPoolConfigurator")) !== d.configurator
  )
    throw new Error(`${chain}: Aave proxies are not where the devnet computes them`);
  await setOnProvider("getPriceOracle", "setPriceOracle", await ensureDeployed(ctx, d.oracle));
  await setOnProvider(
    "getPoolDataProvider",
    "setPoolDataProvider",
    await ensureDeployed(ctx, d.dataProvider),
  );
  for (const impl of [d.aTokenImpl, d.variableDebtImpl, d.stableDebtImpl, ...Object.values(d.strategies)])
    await ensureDeployed(ctx, impl);
}

async function listReserves(ctx: ExtensionContext, chain: EarnChain) {
  const d = aaveDeployments(chain);
  const tokens = earnTokens(chain);
  const deployer = roleAccount("deployer").address;
  const configurator = { from: deployer, address: d.configurator, abi: npmArtifact("PoolConfigurator").abi };
  const listed = (await ctx.clients.public.readContract({
    address: d.pool,
    abi: aavePoolAbi,
    functionName: "getReservesList",
  })) as readonly Address[];
  let listedNow = 0;
  for (const [index, reserve] of AAVE_RESERVES.entries()) {
    const asset = tokens[reserve.symbol];
    if (listed.includes(asset.address)) continue;
    if (listed.length + listedNow !== index) throw new Error(`${chain}: Aave reserves listed out of order`);
    const name = `Aave Devnet ${asset.symbol}`;
    await callContract(ctx, {
      ...configurator,
      functionName: "initReserves",
      args: [
        [
          {
            aTokenImpl: d.aTokenImpl.address,
            stableDebtTokenImpl: d.stableDebtImpl.address,
            variableDebtTokenImpl: d.variableDebtImpl.address,
            underlyingAssetDecimals: asset.decimals,
            interestRateStrategyAddress: d.strategies[reserve.symbol].address,
            underlyingAsset: asset.address,
            treasury: roleAccount("earn_operator").address,
            incentivesController: zeroAddress,
            aTokenName: name,
            aTokenSymbol: `aDev${asset.symbol}`,
            variableDebtTokenName: `Aave Devnet Variable Debt ${asset.symbol}`,
            variableDebtTokenSymbol: `variableDebtDev${asset.symbol}`,
            stableDebtTokenName: `Aave Devnet Stable Debt ${asset.symbol}`,
            stableDebtTokenSymbol: `stableDebtDev${asset.symbol}`,
            params: "0x",
          },
        ],
      ],
    });
    const a = asset.address;
    await callContract(ctx, {
      ...configurator,
      functionName: "configureReserveAsCollateral",
      args: [a, reserve.ltv, reserve.threshold, reserve.bonus],
    });
    await callContract(ctx, { ...configurator, functionName: "setReserveBorrowing", args: [a, true] });
    await callContract(ctx, {
      ...configurator,
      functionName: "setReserveFactor",
      args: [a, reserve.reserveFactor],
    });
    await callContract(ctx, { ...configurator, functionName: "setSupplyCap", args: [a, reserve.supplyCap] });
    await callContract(ctx, { ...configurator, functionName: "setBorrowCap", args: [a, reserve.borrowCap] });
    const tokensOf = await ctx.clients.public.readContract({
      address: d.dataProvider.address,
      abi: aaveProtocolDataProviderAbi,
      functionName: "getReserveTokensAddresses",
      args: [a],
    });
    const expected = reserveTokens(chain, index);
    if (tokensOf[0] !== expected.aToken || tokensOf[2] !== expected.variableDebt)
      throw new Error(`${chain}: Aave ${reserve.symbol} tokens are not where the devnet computes them`);
    listedNow += 1;
    ctx.log(`${chain}: Aave v3 reserve ${reserve.symbol} listed`);
  }
}

/** `earn_operator` supplies every reserve and borrows part of it, so the market has TVL and utilisation. */
async function seedMarket(ctx: ExtensionContext, chain: EarnChain) {
  const d = aaveDeployments(chain);
  const tokens = earnTokens(chain);
  const operator = roleAccount("earn_operator").address;
  for (const [index, reserve] of AAVE_RESERVES.entries()) {
    const asset = tokens[reserve.symbol];
    if ((await balanceOf(ctx, reserveTokens(chain, index).aToken, operator)) > 0n) continue;
    const amount = units(asset, reserve.seedSupply);
    await fund(ctx, asset, operator, amount);
    await approveOnce(ctx, asset.address, operator, d.pool);
    await callContract(ctx, {
      from: operator,
      address: d.pool,
      abi: aavePoolAbi,
      functionName: "supply",
      args: [asset.address, amount, operator, 0],
    });
  }
  for (const [index, reserve] of AAVE_RESERVES.entries()) {
    const debt = reserveTokens(chain, index).variableDebt;
    if ((await balanceOf(ctx, debt, operator)) > 0n) continue;
    await callContract(ctx, {
      from: operator,
      address: d.pool,
      abi: aavePoolAbi,
      functionName: "borrow",
      args: [
        tokens[reserve.symbol].address,
        units(tokens[reserve.symbol], reserve.seedBorrow),
        2n,
        0,
        operator,
      ],
    });
  }
}
