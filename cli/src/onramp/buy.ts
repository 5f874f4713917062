import { onrampCreate, onrampQuote, type V2OnrampQuoteResponse } from "@compass/sdk";
import type { ParsedArgs } from "../argv.ts";
import { type Globals, type Io, print, transportFor } from "../context.ts";
import { parseDuration } from "../duration.ts";
import type { ExtraCommand } from "../extra-command.ts";
import { EXIT_PENDING } from "../help.ts";
import { pollUntilDone } from "./poll.ts";

const HELP = `Buy USDC on Ethereum by card, delivered to your own wallet

Quotes, creates the payment, opens its checkout page in your browser (prints the link when there is no
browser, with --no-interactive or in agent mode), then checks the status every 3 s for up to 15 minutes.
Progress goes to stderr; the final status record to stdout. Exit 0 when delivered, 1 when the payment
failed or expired (or on any error), ${EXIT_PENDING} when --max-wait passes first: the payment may still
complete, so do not buy again — check it later with \`compass onramp status --payment-id <id>\`.

Usage: compass onramp buy --owner <address> --amount <fiat> [flags]

Flags:
  --owner <address>         wallet that receives the USDC; required
  --amount <fiat>           fiat to convert, e.g. 100 (fees are charged on top); required
  --fiat-currency <code>    ISO-4217 code of the card payment (default USD)
  --chain <chain>           delivery chain; only ethereum (default)
  --poll-interval <dur>     how often to check the status, e.g. 3s (default 3s)
  --max-wait <dur>          stop waiting after this long, e.g. 15m (default 15m; then exit ${EXIT_PENDING})`;

/** `compass onramp buy` (spec onramp.md §8): quote → create → open checkout → poll → final record. */
export const onrampBuy: ExtraCommand = {
  name: "buy",
  summary: "Buy USDC by card: quote, pay in the browser, wait for delivery",
  help: HELP,
  flags: ["owner", "amount", "fiat-currency", "chain", "poll-interval", "max-wait"],
  run,
};

async function run(args: ParsedArgs, g: Globals, io: Io): Promise<number> {
  const flag = (name: string) => args.flags.get(name)?.at(-1);
  const missing = ["owner", "amount"].filter((f) => !flag(f)).map((f) => `--${f}`);
  if (missing.length)
    throw new Error(`Missing required flag${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`);
  const chain = flag("chain") ?? "ethereum";
  if (chain !== "ethereum")
    throw new Error(`--chain must be ethereum: the on-ramp delivers USDC on Ethereum only (got '${chain}')`);
  const body = {
    fiat_amount: flag("amount")!,
    fiat_currency: flag("fiat-currency") ?? "USD",
    destination_address: flag("owner")!,
  };
  if (g.dryRun) {
    io.stderr(
      `${JSON.stringify({ method: "POST", url: `${g.serverURL}/v2/onramp/quote`, body }, null, 2)}\n`,
    );
    return 0;
  }
  const transport = transportFor(g, io);
  const quote = await onrampQuote(transport, body);
  io.stderr(describeQuote(quote));
  // One key for this purchase: a create retried after a dropped connection returns the same payment.
  const payment = await onrampCreate(
    transport,
    { ...body, quote_id: quote.quote_id },
    { idempotencyKey: crypto.randomUUID() },
  );
  io.stderr(`Payment ${payment.payment_id} created.\n`);
  const opened = g.interactive && (await io.openUrl?.(payment.checkout_url));
  io.stderr(
    `${opened ? "Opened the checkout in your browser" : "Open this link in a browser to pay"}: ${payment.checkout_url}\n`,
  );

  const { record, timedOut } = await pollUntilDone(transport, payment.payment_id, {
    intervalMs: parseDuration(flag("poll-interval") ?? "3s"),
    maxWaitMs: parseDuration(flag("max-wait") ?? "15m"),
    sleep: io.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
    stderr: io.stderr,
    tty: !g.agent && process.stderr.isTTY === true,
  });
  if (record) print(record, g, io);
  if (timedOut) {
    io.stderr(
      `Stopped waiting after ${flag("max-wait") ?? "15m"}; the payment may still complete. Check it with: compass onramp status --payment-id ${payment.payment_id}\n`,
    );
    return EXIT_PENDING;
  }
  return record?.status === "delivered" ? 0 : 1;
}

function describeQuote(q: V2OnrampQuoteResponse): string {
  const c = q.fiat_currency;
  const total = [q.fiat_amount, q.fees.provider_fee, q.fees.network_fee].reduce(
    (sum, v) => sum + cents(v),
    0,
  );
  return [
    `Quote: ${q.fiat_amount} ${c} → ${q.output_amount} USDC on Ethereum (${q.exchange_rate} USDC per ${c})`,
    `Fees:  provider ${q.fees.provider_fee} ${c}, network ${q.fees.network_fee} ${c}; card total ${Math.floor(total / 100)}.${String(total % 100).padStart(2, "0")} ${c}`,
    "",
  ].join("\n");
}

/** "102.5" → 10250, without floating-point rounding. */
function cents(amount: string): number {
  const [whole = "0", fraction = ""] = amount.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}
