import { ONE_TIME_WALLET_FACTORY } from "@compass/constants";
import { type Address, type Hex, keccak256, toHex } from "viem";
import { type DevnetHandle, fiatTokenAbi, startDevnet } from "../../src/index.ts";
import { onrampTwin } from "../../src/twins/stripe-onramp/spec.ts";
import { clients, tempDir, unitPortBase } from "../helpers.ts";
import { expectedWalletAddress } from "./wallet-address.ts";

/** A devnet with Ethereum and the on-ramp twin (fast timers), plus helpers that speak to it like a merchant. */
export async function startOnrampDevnet(portOffset: number, env: Record<string, string> = {}) {
  const portBase = unitPortBase(portOffset);
  const dir = tempDir("devnet-onramp");
  const devnet: DevnetHandle = await startDevnet({
    earn: false,
    snapshots: false,
    dir: dir.path,
    portBase,
    chains: ["ethereum"],
    twins: [
      { ...onrampTwin, env: { ONRAMP_PROCESSING_SECONDS: "0", ONRAMP_SLOW_PROCESSING_SECONDS: "3", ...env } },
    ],
  });
  const twin = devnet.twins.onramp!.url;
  const key = onrampTwin.apiKey!;
  const c = clients(devnet, "ethereum");
  const usdc = devnet.addressBook.chains.ethereum!.contracts.USDC!;

  const api = async (
    path: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) => {
    const res = await fetch(`${twin}${path}`, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      headers: {
        authorization: `Bearer ${key}`,
        ...(init.form && { "content-type": "application/x-www-form-urlencoded" }),
        ...init.headers,
      },
      body: init.form ? new URLSearchParams(init.form) : undefined,
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };

  /** Session params for a one-time wallet owned by `owner` (what a merchant using one-time wallets sends). */
  const sessionForm = (owner: Address, amount = "100", extra: Record<string, string> = {}) => {
    const salt: Hex = keccak256(toHex(`${owner}:${amount}:${Math.random()}`));
    return {
      "wallet_addresses[ethereum]": expectedWalletAddress(ONE_TIME_WALLET_FACTORY, owner, salt),
      source_amount: amount,
      source_currency: "usd",
      destination_currency: "usdc",
      destination_network: "ethereum",
      "metadata[destination_address]": owner,
      "metadata[one_time_wallet_salt]": salt,
      ...extra,
    };
  };

  /** What the hosted page does: open it, then submit a card (or a code) as its form would. */
  const submit = async (session: any, path: "card" | "verify", fields: Record<string, string>) => {
    const res = await fetch(`${twin}/pay/${session.id}/${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_secret: session.client_secret, ...fields }),
      redirect: "manual",
    });
    return { status: res.status, html: await res.text() };
  };
  const pay = async (session: any, number: string) => {
    await fetch(session.redirect_url);
    return submit(session, "card", { number, expiry: "12 / 34", cvc: "123" });
  };

  const waitFor = async (id: string, statuses: string[], timeoutMs = 20_000) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const { body } = await api(`/v1/crypto/onramp_sessions/${id}`);
      if (statuses.includes(body.status)) return body;
      if (Date.now() > end) throw new Error(`${id} is still ${body.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  const balance = (who: Address) =>
    c.public.readContract({ address: usdc, abi: fiatTokenAbi, functionName: "balanceOf", args: [who] });

  return {
    devnet,
    twin,
    key,
    c,
    usdc,
    api,
    sessionForm,
    submit,
    pay,
    waitFor,
    balance,
    async stop() {
      await devnet.stop({ discard: true });
      dir.remove();
    },
  };
}
