import type { Address, Hex } from "viem";
import { parseAbi } from "viem";

/**
 * The EIP-7702 delegate the transaction bundler batches through: eth-infinitism's Simple7702Account (release
 * v0.8 of `@account-abstraction/contracts`, audited with the EntryPoint), at the address its authors deployed it
 * to on every chain. `executeBatch` runs only for the account itself or the v0.8 EntryPoint; a failing call in a
 * batch of several reverts with `ExecuteError(index, reason)`.
 */
export const SIMPLE_7702_ACCOUNT: Address = "0xe6Cae83BdE06E4c305530e199D7217f42808555B";

/** ERC-4337 EntryPoint v0.8, at its canonical address. */
export const ENTRY_POINT_V08: Address = "0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108";

export const simple7702AccountAbi = parseAbi([
  "struct Call { address target; uint256 value; bytes data; }",
  "function execute(address target, uint256 value, bytes data)",
  "function executeBatch(Call[] calls)",
  "function entryPoint() pure returns (address)",
  "function getNonce() view returns (uint256)",
  "error ExecuteError(uint256 index, bytes reason)",
]);

/** An EIP-7702 delegation designator: the code an EOA carries once it delegates to `delegate`. */
export const delegationDesignator = (delegate: Address): Hex =>
  `0xef0100${delegate.slice(2).toLowerCase()}` as Hex;

/**
 * Where a bundle simulation places the account's own code (see BundleSimulator): the simulator delegates every
 * call it does not handle itself there.
 */
export const BUNDLE_SIMULATOR_ACCOUNT_CODE: Address = "0xC0De00000000000000000000000000000000C0DE";

export const bundleSimulatorAbi = parseAbi([
  "struct Call { address target; uint256 value; bytes data; }",
  "function simulateCalls(Call[] calls) payable",
]);

/**
 * BundleSimulator's runtime code (devnet/contracts/BundleSimulator.sol, compiled by the devnet's pinned solc; a
 * devnet test fails when this differs from a fresh compilation). Never deployed: an `eth_call` state override
 * places it at the bundle's account.
 */
export const BUNDLE_SIMULATOR_CODE: Hex =
  "0x608060405260043610610021575f3560e01c8063ae0127281461005a57610028565b3661002857005b73c0de00000000000000000000000000000000c0de365f80375f5f365f845af43d5f5f3e80610055573d5ffd5b503d5ff35b61006d610068366004610185565b61006f565b005b60605f5b8281101561017c575f5f85858481811061008f5761008f6101f6565b90506020028101906100a1919061020a565b6100af906020810190610228565b6001600160a01b03168686858181106100ca576100ca6101f6565b90506020028101906100dc919061020a565b602001358787868181106100f2576100f26101f6565b9050602002810190610104919061020a565b610112906040810190610255565b60405161012092919061029f565b5f6040518083038185875af1925050503d805f811461015a576040519150601f19603f3d011682016040523d82523d5f602084013e61015f565b606091505b50915091508161017157805160208201fd5b925050600101610073565b50805160208201f35b5f5f60208385031215610196575f5ffd5b823567ffffffffffffffff8111156101ac575f5ffd5b8301601f810185136101bc575f5ffd5b803567ffffffffffffffff8111156101d2575f5ffd5b8560208260051b84010111156101e6575f5ffd5b6020919091019590945092505050565b634e487b7160e01b5f52603260045260245ffd5b5f8235605e1983360301811261021e575f5ffd5b9190910192915050565b5f60208284031215610238575f5ffd5b81356001600160a01b038116811461024e575f5ffd5b9392505050565b5f5f8335601e1984360301811261026a575f5ffd5b83018035915067ffffffffffffffff821115610284575f5ffd5b602001915036819003821315610298575f5ffd5b9250929050565b818382375f910190815291905056fea164736f6c6343000825000a";
