import { type Address, encodeFunctionData, getAddress, type PublicClient, parseAbi } from "viem";
import type { Call } from "../../kernel/chain/call.ts";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import type { Erc20 } from "../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { converterAbi, psmAbi, SKY_CHAIN } from "./contracts.ts";

const WAD = 10n ** 18n;
const erc20 = parseAbi(["function balanceOf(address) view returns (uint256)"]);

type PsmView = "tin" | "tout" | "to18ConversionFactor" | "gem" | "pocket";
const readPsm = <T>(client: PublicClient, psm: Address, functionName: PsmView) =>
  client.readContract({ address: psm, abi: psmAbi, functionName, blockTag: NEXT_BLOCK }) as Promise<T>;

/**
 * The PSM's terms for the next block on one side: its gem (USDC), the factor that scales it to 18 decimals, and
 * the fee on that side (`tin` selling USDC for USDS, `tout` buying USDC with USDS; WAD).
 */
export async function readPsmTerms(client: PublicClient, psm: Address, side: "buy" | "sell") {
  const [gem, factor, fee] = await Promise.all([
    readPsm<Address>(client, psm, "gem"),
    readPsm<bigint>(client, psm, "to18ConversionFactor"),
    readPsm<bigint>(client, psm, side === "buy" ? "tin" : "tout"),
  ]).catch((e) => rethrowRpc(SKY_CHAIN, e));
  const usdc: Erc20 = { address: getAddress(gem), symbol: "USDC", decimals: 6 };
  return { usdc, factor, fee };
}

/** The USDS `buyGem` pulls for `gemAmt` USDC: the amount at 18 decimals plus the `tout` fee on it. */
export const usdsForGem = (gemAmt: bigint, terms: { factor: bigint; fee: bigint }) =>
  gemAmt * terms.factor + (gemAmt * terms.factor * terms.fee) / WAD;

/** The USDC the PSM can pay out now: what its pocket holds. */
export async function readPsmPocket(client: PublicClient, psm: Address, usdc: Erc20) {
  const pocket = await readPsm<Address>(client, psm, "pocket");
  return client
    .readContract({
      address: usdc.address,
      abi: erc20,
      functionName: "balanceOf",
      args: [pocket],
      blockTag: NEXT_BLOCK,
    })
    .catch((e) => rethrowRpc(SKY_CHAIN, e));
}

/** USDS bought with `gemAmt` USDC (`sellGem`) or USDC bought with USDS (`buyGem`), paid to `to`. */
export const psmCall = (psm: Address, side: "buy" | "sell", to: Address, gemAmt: bigint): Call => ({
  to: psm,
  data: encodeFunctionData({
    abi: psmAbi,
    functionName: side === "buy" ? "sellGem" : "buyGem",
    args: [to, gemAmt],
  }),
});

/** USDS bought with `wad` DAI (`daiToUsds`) or DAI with USDS (`usdsToDai`), 1:1, paid to `to`. */
export const converterCall = (converter: Address, side: "buy" | "sell", to: Address, wad: bigint): Call => ({
  to: converter,
  data: encodeFunctionData({
    abi: converterAbi,
    functionName: side === "buy" ? "daiToUsds" : "usdsToDai",
    args: [to, wad],
  }),
});
