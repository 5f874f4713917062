import { erc20Abi, type PublicClient } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import type { Config } from "../../../kernel/config/env.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { centrifugeVault, readCentrifugeMarket } from "../../../protocols/centrifuge/index.ts";
import { midasContracts, readMidasMarket } from "../../../protocols/midas/index.ts";
import type { KnownToken } from "./tokens.ts";
import { snapshotTime, type VenueMarket, type VenueSnapshot } from "./venue.ts";

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
  const now = snapshotTime(client);
  const rows = tokens.map(async (token): Promise<VenueMarket | null> => {
    const midas = midasContracts(config, chain, token.symbol);
    const vault = centrifugeVault(config, chain, token.symbol);
    const supply = client.readContract({
      blockTag: NEXT_BLOCK,
      address: token.address,
      abi: erc20Abi,
      functionName: "totalSupply",
    });
    const market =
      midas.feed && midas.depositVault
        ? readMidasMarket(client, midas.feed, midas.depositVault)
        : vault
          ? readCentrifugeMarket(client, vault)
          : undefined;
    if (!market) return null;
    const [{ model, price, paused }, total] = await Promise.all([market, supply]);
    return { token, paused, spreadBps: 0, params: model, price, supply: total };
  });
  try {
    const [timestamp, ...markets] = await Promise.all([now, ...rows]);
    return { now: Number(timestamp), markets: markets.filter((m): m is VenueMarket => m !== null) };
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}
