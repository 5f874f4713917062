import {
  depositLanded,
  sponsorAddress,
  sponsorBroadcast,
  testEnv,
  until,
  usdcBalance,
  venueAccountValue,
  venuePosition,
} from "@compass/testkit/live";
import { trader } from "@compass/testkit/wallet";
import { parseUnits } from "viem";
import { describe, expect, test } from "vitest";
import { CompassClient, ValidationError } from "../src/index.ts";

const { url } = testEnv();
const client = new CompassClient({ serverURL: url });
const me = trader(5);
const owner = me.address;

/** Signs a prepare op's typed data with the dev key and executes it; the venue's reply. */
async function signAndExecute(prepared: {
  typed_data: unknown;
  action: Record<string, unknown>;
  nonce: number;
}) {
  const signature = await me.sign(prepared.typed_data);
  return client.perpetualTrading.execute({ action: prepared.action, nonce: prepared.nonce, signature });
}

describe("TypeScript SDK: perpetual trading end to end", () => {
  test("default: deposit by permit, relayed by the sponsor, is credited at the venue", async () => {
    const before = {
      usdc: await usdcBalance("arbitrum", owner),
      accountValue: await venueAccountValue(owner),
    };
    const { permit, amount_raw, destination } = await client.perpetualTrading.deposit({
      owner,
      amount: "300",
    });
    expect(destination).toBe(owner);
    const { transaction } = await client.perpetualTrading.depositSponsorPrepare({
      owner,
      amount_raw,
      deadline: Number(permit.message.deadline),
      signature: await me.sign(permit),
      sender: sponsorAddress(),
    });
    const receipt = await sponsorBroadcast(transaction);
    const landed = await depositLanded(receipt, owner, before);
    expect(landed.bridged).toBe(parseUnits("300", 6));
    expect(landed.spent).toBe(parseUnits("300", 6));
    expect(landed.credited).toBeCloseTo(300, 6);
  });

  test("default: unified account, market buy, position at the venue, close with realised PnL", async () => {
    const unified = await client.perpetualTrading.enableUnifiedAccount({ owner });
    if (unified.typed_data) expect(await signAndExecute(unified as any)).toMatchObject({ status: "ok" });
    const cash = Number((await client.perpetualTrading.positions({ owner })).account_value);
    const buy = await client.perpetualTrading.marketOrder({
      owner,
      asset: "GOLD",
      side: "buy",
      size: "0.02",
    });
    const filled = ((await signAndExecute(buy)).response as any).data.statuses[0].filled;
    expect(filled.totalSz).toBe("0.02");
    const atVenue = await venuePosition(owner, "xyz:GOLD");
    expect(atVenue?.szi).toBe("0.02");
    const { positions } = await client.perpetualTrading.positions({ owner, asset: "GOLD" });
    expect(positions[0]).toMatchObject({ side: "long", size: "0.02", entry_price: atVenue!.entryPx });

    const close = await client.perpetualTrading.marketOrder({
      owner,
      asset: "GOLD",
      side: "sell",
      size: "0.02",
      reduce_only: true,
    });
    await signAndExecute(close);
    expect(await venuePosition(owner, "xyz:GOLD")).toBeUndefined();
    const { fills, account_value } = await client.perpetualTrading.activity({ owner });
    const closing = fills!.find((f) => f.side === "sell")!;
    const opening = fills!.find((f) => f.side === "buy")!;
    const expected = cash + Number(closing.closed_pnl) - Number(closing.fee) - Number(opening.fee);
    expect(Number(account_value)).toBeCloseTo(expected, 4);
  });

  test("default: withdraw pays out on Arbitrum less the venue's $1 fee", async () => {
    const before = await usdcBalance("arbitrum", owner);
    const prepared = await client.perpetualTrading.withdraw({ owner, amount: "100" });
    expect((await signAndExecute(prepared)).status).toBe("ok");
    const after = await until(
      () => usdcBalance("arbitrum", owner),
      (b) => b > before,
    );
    expect(after - before).toBe(parseUnits("99", 6));
  });

  test("behavior: bad input is a ValidationError naming the field", async () => {
    const error = await client.perpetualTrading
      .marketOrder({ owner, asset: "GOLD", side: "buy", size: "0.00001" })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.detail[0].loc).toEqual(["body", "size"]);
  });
});
