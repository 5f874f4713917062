import { ASSETS, type AssetInfo, USDC } from "@compass/constants";
import { encodeAbiParameters, parseUnits } from "viem";
import { roleAccount } from "../accounts.ts";
import { create2Address, saltOf } from "../bootstrap/create2.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import type { Deployment } from "./deployments.ts";
import { IXS_VAULT } from "./ixs-params.ts";
import { MARKETS_T0, marketSeed } from "./markets.ts";

export { IXS_VAULT };

export function ixsAsset(): AssetInfo {
  const asset = ASSETS.find((a) => a.symbol === IXS_VAULT.handle);
  if (!asset) throw new Error(`${IXS_VAULT.handle} is not listed in @compass/constants ASSETS`);
  return asset;
}

/** CREATE2 deployment of the vault: its address is known before the chain starts. */
export function ixsVaultDeployment(): Deployment {
  const asset = ixsAsset();
  const usdc = USDC[IXS_VAULT.chain]!;
  const args = encodeAbiParameters(
    [
      { type: "address" },
      { type: "string" },
      { type: "string" },
      { type: "address" },
      {
        type: "tuple",
        components: [
          { name: "seed", type: "uint256" },
          { name: "p0", type: "uint256" },
          { name: "t0", type: "uint64" },
          { name: "apyBps", type: "uint32" },
          { name: "volBps", type: "uint32" },
        ],
      },
      { type: "uint16" },
      { type: "uint256" },
    ],
    [
      usdc.address,
      asset.name,
      asset.symbol,
      roleAccount("fund_issuer").address,
      {
        seed: marketSeed(asset.symbol),
        p0: parseUnits(IXS_VAULT.p0, 18),
        t0: BigInt(MARKETS_T0),
        apyBps: IXS_VAULT.apyBps,
        volBps: IXS_VAULT.volBps,
      },
      IXS_VAULT.exitFeeBps,
      parseUnits(IXS_VAULT.minDeposit, usdc.decimals),
    ],
  );
  const initCode = `${loadArtifact("IxsManagedVault").bytecode}${args.slice(2)}` as const;
  const salt = saltOf(`compass.devnet.ixs-vault:${asset.symbol}`);
  return { initCode, salt, address: create2Address(initCode, salt) };
}
