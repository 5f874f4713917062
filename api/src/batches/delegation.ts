import { SIMPLE_7702_ACCOUNT } from "@compass/constants";
import { type Address, getAddress, type Hex, type PublicClient } from "viem";
import { DomainError } from "../kernel/errors.ts";
import type { ChainName } from "../kernel/schemas/common.ts";

const DESIGNATOR_PREFIX = "0xef0100";

/** What the sender's code says of it: a plain EOA, one delegating (to whom), or a contract. */
export type SenderKind = { kind: "eoa" } | { kind: "delegated"; to: Address } | { kind: "contract" };

export function senderKind(code: Hex | undefined): SenderKind {
  if (!code || code === "0x") return { kind: "eoa" };
  if (code.toLowerCase().startsWith(DESIGNATOR_PREFIX) && code.length === 2 + 23 * 2)
    return { kind: "delegated", to: getAddress(`0x${code.slice(8)}`) };
  return { kind: "contract" };
}

const delegateCodes = new WeakMap<PublicClient, Promise<Hex>>();

/** The batch executor's runtime code (immutable once deployed: read once per chain). */
export function delegateCodeOf(client: PublicClient, chain: ChainName): Promise<Hex> {
  let code = delegateCodes.get(client);
  if (!code) {
    code = client.getCode({ address: SIMPLE_7702_ACCOUNT }).then((found) => {
      if (!found || found === "0x")
        throw new DomainError(
          422,
          "Batch executor not deployed",
          `The batch executor (Simple7702Account, ${SIMPLE_7702_ACCOUNT}) is not deployed on ${chain}`,
        );
      return found;
    });
    code.catch(() => delegateCodes.delete(client));
    delegateCodes.set(client, code);
  }
  return code;
}
