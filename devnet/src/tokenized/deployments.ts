import { ASSETS, MMF_SYMBOL } from "@compass/constants";
import { type Address, encodeAbiParameters, type Hex } from "viem";
import { roleAccount } from "../accounts.ts";
import { create2Address, saltOf } from "../bootstrap/create2.ts";
import { loadArtifact } from "../contracts/artifacts.ts";

/** CREATE2 deployments of the tokenized-assets contracts: addresses are known before any chain starts. */
export interface Deployment {
  initCode: Hex;
  salt: Hex;
  address: Address;
}

function deployment(contract: "RwaToken" | "FundShareToken", args: Hex, label: string) {
  const initCode = `${loadArtifact(contract).bytecode}${args.slice(2)}` as Hex;
  const salt = saltOf(label);
  return { initCode, salt, address: create2Address(initCode, salt) };
}

/** An RWA token, issued by the devnet's `fund_issuer` (which also stands for Midas and Centrifuge). */
export function rwaTokenDeployment(symbol: string): Deployment {
  const asset = ASSETS.find((a) => a.symbol === symbol);
  if (!asset) throw new Error(`unknown asset ${symbol}`);
  const args = encodeAbiParameters(
    [{ type: "string" }, { type: "string" }, { type: "uint8" }, { type: "address" }],
    [asset.name, asset.symbol, asset.decimals, roleAccount("fund_issuer").address],
  );
  return deployment("RwaToken", args, `compass.devnet.rwa-token:${symbol}`);
}

/** The sandbox fund's share token; the issuer twin mints and burns it. */
export function fundTokenDeployment(): Deployment {
  const asset = ASSETS.find((a) => a.symbol === MMF_SYMBOL)!;
  const args = encodeAbiParameters(
    [{ type: "string" }, { type: "string" }, { type: "address" }],
    [asset.name, asset.symbol, roleAccount("fund_issuer").address],
  );
  return deployment("FundShareToken", args, `compass.devnet.fund-token:${MMF_SYMBOL}`);
}
