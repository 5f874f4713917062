import { type Address, encodeAbiParameters, getContractAddress, type Hex, keccak256 } from "viem";
import { loadArtifact } from "../../src/contracts/artifacts.ts";

/**
 * Where OneTimeWalletFactory deploys the wallet of (owner, salt), computed here from the contract's rules —
 * CREATE2 from the factory, salt keccak256(abi.encode(owner, salt)), the committed OneTimeWallet creation
 * code — so tests check the contract against an independent computation (the API's own is pinned in api/test).
 */
export function expectedWalletAddress(factory: Address, owner: Address, salt: Hex): Address {
  return getContractAddress({
    opcode: "CREATE2",
    from: factory,
    salt: keccak256(encodeAbiParameters([{ type: "address" }, { type: "bytes32" }], [owner, salt])),
    bytecode: loadArtifact("OneTimeWallet").bytecode,
  });
}
