import { ixsVaultAbi } from "@compass/constants";
import type { Address, PublicClient } from "viem";
import { contractReader } from "../../kernel/chain/contract.ts";

/** The parameters of the vault's NAV model (USD per share, 18 decimals, at `t0`). */
export interface IxsNavModel {
  seed: bigint;
  p0: bigint;
  t0: number;
  apyBps: number;
  volBps: number;
}

export interface IxsMarket {
  model: IxsNavModel;
  /** NAV per share now, 18 decimals */
  price: bigint;
  /** shares outstanding */
  supply: bigint;
  paused: boolean;
}

/** A managed vault now: NAV per share, its model, supply and pause state. */
export async function readIxsMarket(client: PublicClient, vault: Address): Promise<IxsMarket> {
  const read = contractReader(client, vault, ixsVaultAbi);
  const [price, model, supply, paused] = await Promise.all([
    read<bigint>("navPerShare"),
    read<{ seed: bigint; p0: bigint; t0: bigint; apyBps: number; volBps: number }>("navModel"),
    read<bigint>("totalSupply"),
    read<boolean>("paused"),
  ]);
  return {
    model: {
      seed: model.seed,
      p0: model.p0,
      t0: Number(model.t0),
      apyBps: model.apyBps,
      volBps: model.volBps,
    },
    price,
    supply,
    paused,
  };
}
