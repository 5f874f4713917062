import { type Address, numberToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { arbitrum } from "viem/chains";
import { createConfig, createConnector, http } from "wagmi";
import { connect } from "wagmi/actions";

/** anvil's public dev key #9 (the story's trader): a throwaway, never funded anywhere real */
const account = privateKeyToAccount("0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6");

export type WalletBehaviour = "signs" | "waits" | "strict-chain";

/**
 * A story wallet that signs typed data locally with a test key — or never answers (to show the signing
 * state), or refuses domains of other chains like some browser wallets do.
 */
function storyWallet(behaviour: WalletBehaviour) {
  let connected = false;
  return createConnector(() => ({
    id: "story",
    name: "Story wallet",
    type: "story",
    async connect() {
      connected = true;
      return { accounts: [account.address] as readonly Address[], chainId: arbitrum.id } as never;
    },
    async disconnect() {
      connected = false;
    },
    async getAccounts() {
      return [account.address];
    },
    async getChainId() {
      return arbitrum.id;
    },
    async isAuthorized() {
      return connected;
    },
    async getProvider() {
      return {
        async request({ method, params }: { method: string; params?: any }) {
          if (method === "eth_chainId") return numberToHex(arbitrum.id);
          if (method === "eth_accounts" || method === "eth_requestAccounts") return [account.address];
          if (method === "eth_signTypedData_v4") {
            const typed = JSON.parse(params[1]);
            if (behaviour === "waits") return new Promise(() => {});
            if (behaviour === "strict-chain" && typed.domain.chainId !== arbitrum.id)
              throw new Error(
                `Provided chainId "${typed.domain.chainId}" must match the active chainId "${arbitrum.id}"`,
              );
            const { EIP712Domain: _, ...types } = typed.types;
            return account.signTypedData({ ...typed, types });
          }
          throw new Error(`story wallet: ${method} is not supported`);
        },
      };
    },
    onAccountsChanged() {},
    onChainChanged() {},
    onDisconnect() {},
  }));
}

export async function storyConfig(options: { connected: boolean; behaviour?: WalletBehaviour }) {
  const config = createConfig({
    chains: [arbitrum],
    connectors: [storyWallet(options.behaviour ?? "signs")],
    storage: null, // each story starts from its own state, not the previous story's connection
    transports: { [arbitrum.id]: http("http://127.0.0.1:9") },
  });
  if (options.connected) await connect(config, { connector: config.connectors[0]! } as never);
  return config;
}
