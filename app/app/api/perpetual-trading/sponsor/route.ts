import { addressBook, loadConfig, rpcUrl } from "@compass/api";
import { BRIDGE2 } from "@compass/constants";
import { createWalletClient, defineChain, erc20Abi, http, parseEventLogs, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { handleApi } from "../../../../lib/api.ts";
import { sponsorKey } from "../../../../lib/sponsor.ts";

export const dynamic = "force-dynamic";

/**
 * The app's deposit sponsor: relays an owner's signed USDC permit to the venue's bridge from the
 * sponsor wallet — sponsor_prepare (which checks the permit and simulates), sign, broadcast, and
 * confirm the USDC Transfer (the bridge does not revert on a failed permit). 404 without a sponsor.
 */
export async function POST(request: Request): Promise<Response> {
  const key = sponsorKey();
  const config = loadConfig();
  const rpc = rpcUrl(config, "arbitrum");
  if (!key || !rpc) return Response.json({ detail: "Not Found" }, { status: 404 });
  const sponsor = privateKeyToAccount(key);
  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body) return Response.json({ detail: "Body must be JSON" }, { status: 422 });
  const prepared = await handleApi(
    new Request(new URL("/v2/perpetual_trading/deposit/sponsor_prepare", request.url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, sender: sponsor.address }),
    }),
  );
  if (!prepared.ok)
    return new Response(prepared.body, { status: prepared.status, headers: prepared.headers });
  const { transaction: tx } = await prepared.json();
  const chain = defineChain({
    id: Number(tx.chainId),
    name: "Arbitrum",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpc] } },
  });
  const wallet = createWalletClient({ account: sponsor, chain, transport: http(rpc) }).extend(publicActions);
  const txHash = await wallet.sendTransaction({
    to: tx.to,
    data: tx.data,
    gas: tx.gas ? BigInt(tx.gas) : undefined,
    maxFeePerGas: BigInt(tx.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
  });
  const receipt = await wallet.waitForTransactionReceipt({ hash: txHash });
  const usdc = addressBook(config)?.chains.arbitrum?.contracts.USDC?.toLowerCase();
  const moved = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: "Transfer" }).some(
    (l) => l.address.toLowerCase() === usdc && l.args.to === BRIDGE2,
  );
  if (receipt.status !== "success" || !moved)
    return Response.json({ detail: `The relay ${txHash} moved no USDC into the bridge` }, { status: 502 });
  return Response.json({ txHash }, { headers: { "cache-control": "no-store" } });
}
