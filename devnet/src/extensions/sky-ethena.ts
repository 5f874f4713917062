import { rwaTokenAbi, USDC } from "@compass/constants";
import { type Address, erc20Abi, erc4626Abi, getContractAddress, parseUnits } from "viem";
import { devAccounts, roleAccount } from "../accounts.ts";
import { mintUsdc } from "../bootstrap/usdc.ts";
import { callContract, ensureDeployed } from "../earn/deploy.ts";
import { approveOnce, balanceOf } from "../earn/funding.ts";
import { ETHENA, ethenaDeployments, SKY, skyDeployments, skyTokenAbi, sUsdeAbi } from "../earn/sky-ethena.ts";
import type { ChainExtension, ExtensionContext } from "./types.ts";

const WAD = (amount: string) => parseUnits(amount, 18);
const psmAbi = [
  {
    type: "function",
    name: "sellGem",
    stateMutability: "nonpayable",
    inputs: [
      { name: "usr", type: "address" },
      { name: "gemAmt", type: "uint256" },
    ],
    outputs: [{ name: "usdsOutWad", type: "uint256" }],
  },
] as const;

/**
 * Sky (DAI, USDS, the DaiUsds converter, the USDS PSM wrapper over USDC, sUSDS) and Ethena (USDe, sUSDe) on
 * ethereum — twins of their ABIs (earn/sky-ethena.ts). The converters and sUSDS become wards of the tokens they
 * mint; dev accounts 0–9 get DAI and USDe; the PSM's pocket holds USDC; `earn_operator` holds the first sUSDS
 * and the first sUSDe (StakedUSDe's minimum shares) and pays sUSDe its first reward; sUSDe's cooldown is 7 days.
 */
export const skyEthenaExtension: ChainExtension = {
  name: "sky and ethena",
  chains: ["ethereum"],
  async ensure(ctx) {
    const sky = skyDeployments();
    for (const d of Object.values(sky)) await ensureDeployed(ctx, d);
    const deployer = roleAccount("deployer").address;
    const operator = roleAccount("earn_operator").address;
    const rely = async (token: Address, usr: Address) => {
      const ward = await ctx.clients.public.readContract({
        address: token,
        abi: skyTokenAbi,
        functionName: "wards",
        args: [usr],
      });
      if (ward !== 1n)
        await callContract(ctx, {
          from: deployer,
          address: token,
          abi: skyTokenAbi,
          functionName: "rely",
          args: [usr],
        });
    };
    await rely(sky.DAI.address, sky.SkyDaiUsds.address);
    for (const usr of [sky.SkyDaiUsds, sky.SkyUsdsPsmWrapper, sky.sUSDS])
      await rely(sky.USDS.address, usr.address);
    for (const dev of devAccounts().slice(0, 10))
      await topUp(ctx, dev.address, sky.DAI.address, WAD(SKY.devDai), (to, amount) =>
        callContract(ctx, {
          from: deployer,
          address: sky.DAI.address,
          abi: skyTokenAbi,
          functionName: "mint",
          args: [to, amount],
        }),
      );
    const pocket = parseUnits(SKY.pocketUsdc, 6);
    if ((await balanceOf(ctx, USDC_ETHEREUM, sky.SkyUsdsPsmWrapper.address)) < pocket)
      await mintUsdc(ctx.clients, ctx.spec, sky.SkyUsdsPsmWrapper.address, pocket);
    if ((await balanceOf(ctx, sky.sUSDS.address, operator)) === 0n) {
      // the operator's USDS comes the way a user's does: USDC sold to the PSM
      const seed = parseUnits(SKY.seedSavings, 6);
      await mintUsdc(ctx.clients, ctx.spec, operator, seed);
      await approveOnce(ctx, USDC_ETHEREUM, operator, sky.SkyUsdsPsmWrapper.address);
      await callContract(ctx, {
        from: operator,
        address: sky.SkyUsdsPsmWrapper.address,
        abi: psmAbi,
        functionName: "sellGem",
        args: [operator, seed],
      });
      await approveOnce(ctx, sky.USDS.address, operator, sky.sUSDS.address);
      await callContract(ctx, {
        from: operator,
        address: sky.sUSDS.address,
        abi: erc4626Abi,
        functionName: "deposit",
        args: [WAD(SKY.seedSavings), operator],
      });
    }

    const ethena = ethenaDeployments();
    for (const d of Object.values(ethena)) await ensureDeployed(ctx, d);
    const mintUsde = (to: Address, amount: bigint) =>
      callContract(ctx, {
        from: operator,
        address: ethena.USDe.address,
        abi: rwaTokenAbi,
        functionName: "mint",
        args: [to, amount],
      });
    for (const dev of devAccounts().slice(0, 10))
      await topUp(ctx, dev.address, ethena.USDe.address, WAD(ETHENA.devUsde), mintUsde);
    const cooldown = await ctx.clients.public.readContract({
      address: ethena.sUSDe.address,
      abi: sUsdeAbi,
      functionName: "cooldownDuration",
    });
    if (cooldown !== ETHENA.cooldownSeconds)
      await callContract(ctx, {
        from: deployer,
        address: ethena.sUSDe.address,
        abi: sUsdeAbi,
        functionName: "setCooldownDuration",
        args: [ETHENA.cooldownSeconds],
      });
    if ((await balanceOf(ctx, ethena.sUSDe.address, operator)) === 0n) {
      await mintUsde(operator, WAD(ETHENA.seedStake) + WAD(ETHENA.firstReward));
      await approveOnce(ctx, ethena.USDe.address, operator, ethena.sUSDe.address);
      await callContract(ctx, {
        from: operator,
        address: ethena.sUSDe.address,
        abi: erc4626Abi,
        functionName: "deposit",
        args: [WAD(ETHENA.seedStake), operator],
      });
      await callContract(ctx, {
        from: operator,
        address: ethena.sUSDe.address,
        abi: sUsdeAbi,
        functionName: "transferInRewards",
        args: [WAD(ETHENA.firstReward)],
      });
    }
    ctx.log("ethereum: Sky (DAI, USDS, DaiUsds, USDS PSM, sUSDS) and Ethena (USDe, sUSDe) ready");
  },
  contracts: () => {
    const sky = skyDeployments();
    const ethena = ethenaDeployments();
    return {
      SkyDaiUsds: sky.SkyDaiUsds.address,
      SkyUsdsPsmWrapper: sky.SkyUsdsPsmWrapper.address,
      SkySavingsUsds: sky.sUSDS.address,
      EthenaStakedUsde: ethena.sUSDe.address,
      EthenaUsdeSilo: getContractAddress({ from: ethena.sUSDe.address, nonce: 1n }),
    };
  },
  tokens: () => {
    const sky = skyDeployments();
    const ethena = ethenaDeployments();
    const t = (address: Address) => ({ address, decimals: 18 });
    return {
      DAI: t(sky.DAI.address),
      USDS: t(sky.USDS.address),
      sUSDS: t(sky.sUSDS.address),
      USDe: t(ethena.USDe.address),
      sUSDe: t(ethena.sUSDe.address),
    };
  },
};

/** the chain the extension runs on is ethereum */
const USDC_ETHEREUM = USDC.ethereum!.address;

/** `to` holds at least `amount` of `token`: what it lacks is issued to it. */
async function topUp(
  ctx: ExtensionContext,
  to: Address,
  token: Address,
  amount: bigint,
  issue: (to: Address, amount: bigint) => Promise<unknown>,
) {
  const held = await ctx.clients.public.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [to],
  });
  if (held < amount) await issue(to, amount - held);
}
