import {
  addressBook,
  type Config,
  type Operation,
  rpcUrl,
  type SponsorWallet,
  sponsorRelayRoute,
} from "@compass/api";
import { createWalletClient, defineChain, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export const SPONSOR_PATH = "/api/perpetual-trading/sponsor";

/**
 * The app's gas sponsor for perpetuals deposits (the integrator's wallet the spec describes; the API
 * itself holds no keys). COMPASS_SPONSOR_PRIVATE_KEY configures it; on staging the devnet's public
 * `sponsor` role stands in. Production without the variable has no sponsor: traders pay their own gas,
 * and the route answers 404.
 */
export function sponsorRoutes(config: Config): Operation[] {
  const key = sponsorKey(config);
  const rpc = rpcUrl(config, "arbitrum");
  return key && rpc ? [sponsorRelayRoute(SPONSOR_PATH, sponsorWallet(key, rpc))] : [];
}

function sponsorKey(config: Config): Hex | undefined {
  const configured = process.env.COMPASS_SPONSOR_PRIVATE_KEY;
  if (configured) return configured as Hex;
  if (config.env !== "staging") return undefined;
  const roles = addressBook(config)?.roles as Record<string, { privateKey: Hex }> | undefined;
  return roles?.sponsor?.privateKey;
}

function sponsorWallet(key: Hex, rpc: string): SponsorWallet {
  const account = privateKeyToAccount(key);
  return {
    address: account.address,
    send(tx) {
      const chain = defineChain({
        id: Number(tx.chainId),
        name: "Arbitrum",
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [rpc] } },
      });
      return createWalletClient({ account, chain, transport: http(rpc) }).sendTransaction({
        to: tx.to,
        data: tx.data,
        gas: tx.gas ? BigInt(tx.gas) : undefined,
        maxFeePerGas: BigInt(tx.maxFeePerGas),
        maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
      });
    },
  };
}
