import {
  type Address,
  encodeAbiParameters,
  getAddress,
  type Hex,
  keccak256,
  labelhash,
  namehash,
  pad,
  parseAbi,
  zeroHash,
} from "viem";
import { devAccounts, roleAccount } from "../accounts.ts";
import { callContract, create2Deployment, ensureDeployed } from "../earn/deploy.ts";
import { npmArtifact } from "../earn/npm-artifacts.ts";
import type { ChainExtension, ExtensionContext } from "./types.ts";

/** ENS's registry at its mainnet address (ENSRegistryWithFallback), and the registry it falls back to. */
export const ENS_REGISTRY: Address = "0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e";
export const ENS_OLD_REGISTRY: Address = "0x314159265dD8dbb310642f98f50C066173C1259b";

/** Names the devnet registers under .eth, each to a dev account that owns it and resolves to it. */
export const ENS_NAMES = [
  { label: "vitalik", dev: 0 },
  { label: "alice", dev: 1 },
  { label: "bob", dev: 2 },
] as const;

const registryAbi = parseAbi([
  "function owner(bytes32 node) view returns (address)",
  "function resolver(bytes32 node) view returns (address)",
  "function setSubnodeRecord(bytes32 node, bytes32 label, address owner, address resolver, uint64 ttl)",
  "function setSubnodeOwner(bytes32 node, bytes32 label, address owner) returns (bytes32)",
  "function setOwner(bytes32 node, address owner)",
]);
const resolverAbi = parseAbi([
  "function addr(bytes32 node) view returns (address)",
  "function setAddr(bytes32 node, address a)",
]);

/** ENS's PublicResolver (its constructor takes the registry), deployed through the singleton factory. */
export function ensResolverDeployment() {
  const artifact = npmArtifact("PublicResolver");
  return create2Deployment("ens:PublicResolver", artifact, [ENS_REGISTRY]);
}

/** A mapping entry's slot: keccak256(key . slot), as solc lays mappings out. */
const mappingSlot = (key: Hex, slot: number): Hex =>
  keccak256(encodeAbiParameters([{ type: "bytes32" }, { type: "uint256" }], [key, BigInt(slot)]));

/**
 * ENS on ethereum from its authors' npm builds: `@ensdomains/ens` ENSRegistryWithFallback at the mainnet registry
 * address, falling back to an ENSRegistry at the original registry's address, and `@ensdomains/resolver`'s
 * PublicResolver. The registries' runtime code is placed at those addresses with the storage their constructors
 * would leave (the root owned by `deployer`; the fallback's `old`), since a constructor run through the CREATE2
 * factory would make the factory the root's owner. `deployer` registers .eth and the names above under it, sets
 * each name's resolver and address record, and hands the name to its dev account.
 */
export const ensExtension: ChainExtension = {
  name: "ens",
  chains: ["ethereum"],
  async ensure(ctx) {
    const deployer = roleAccount("deployer").address;
    const owned = pad(deployer, { size: 32 });
    // records (slot 0): records[root].owner; the fallback's `old` (slot 2, after `operators`)
    for (const [address, name] of [
      [ENS_OLD_REGISTRY, "ENSRegistry"],
      [ENS_REGISTRY, "ENSRegistryWithFallback"],
    ] as const) {
      const code = await ctx.clients.public.getCode({ address });
      if (!code || code === "0x") {
        await ctx.clients.test.setCode({ address, bytecode: npmArtifact(name).deployedBytecode });
        await ctx.clients.test.setStorageAt({ address, index: mappingSlot(zeroHash, 0), value: owned });
      }
    }
    await ctx.clients.test.setStorageAt({
      address: ENS_REGISTRY,
      index: pad("0x02", { size: 32 }),
      value: pad(ENS_OLD_REGISTRY, { size: 32 }),
    });
    const resolver = await ensureDeployed(ctx, ensResolverDeployment());
    const eth = namehash("eth");
    if (getAddress(await read(ctx, "owner", eth)) !== getAddress(deployer))
      await callContract(ctx, {
        from: deployer,
        address: ENS_REGISTRY,
        abi: registryAbi,
        functionName: "setSubnodeOwner",
        args: [zeroHash, labelhash("eth"), deployer],
      });
    for (const name of ENS_NAMES) {
      const node = namehash(`${name.label}.eth`);
      const holder = devAccounts()[name.dev]!.address;
      if (getAddress(await read(ctx, "owner", node)) === getAddress(holder)) continue;
      await callContract(ctx, {
        from: deployer,
        address: ENS_REGISTRY,
        abi: registryAbi,
        functionName: "setSubnodeRecord",
        args: [eth, labelhash(name.label), deployer, resolver, 0n],
      });
      await callContract(ctx, {
        from: deployer,
        address: resolver,
        abi: resolverAbi,
        functionName: "setAddr",
        args: [node, holder],
      });
      await callContract(ctx, {
        from: deployer,
        address: ENS_REGISTRY,
        abi: registryAbi,
        functionName: "setOwner",
        args: [node, holder],
      });
    }
    ctx.log(`ethereum: ENS registry with ${ENS_NAMES.map((n) => `${n.label}.eth`).join(", ")}`);
  },
  contracts: () => ({
    EnsRegistry: ENS_REGISTRY,
    EnsRegistryOld: ENS_OLD_REGISTRY,
    EnsPublicResolver: ensResolverDeployment().address,
  }),
};

function read(ctx: ExtensionContext, functionName: "owner", node: Hex) {
  return ctx.clients.public.readContract({
    address: ENS_REGISTRY,
    abi: registryAbi,
    functionName,
    args: [node],
  });
}
