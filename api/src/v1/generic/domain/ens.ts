import { type Address, getAddress, namehash, parseAbi, zeroAddress } from "viem";
import { normalize } from "viem/ens";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { addressBook } from "../../../kernel/config/env.ts";
import type { Context } from "../../../kernel/context.ts";
import { DomainError, fieldError } from "../../../kernel/errors.ts";

const CHAIN = "ethereum";
const registryAbi = parseAbi([
  "function owner(bytes32 node) view returns (address)",
  "function resolver(bytes32 node) view returns (address)",
]);
const resolverAbi = parseAbi(["function addr(bytes32 node) view returns (address)"]);

/**
 * An ENS name as a wallet resolves it: normalised (ENSIP-15), hashed (namehash), its resolver from the ENS
 * registry and its address record from that resolver; the registrant is the registry's owner of the name. A name
 * that does not normalise is a 422; one without a resolver or an address record, a 404.
 */
export async function resolveEns(ctx: Context, query: { ens_name: string }) {
  const registry = addressBook(ctx.config)?.chains[CHAIN]?.contracts.EnsRegistry;
  if (!registry) throw fieldError(["query", "chain"], "ENS is not deployed on ethereum in this deployment");
  let name: string;
  try {
    name = normalize(query.ens_name);
  } catch (error) {
    throw fieldError(
      ["query", "ens_name"],
      `'${query.ens_name}' is not a valid ENS name: ${(error as Error).message}`,
    );
  }
  const client = ctx.services.chains.get(CHAIN, ["query", "chain"]);
  const node = namehash(name);
  const read = (functionName: "owner" | "resolver") =>
    client.readContract({
      address: getAddress(registry),
      abi: registryAbi,
      functionName,
      args: [node],
      blockTag: NEXT_BLOCK,
    });
  try {
    const [resolver, owner] = await Promise.all([read("resolver"), read("owner")]);
    if (resolver === zeroAddress) throw notFound(name, "is not registered or has no resolver");
    const address: Address = await client.readContract({
      address: resolver,
      abi: resolverAbi,
      functionName: "addr",
      args: [node],
      blockTag: NEXT_BLOCK,
    });
    if (address === zeroAddress) throw notFound(name, "has no address record");
    return { wallet_address: getAddress(address), registrant: getAddress(owner) };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    return rethrowRpc(CHAIN, error);
  }
}

const notFound = (name: string, why: string) => new DomainError(404, "ENS name not found", `${name} ${why}`);
