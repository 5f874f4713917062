import type { IncomingMessage } from "node:http";
import { HttpError } from "../kit/index.ts";
import { formatUsd } from "./engine/decimal.ts";
import { summarize } from "./engine/margin.ts";
import { readJson } from "./http.ts";
import type { Venue } from "./venue.ts";

/**
 * /_twin/* — the devnet's controls, not part of the venue's API: credit bridge deposits, move
 * the clock, force an oracle price, and read / settle the payout queue. When the twin has an
 * admin key, requests must carry it as `authorization: Bearer <key>`.
 *
 *   POST /_twin/credit       {user, usd, txHash}            → {credited, balance}   (idempotent per txHash)
 *   GET  /_twin/clock                                        → {now}
 *   POST /_twin/clock        {advanceMs} | {setMs}           → {now}                 (forward only)
 *   POST /_twin/oracle       {coin, px}                      → {coin, oraclePx}
 *   GET  /_twin/payouts[?status=pending|paid]               → {payouts}
 *   POST /_twin/payouts/paid {id, txHash}                    → {payout}
 *   GET  /_twin/account?user=0x…                             → balances and positions (debugging)
 *   GET  /_twin/deposits[?user=0x…]                          → {credited, lost} bridge deposits by key
 */
export async function handleAdmin(
  venue: Venue,
  req: IncomingMessage,
  url: URL,
  adminKey?: string,
): Promise<unknown> {
  if (adminKey && req.headers.authorization !== `Bearer ${adminKey}`)
    throw new HttpError(401, "admin key required");
  const route = `${req.method} ${url.pathname}`;
  const body = req.method === "POST" ? ((await readJson(req)) as Record<string, unknown>) : {};
  const need = <T>(value: T | undefined | null, what: string): T => {
    if (value === undefined || value === null || value === "")
      throw new HttpError(400, `${what} is required`);
    return value;
  };
  switch (route) {
    case "POST /_twin/credit": {
      const user = String(need(body.user, "user"));
      if (!/^0x[0-9a-fA-F]{40}$/.test(user)) throw new HttpError(400, "user must be an address");
      const usd = need(body.usd as string | number | undefined, "usd");
      try {
        return await venue.credit(user, usd, String(need(body.txHash, "txHash")));
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
    }
    case "GET /_twin/clock":
      return { now: venue.clock.now() };
    case "POST /_twin/clock": {
      const now = venue.clock.now();
      const advance =
        body.setMs !== undefined
          ? Number(body.setMs) - now
          : Number(need(body.advanceMs, "advanceMs or setMs"));
      if (!(advance >= 0)) throw new HttpError(400, "the venue clock only moves forward");
      return { now: venue.advanceClock(advance) };
    }
    case "POST /_twin/oracle": {
      try {
        venue.setOraclePrice(String(need(body.coin, "coin")), Number(need(body.px, "px")));
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
      return { coin: body.coin, now: venue.clock.now() };
    }
    case "GET /_twin/payouts": {
      const status = url.searchParams.get("status");
      return { payouts: venue.state.payouts.filter((p) => !status || p.status === status) };
    }
    case "POST /_twin/payouts/paid": {
      const txHash = String(need(body.txHash, "txHash"));
      if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) throw new HttpError(400, "txHash must be a 32-byte hex hash");
      const payout = venue.markPaid(Number(need(body.id, "id")), txHash);
      if (!payout) throw new HttpError(404, "no such payout");
      await venue.store.flush();
      return { payout };
    }
    case "GET /_twin/deposits": {
      const user = url.searchParams.get("user")?.toLowerCase();
      const mine = <T extends { user: string; micro: number }>(records: Record<string, T>) =>
        Object.fromEntries(
          Object.entries(records)
            .filter(([, r]) => !user || r.user === user)
            .map(([key, r]) => [key, { ...r, usd: formatUsd(r.micro) }]),
        );
      return { credited: mine(venue.state.credits), lost: mine(venue.state.lostDeposits) };
    }
    case "GET /_twin/account": {
      const user = String(need(url.searchParams.get("user"), "user")).toLowerCase();
      const s = summarize(venue.core, user);
      const account = venue.state.accounts[user];
      return {
        user,
        funded: account?.funded ?? false,
        balance: formatUsd(account?.balance ?? 0),
        accountValue: formatUsd(Math.round(s.accountValue)),
        withdrawable: formatUsd(Math.round(s.withdrawable)),
        abstraction: account?.abstraction ?? "default",
        positions: s.positions.map((p) => ({
          coin: p.m.coin,
          lots: p.lots,
          entryNtl: p.entryNtl,
          mark: p.mark,
        })),
      };
    }
    default:
      throw new HttpError(404, `no admin route ${route}`);
  }
}
