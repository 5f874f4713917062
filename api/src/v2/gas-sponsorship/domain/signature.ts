import { type Address, type Hex, isAddressEqual, recoverTypedDataAddress } from "viem";
import { fieldError } from "../../../kernel/errors.ts";
import type { TypedDataPayload } from "../../../product-accounts/index.ts";

/**
 * The owner's signature over exactly the payload that was returned, normalised to 65 bytes with v in
 * {27, 28} (what Safe and ecrecover expect). A signature by anyone else is a 422 on `signature`.
 */
export async function ownerSignature(
  payload: TypedDataPayload,
  signature: Hex,
  owner: Address,
): Promise<Hex> {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature))
    throw fieldError(["body", "signature"], "Signature must be 65 bytes of hex (r ‖ s ‖ v)");
  const v = Number.parseInt(signature.slice(130), 16);
  const normalised = (v < 27 ? `${signature.slice(0, 130)}${(v + 27).toString(16)}` : signature) as Hex;
  let signer: Address;
  try {
    signer = await recoverTypedDataAddress({ ...(payload as any), signature: normalised });
  } catch (error) {
    throw fieldError(
      ["body", "eip_712"],
      `Typed data cannot be hashed: ${(error as Error).message.split("\n")[0]}`,
    );
  }
  if (!isAddressEqual(signer, owner))
    throw fieldError(
      ["body", "signature"],
      `Signed by ${signer}, not by the owner ${owner}; sign the eip_712 payload unchanged`,
    );
  return normalised;
}
