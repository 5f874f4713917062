import { centrifugeVaultAbi } from "@compass/constants";
import type { Address, PublicClient } from "viem";
import { contractReader } from "../../kernel/chain/contract.ts";

/** The parameters of the NAV model a vault publishes (USD per share, 18 decimals, at `t0`). */
export interface CentrifugeNavModel {
  seed: bigint;
  p0: bigint;
  t0: number;
  apyBps: number;
  volBps: number;
}

export interface CentrifugeMarket {
  model: CentrifugeNavModel;
  /** the vault's price per share now, USD, 18 decimals */
  price: bigint;
  paused: boolean;
}

/** A deRWA token as its vault prices it now: price per share, the NAV model, and whether the vault is paused. */
export async function readCentrifugeMarket(client: PublicClient, vault: Address): Promise<CentrifugeMarket> {
  const read = contractReader(client, vault, centrifugeVaultAbi);
  const [seed, p0, t0, apyBps, volBps, price, paused] = await Promise.all([
    read<bigint>("seed"),
    read<bigint>("p0"),
    read<bigint>("t0"),
    read<number>("apyBps"),
    read<number>("volBps"),
    read<bigint>("pricePerShare"),
    read<boolean>("paused"),
  ]);
  return { model: { seed, p0, t0: Number(t0), apyBps, volBps }, price, paused };
}
