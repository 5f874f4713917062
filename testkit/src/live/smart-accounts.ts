import { toSafeSmartAccount, toSimpleSmartAccount } from "permissionless/accounts";
import { http, type LocalAccount } from "viem";
import {
  createBundlerClient,
  entryPoint07Address,
  entryPoint08Address,
  type SmartAccount,
} from "viem/account-abstraction";
import { addressBook, chainClient } from "./env.ts";

/**
 * The two smart-account providers the devnet deploys, built as their users build them — with permissionless (the
 * account-abstraction client library): a Safe v1.4.1 with Safe's 4337 module v0.3.0 on EntryPoint v0.7, and
 * eth-infinitism's SimpleAccount v0.8 from its factory on EntryPoint v0.8. Both counterfactual until their first
 * user operation deploys them.
 */
export const SMART_ACCOUNT_PROVIDERS = {
  "Safe with the 4337 module (EntryPoint v0.7)": (
    chain: string,
    owner: LocalAccount,
  ): Promise<SmartAccount> =>
    toSafeSmartAccount({
      client: chainClient(chain),
      owners: [owner],
      version: "1.4.1",
      entryPoint: { address: entryPoint07Address, version: "0.7" },
    }),
  "SimpleAccount (EntryPoint v0.8)": (chain: string, owner: LocalAccount): Promise<SmartAccount> =>
    toSimpleSmartAccount({
      client: chainClient(chain),
      owner,
      entryPoint: { address: entryPoint08Address, version: "0.8" },
    }),
};

/** The devnet bundler's JSON-RPC URL for `chain` (Alto behind the `bundler` twin). */
export function bundlerUrl(chain: string): string {
  const twin = (addressBook() as { twins?: Record<string, { url: string }> }).twins?.bundler;
  if (!twin) throw new Error("the devnet runs no bundler");
  return `${twin.url}/${chain}`;
}

/** viem's bundler client for `account` against the devnet bundler. */
export function bundlerClient(chain: string, account: SmartAccount) {
  return createBundlerClient({ account, client: chainClient(chain), transport: http(bundlerUrl(chain)) });
}
