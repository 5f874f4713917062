import { centrifugeVaultAbi, MULTICALL3, midasDataFeedAbi, midasDepositVaultAbi } from "@compass/constants";
import { type Address, erc20Abi, getAddress, type PublicClient } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { multicall3Abi } from "../../../kernel/chain/multicall.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { addressBook, type Config } from "../../../kernel/config/env.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import type { KnownToken } from "./tokens.ts";
import type { VenueMarket, VenueSnapshot } from "./venue.ts";

/** The issuer contracts of one asset on one chain, from the address book. */
export interface IssuerContracts {
  /** Midas: the mToken's rate feed, deposit and redemption vaults */
  feed?: Address;
  depositVault?: Address;
  redemptionVault?: Address;
  /** Centrifuge: the deRWA token's ERC-7540 vault */
  vault?: Address;
}

export function issuerContracts(config: Config, chain: ChainName, symbol: string): IssuerContracts {
  const c = addressBook(config)?.chains[chain]?.contracts ?? {};
  const at = (name: string) => (c[name] ? getAddress(c[name]!) : undefined);
  return {
    feed: at(`MidasDataFeed_${symbol}`),
    depositVault: at(`MidasDepositVault_${symbol}`),
    redemptionVault: at(`MidasRedemptionVault_${symbol}`),
    vault: at(`CentrifugeVault_${symbol}`),
  };
}

/**
 * The issuer-priced assets on `chain` as the issuers have them now, in one batched eth_call: Midas mTokens at
 * their rate feed (paused when the deposit vault is), deRWA tokens at their Centrifuge vault's price per share.
 * Both follow a seeded NAV model whose parameters they publish, so history and candles come from it. Tokens
 * without issuer contracts on this deployment are left out.
 */
export async function readIssuerMarkets(
  config: Config,
  client: PublicClient,
  chain: ChainName,
  tokens: KnownToken[],
): Promise<VenueSnapshot> {
  const read = <T>(address: Address, abi: any, functionName: string, args: readonly unknown[] = []) =>
    client.readContract({ blockTag: NEXT_BLOCK, address, abi, functionName, args } as any) as Promise<T>;
  const now = client.readContract({
    blockTag: NEXT_BLOCK,
    address: MULTICALL3,
    abi: multicall3Abi,
    functionName: "getCurrentBlockTimestamp",
  });
  const rows = tokens.map(async (token): Promise<VenueMarket | null> => {
    const c = issuerContracts(config, chain, token.symbol);
    const supply = read<bigint>(token.address, erc20Abi, "totalSupply");
    if (c.feed && c.depositVault) {
      const [params, price, paused, total] = await Promise.all([
        read<{ seed: bigint; p0: bigint; t0: bigint; apyBps: number; volBps: number }>(
          c.feed,
          midasDataFeedAbi,
          "params",
        ),
        read<bigint>(c.feed, midasDataFeedAbi, "getDataInBase18"),
        read<boolean>(c.depositVault, midasDepositVaultAbi, "paused"),
        supply,
      ]);
      return {
        token,
        paused,
        spreadBps: 0,
        params: { ...params, t0: Number(params.t0) },
        price,
        supply: total,
      };
    }
    if (c.vault) {
      const [seed, p0, t0, apyBps, volBps, price, paused, total] = await Promise.all([
        read<bigint>(c.vault, centrifugeVaultAbi, "seed"),
        read<bigint>(c.vault, centrifugeVaultAbi, "p0"),
        read<bigint>(c.vault, centrifugeVaultAbi, "t0"),
        read<number>(c.vault, centrifugeVaultAbi, "apyBps"),
        read<number>(c.vault, centrifugeVaultAbi, "volBps"),
        read<bigint>(c.vault, centrifugeVaultAbi, "pricePerShare"),
        read<boolean>(c.vault, centrifugeVaultAbi, "paused"),
        supply,
      ]);
      return {
        token,
        paused,
        spreadBps: 0,
        params: { seed, p0, t0: Number(t0), apyBps, volBps },
        price,
        supply: total,
      };
    }
    return null;
  });
  try {
    const [timestamp, ...markets] = await Promise.all([now, ...rows]);
    return { now: Number(timestamp), markets: markets.filter((m): m is VenueMarket => m !== null) };
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}
