/** Perpetual-trading test helpers: dev-key signing, the sponsor's relay, and independent venue/chain reads. */
import { HttpTransport, InfoClient } from "@nktkas/hyperliquid";
import {
  type Address,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hex,
  http,
  parseEventLogs,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { BRIDGE2 } from "../../api/src/adapters/venue/bridge.ts";
import { addressBook, chainClient } from "./env.ts";

/** A dev account that signs the API's typed data locally (permits and venue actions alike). */
export function trader(index: number) {
  const account = privateKeyToAccount(addressBook().accounts.dev[index]!.privateKey);
  return {
    address: account.address,
    sign: (typedData: any): Promise<Hex> => account.signTypedData(typedData),
  };
}

/** The devnet's `sponsor` role: signs and broadcasts the relay transaction the API prepared. */
export async function sponsorBroadcast(tx: {
  to: string;
  data: string;
  gas: string | null;
  nonce: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
}) {
  const book = addressBook();
  const arb = book.chains.arbitrum!;
  const wallet = createWalletClient({
    account: privateKeyToAccount(book.roles!.sponsor!.privateKey),
    chain: defineChain({
      id: arb.chainId,
      name: "arbitrum",
      nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [arb.rpcUrl] } },
    }),
    transport: http(arb.rpcUrl),
  });
  const hash = await wallet.sendTransaction({
    to: tx.to as Address,
    data: tx.data as Hex,
    gas: tx.gas ? BigInt(tx.gas) : undefined,
    nonce: Number(tx.nonce),
    maxFeePerGas: BigInt(tx.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
  });
  return chainClient("arbitrum").waitForTransactionReceipt({ hash });
}

export const sponsorAddress = (): Address => addressBook().roles!.sponsor!.address;

/** USDC moved from `owner` into the bridge in this receipt (the bridge does not revert on a bad permit). */
export function bridgeTransfer(receipt: { logs: any[] }, owner: Address): bigint {
  const usdc = addressBook().chains.arbitrum!.contracts.USDC!.toLowerCase();
  return parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: "Transfer" })
    .filter((l) => l.address.toLowerCase() === usdc && l.args.from === owner && l.args.to === BRIDGE2)
    .reduce((sum, l) => sum + l.args.value, 0n);
}

/** The venue twin read directly, independently of the API. */
export function venueInfo(): InfoClient {
  return new InfoClient({ transport: new HttpTransport({ apiUrl: addressBook().twins.venue!.url }) });
}

export async function venueAccountValue(user: Address): Promise<number> {
  const state = await venueInfo().clearinghouseState({ user, dex: "xyz" });
  return (
    Number(state.marginSummary.accountValue) ||
    Number((await venueInfo().clearinghouseState({ user })).marginSummary.accountValue)
  );
}

export async function venuePosition(user: Address, coin: string) {
  const state = await venueInfo().clearinghouseState({ user, dex: "xyz" });
  return state.assetPositions.find((p) => p.position.coin === coin)?.position;
}

/** Polls `read` until `done` holds (or the time is up), returning the last value. */
export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}
