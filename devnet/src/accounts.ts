import { pbkdf2Sync } from "node:crypto";
import type { Address, Hex } from "viem";
import { HDKey, hdKeyToAccount } from "viem/accounts";

/** anvil's default mnemonic: its accounts and keys are public knowledge, fine for a local devnet only. */
export const DEVNET_MNEMONIC = "test test test test test test test test test test test junk";
/** anvil is started with this many funded accounts (10,000 ETH each). */
export const ACCOUNT_COUNT = 21;
/** Indices 0..9 are for people and tests; nothing in the devnet spends from them. */
export const DEV_ACCOUNT_COUNT = 10;

/**
 * Indices 10..20 belong to the devnet's own actors, so a test's use of a dev account never disturbs
 * a twin's balances or nonces (and vice versa).
 */
export const ROLE_INDEX = {
  /** on-ramp provider twin: pays out USDC for fiat */
  onramp_treasury: 10,
  /** perpetuals venue twin: operates the venue's contracts and custody */
  venue_operator: 11,
  /** fund issuer twin: issues and redeems fund shares */
  fund_issuer: 12,
  /** market maker for the venue twin's order books */
  market_maker: 13,
  /** pays gas for sponsored/relayed transactions */
  sponsor: 14,
  /** owner and master minter of the USDC twin on every chain */
  usdc_admin: 15,
  /** earn protocols: sets the devnet's price feeds and runs the lending/swap activity generator */
  earn_operator: 16,
  /** the on-ramp settlement worker's sponsor: pays the gas of OneTimeWalletFactory.deployAndForward */
  settlement_sponsor: 17,
  /** liquidates Aave positions whose health factor fell below 1 (`devnet liquidate`) */
  liquidator: 18,
  /** sends the devnet's own bootstrap transactions (Safe deployments) */
  deployer: 19,
  /** the ERC-4337 bundler's executor: sends the bundles of user operations (handleOps) */
  bundler: 20,
} as const;
export type RoleName = keyof typeof ROLE_INDEX;

export interface DevnetAccount {
  index: number;
  address: Address;
  privateKey: Hex;
}

let derived: DevnetAccount[] | undefined;

/** The ACCOUNT_COUNT accounts of DEVNET_MNEMONIC on m/44'/60'/0'/0/i, exactly as anvil derives them. */
export function devnetAccounts(): DevnetAccount[] {
  if (!derived) {
    // BIP-39 seed computed once with node:crypto (viem's mnemonicToAccount repeats it for every index).
    const seed = pbkdf2Sync(DEVNET_MNEMONIC.normalize("NFKD"), "mnemonic", 2048, 64, "sha512");
    const root = HDKey.fromMasterSeed(seed);
    derived = Array.from({ length: ACCOUNT_COUNT }, (_, index) => {
      const account = hdKeyToAccount(root, { addressIndex: index });
      const key = account.getHdKey().privateKey;
      if (!key) throw new Error(`no private key for account ${index}`);
      return { index, address: account.address, privateKey: `0x${Buffer.from(key).toString("hex")}` as Hex };
    });
  }
  return derived;
}

export function devAccounts(): DevnetAccount[] {
  return devnetAccounts().slice(0, DEV_ACCOUNT_COUNT);
}

export function roleAccount(role: RoleName): DevnetAccount {
  return devnetAccounts()[ROLE_INDEX[role]]!;
}
