import { type Address, getAddress, type Log, parseAbiItem } from "viem";

/** ERC-4626's events (the standard's own signatures): every vault emits them, whoever deposits or withdraws. */
export const VAULT_DEPOSIT_EVENT = parseAbiItem(
  "event Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares)",
);
export const VAULT_WITHDRAW_EVENT = parseAbiItem(
  "event Withdraw(address indexed sender, address indexed receiver, address indexed owner, uint256 assets, uint256 shares)",
);

/** One deposit or withdrawal at a vault, in chain order. */
export interface VaultFlow {
  kind: "deposit" | "withdrawal";
  vault: Address;
  assets: bigint;
  shares: bigint;
  blockNumber: bigint;
  /** when the node returns it with the log (anvil, recent geth/reth): no block read for the time */
  blockTimestamp?: bigint | null;
  logIndex: number;
  transactionHash: `0x${string}`;
}

type VaultLog = Log<bigint, number, false> & {
  args: { assets: bigint; shares: bigint };
};

/** Decoded Deposit and Withdraw logs (at any vault) as flows, in chain order. */
export function vaultFlows(deposits: Log[], withdrawals: Log[]): VaultFlow[] {
  const flow = (kind: VaultFlow["kind"]) => (l: VaultLog) => ({
    kind,
    vault: getAddress(l.address),
    assets: l.args.assets,
    shares: l.args.shares,
    blockNumber: l.blockNumber!,
    blockTimestamp: (l as { blockTimestamp?: bigint | null }).blockTimestamp,
    logIndex: l.logIndex!,
    transactionHash: l.transactionHash!,
  });
  return [
    ...(deposits as VaultLog[]).map(flow("deposit")),
    ...(withdrawals as VaultLog[]).map(flow("withdrawal")),
  ].sort((a, b) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex);
}
