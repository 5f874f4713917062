import { limitOrderProtocolAbi, USDC } from "@compass/constants";
import {
  addressBook,
  advanceDevnet,
  afterSend,
  beforeSend,
  chainClient,
  freshWallet,
  getJson,
  postJson,
  sendAsRole,
  testEnv,
} from "@compass/testkit/live";
import { sendReturned } from "@compass/testkit/wallet";
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  parseAbi,
  parseUnits,
} from "viem";
import { beforeAll, describe, expect, test } from "vitest";
import { nextRegularSession, usEquitySession } from "../../../src/kernel/calendar/index.ts";

// Tokenized equities end to end through the API: an intent order quoted, built, signed by the owner as a Safe
// message, submitted to the order relay (the devnet's twin) and filled on chain by its market maker through the
// 1inch Limit Order Protocol v4 during the NYSE regular session — and refused outside it; a sell, the partner fee
// on its proceeds; a cancelled order the relay stops filling; an expired quote; an unknown order.
const chain = "ethereum";
const usdc = USDC.ethereum!;
const client = chainClient(chain);
const get = (path: string) => getJson(`${testEnv().url}${path}`);
const token = (symbol: string) => addressBook().tokens!.ethereum![symbol]!.address as Address;
const lop = () => addressBook().chains.ethereum!.contracts.LimitOrderProtocol as Address;
const balance = (t: Address, who: Address) =>
  client.readContract({ address: t, abi: erc20Abi, functionName: "balanceOf", args: [who] });
const now = async () => Number((await client.getBlock()).timestamp);
const safeAbi = parseAbi([
  "function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool)",
]);
const mintAbi = parseAbi(["function mint(address to, uint256 amount) returns (bool)"]);

let wallet: Awaited<ReturnType<typeof freshWallet>>;
let owner: Address;
let account: Address;

/** The owner signs a SafeTx the API returned and executes it from its own wallet. */
async function execSafeTx(typed: any) {
  const m = typed.message;
  const signature = await wallet.account.signTypedData({
    domain: { chainId: Number(typed.domain.chainId), verifyingContract: typed.domain.verifyingContract },
    types: { SafeTx: typed.types.SafeTx },
    primaryType: "SafeTx",
    message: {
      ...m,
      value: BigInt(m.value),
      safeTxGas: BigInt(m.safeTxGas),
      baseGas: BigInt(m.baseGas),
      gasPrice: BigInt(m.gasPrice),
      nonce: BigInt(m.nonce),
    },
  });
  const data = encodeFunctionData({
    abi: safeAbi,
    functionName: "execTransaction",
    args: [
      m.to,
      BigInt(m.value),
      m.data,
      m.operation,
      BigInt(m.safeTxGas),
      BigInt(m.baseGas),
      BigInt(m.gasPrice),
      m.gasToken,
      m.refundReceiver,
      signature,
    ],
  });
  // the answer's simulation of this SafeTx is held to what the chain then does
  const nonce = await client.getTransactionCount({ address: wallet.account.address, blockTag: "pending" });
  const simulated = await beforeSend({ from: wallet.account.address, nonce, to: account, data });
  const hash = await wallet.sendTransaction({ to: account, data });
  const receipt = await client.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  await afterSend(simulated, receipt);
  return receipt;
}

/** What eth_signTypedData_v4 signs: the payload exactly as returned (EIP712Domain included). */
const signSafeMessage = (typed: any) => wallet.account.signTypedData(typed);

/** The owner signs the order's SafeMessage and submits the order as /order returned it. */
async function submit(order: any) {
  return postJson("/v2/tokenized_assets/order/submit", {
    signed_order: order.order_message,
    signature: await signSafeMessage(order.safe_message_eip712),
    extension: order.extension,
    quote_id: order.quote_id,
    order_hash: order.order_hash,
  });
}

async function statusUntil(hash: string, done: (s: any) => boolean) {
  for (let i = 0; i < 150; i++) {
    const s = await get(`/v2/tokenized_assets/order/${hash}`);
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    if (done(s.body)) return s.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`order ${hash} never reached the expected state`);
}

/** Devnet time moved to 10:30 New York of the next regular session (3 h before it closes at the earliest). */
async function intoSession() {
  const t = await now();
  if (usEquitySession(t) === "regular" && nextRegularSession(t).close - t > 3 * 3600) return;
  const next = nextRegularSession(t + (usEquitySession(t) === "regular" ? 3 * 3600 : 0));
  const target = Math.max(next.open + 3600, t + 1);
  await advanceDevnet(target - t);
}

/** Devnet time moved to the next Saturday noon (UTC): the market is closed. */
async function outOfSession() {
  const t = await now();
  const day = new Date(t * 1000).getUTCDay();
  const daysToSaturday = (6 - day + 7) % 7 || 7;
  const target = Math.floor(t / 86_400) * 86_400 + daysToSaturday * 86_400 + 12 * 3600;
  await advanceDevnet(target - t);
}

beforeAll(async () => {
  wallet = await freshWallet(chain);
  owner = wallet.account.address;
  await sendAsRole(chain, "usdc_admin", {
    address: usdc.address,
    abi: mintAbi,
    functionName: "mint",
    args: [owner, parseUnits("5000", 6)],
  });
  const created = await postJson("/v2/tokenized_assets/create_account", { chain, sender: owner, owner });
  expect(created.status).toBe(200);
  account = created.body.tokenized_assets_account_address;
  await sendReturned(wallet, created.body.transaction);
  const deposit = await postJson("/v2/tokenized_assets/transfer", {
    owner,
    chain,
    token: "USDC",
    amount: "3000",
    action: "DEPOSIT",
  });
  expect(deposit.status).toBe(200);
  await sendReturned(wallet, deposit.body.transaction);
  expect(await balance(usdc.address, account)).toBe(parseUnits("3000", 6));
});

describe("tokenized equities: intent orders", () => {
  test("outside the NYSE regular session, quote and order are 409 Market closed", async () => {
    await outOfSession();
    const body = { from_token: "USDC", to_token: "TSLAon", amount: "100", owner };
    const quote = await postJson("/v2/tokenized_assets/quote", body);
    expect(quote.status, JSON.stringify(quote.body)).toBe(409);
    expect(quote.body.error).toBe("Market closed");
    const order = await postJson("/v2/tokenized_assets/order", body);
    expect(order.status).toBe(409);
  });

  test("listed: equities in markets and their detail, priced by the relay, open in the regular session", async () => {
    await intoSession();
    const list = await get("/v2/tokenized_assets/markets?asset_class=EQUITY");
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.markets.map((m: any) => m.symbol)).toEqual(["TSLAon", "AAPLon", "NVDAon"]);
    const tsla = list.body.markets[0];
    expect(tsla).toMatchObject({
      provider: "ondo",
      asset_class: "EQUITY",
      chain: "ethereum",
      contract_address: token("TSLAon"),
      decimals: 18,
      apy_7d: null,
      status: { is_open: true, state: "OPEN", session: "regular" },
    });
    expect(Number(tsla.current_price_usd)).toBeGreaterThan(0);
    const detail = await get("/v2/tokenized_assets/markets/TSLAon?chain=ethereum");
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.price_history_24h.length).toBeGreaterThanOrEqual(25);
    expect(detail.body.tradable_sessions).toEqual(["regular"]);
    expect(Number(detail.body.price_high_52w)).toBeGreaterThanOrEqual(Number(detail.body.price_low_52w));
    expect(detail.body.candles).toBeNull();
    const candles = await get("/v2/tokenized_assets/markets/TSLAon?chain=ethereum&interval=1hour&range=1day");
    expect(candles.status, JSON.stringify(candles.body)).toBe(200);
    expect(candles.body.candles.length).toBeGreaterThanOrEqual(24);
    for (const c of candles.body.candles) {
      expect(Number(c.high)).toBeGreaterThanOrEqual(Math.max(Number(c.open), Number(c.close)));
      expect(Number(c.low)).toBeLessThanOrEqual(Math.min(Number(c.open), Number(c.close)));
    }
  });

  test("labels: wrong trade flow, unknown token symbol, slippage below the auction range", async () => {
    await intoSession();
    const midas = await postJson("/v2/tokenized_assets/quote", {
      from_token: "USDC",
      to_token: "mTBILL",
      amount: "10",
      owner,
    });
    expect(midas.status).toBe(422);
    expect(midas.body.error).toBe("Wrong trade flow");
    const unknown = await postJson("/v2/tokenized_assets/quote", {
      from_token: "USDC",
      to_token: "FOOon",
      amount: "10",
      owner,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toBe("Unknown token symbol");
    const swap = await postJson("/v2/tokenized_assets/transact/buy", {
      token_in: "USDC",
      token_out: "TSLAon",
      amount_in: "10",
      owner,
      chain,
    });
    expect(swap.status).toBe(422);
    expect(swap.body.error).toBe("Wrong trade flow");
    const tight = await postJson("/v2/tokenized_assets/order", {
      from_token: "USDC",
      to_token: "TSLAon",
      amount: "10",
      owner,
      slippage_bps: 1,
    });
    expect(tight.status).toBe(422);
    expect(tight.body.message).toMatch(/raise slippage_bps/);
  });

  test("a buy quoted, signed, submitted and filled in session: TSLAon in the account, USDC out", async () => {
    await intoSession();
    const body = { from_token: "USDC", to_token: "TSLAon", amount: "1000", owner };
    const quote = await postJson("/v2/tokenized_assets/quote", body);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.quote.input).toMatchObject({ symbol: "USDC", amount: "1000", amount_usd: "1000" });
    expect(Number(quote.body.quote.output.amount)).toBeGreaterThan(0);
    const slippage = quote.body.recommended_slippage_bps;
    expect(slippage).toBeGreaterThanOrEqual(quote.body.auction_range_bps);

    const built = await postJson("/v2/tokenized_assets/order", { ...body, slippage_bps: slippage });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const { order } = built.body;
    expect(order.order_message.maker.toLowerCase()).toBe(account.toLowerCase());
    expect(order.safe_message_eip712.message.message).toBe(order.order_hash);
    expect(order.safe_message_eip712.domain).toMatchObject({ chainId: 1, verifyingContract: account });
    // the protocol on chain hashes the order the same way
    const m = order.order_message;
    const onChain = await client.readContract({
      address: lop(),
      abi: limitOrderProtocolAbi,
      functionName: "hashOrder",
      args: [
        {
          salt: BigInt(m.salt),
          maker: BigInt(m.maker),
          receiver: BigInt(m.receiver),
          makerAsset: BigInt(m.makerAsset),
          takerAsset: BigInt(m.takerAsset),
          makingAmount: BigInt(m.makingAmount),
          takingAmount: BigInt(m.takingAmount),
          makerTraits: BigInt(m.makerTraits),
        },
      ],
    });
    expect(onChain).toBe(order.order_hash);

    expect(built.body.approval_safe_tx_eip712).not.toBeNull();
    await execSafeTx(built.body.approval_safe_tx_eip712);
    const usdcBefore = await balance(usdc.address, account);
    const signature = await signSafeMessage(order.safe_message_eip712);
    const submitted = await postJson("/v2/tokenized_assets/order/submit", {
      signed_order: order.order_message,
      signature,
      extension: order.extension,
      quote_id: order.quote_id,
      order_hash: order.order_hash,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.order_hash).toBe(order.order_hash);

    const filled = await statusUntil(order.order_hash, (s) => s.status === "filled");
    expect(filled.filled_amount).toBe(parseUnits("1000", 6).toString());
    expect(filled.fill_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await client.getTransactionReceipt({ hash: filled.fill_tx_hash as Hex });
    expect(receipt.status).toBe("success");
    expect(receipt.to?.toLowerCase()).toBe(lop().toLowerCase());
    expect(usdcBefore - (await balance(usdc.address, account))).toBe(parseUnits("1000", 6));
    const shares = await balance(token("TSLAon"), account);
    expect(shares).toBeGreaterThanOrEqual(BigInt(m.takingAmount));
    expect(Number(filled.fill_price_usd)).toBeGreaterThan(0);

    const positions = await get(`/v2/tokenized_assets/positions?owner=${owner}&chain=ethereum`);
    expect(positions.status, JSON.stringify(positions.body)).toBe(200);
    const position = positions.body.positions.find((p: any) => p.symbol === "TSLAon");
    expect(position).toMatchObject({
      provider: "ondo",
      asset_class: "EQUITY",
      balance: formatUnits(shares, 18),
    });
    expect(Number(position.balance_usd)).toBeGreaterThan(900);
    // each fill is a buy in the account's activity: USDC in, shares out, at its cost
    expect(position.events.length).toBeGreaterThanOrEqual(1);
    for (const e of position.events) expect(e).toMatchObject({ event_type: "buy", input_symbol: "USDC" });
    expect(Number(position.pnl.total_deposited)).toBeCloseTo(1000, 2);

    const again = await postJson(`/v2/tokenized_assets/order/${order.order_hash}/cancel`, { owner });
    expect(again.status).toBe(409);
  });

  test("a cancelled order is never filled; a sell fills and the partner fee moves USDC to the recipient", async () => {
    await intoSession();
    const shares = await balance(token("TSLAon"), account);
    expect(shares).toBeGreaterThan(0n);
    const amount = formatUnits(shares, 18);
    const body = { from_token: "TSLAon", to_token: "USDC", amount, owner };
    const q = await postJson("/v2/tokenized_assets/quote", body);
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    const slippage_bps = q.body.recommended_slippage_bps;

    // submitted without its approval: the market maker cannot take it, so it waits — and is cancelled
    const pending = await postJson("/v2/tokenized_assets/order", { ...body, slippage_bps });
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    expect(pending.body.approval_safe_tx_eip712).not.toBeNull();
    const p = pending.body.order;
    const sub = await submit(p);
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    const stranger = (await freshWallet(chain)).account.address;
    const notMaker = await postJson(`/v2/tokenized_assets/order/${p.order_hash}/cancel`, { owner: stranger });
    expect(notMaker.status).toBe(403);
    const cancel = await postJson(`/v2/tokenized_assets/order/${p.order_hash}/cancel`, { owner });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    await execSafeTx(cancel.body.cancel_safe_tx_eip712);
    const cancelled = await statusUntil(p.order_hash, (s) => s.status !== "pending");
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.fill_tx_hash).toBeNull();

    // the sell itself: approve, sign, submit, filled
    const built = await postJson("/v2/tokenized_assets/order", { ...body, slippage_bps });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    await execSafeTx(built.body.approval_safe_tx_eip712);
    const o = built.body.order;
    const usdcBefore = await balance(usdc.address, account);
    const submitted = await submit(o);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const filled = await statusUntil(o.order_hash, (s) => s.status === "filled");
    expect(BigInt(o.order_message.makingAmount)).toBe(shares);
    expect(await balance(token("TSLAon"), account)).toBe(0n);
    const proceeds = (await balance(usdc.address, account)) - usdcBefore;
    expect(proceeds).toBeGreaterThanOrEqual(BigInt(o.order_message.takingAmount));
    expect(filled.fill_tx_hash).toMatch(/^0x/);

    const recipient = (await freshWallet(chain)).account.address;
    const fee = await postJson(`/v2/tokenized_assets/order/${o.order_hash}/charge_fee`, {
      owner,
      fee: { recipient, amount: "1", denomination: "PERCENTAGE" },
    });
    expect(fee.status, JSON.stringify(fee.body)).toBe(200);
    const expected = proceeds / 100n;
    expect(fee.body.fee_amount).toBe((Number(expected) / 1e6).toString());
    await sendReturned(wallet, fee.body.transaction);
    expect(await balance(usdc.address, recipient)).toBe(expected);

    const buyFee = await postJson(`/v2/tokenized_assets/order/${p.order_hash}/charge_fee`, {
      owner,
      fee: { recipient, amount: "1" },
    });
    expect(buyFee.status).toBe(422);
  });

  test("an expired quote is 410; an unknown order is 404", async () => {
    await intoSession();
    const built = await postJson("/v2/tokenized_assets/order", {
      from_token: "USDC",
      to_token: "NVDAon",
      amount: "50",
      owner,
      slippage_bps: 500,
    });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const o = built.body.order;
    await advanceDevnet(300);
    const late = await submit(o);
    expect(late.status, JSON.stringify(late.body)).toBe(410);
    const unknown = await get(`/v2/tokenized_assets/order/0x${"ab".repeat(32)}`);
    expect(unknown.status).toBe(404);
  });
});
