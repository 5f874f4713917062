import type { CancelStatus } from "../engine/cancel.ts";
import type { PlaceStatus } from "../engine/placement.ts";

/**
 * The venue's /exchange envelope: HTTP 200 either way, `status: "ok"` with a typed response, or
 * `status: "err"` with a message when the action as a whole is refused. Per-order and per-cancel
 * failures stay inside an "ok" response, one status per entry of the batch.
 */
export type ExchangeReply =
  | { status: "ok"; response: { type: "order"; data: { statuses: PlaceStatus[] } } }
  | { status: "ok"; response: { type: "cancel"; data: { statuses: CancelStatus[] } } }
  | { status: "ok"; response: { type: "default" } }
  | { status: "err"; response: string };

export interface ExchangeOutcome {
  reply: ExchangeReply;
  /** the action moved money: persist before acknowledging */
  durable?: boolean;
  /** a withdrawal was queued */
  payout?: boolean;
}

export const ok = (): ExchangeOutcome => ({ reply: { status: "ok", response: { type: "default" } } });
export const refuse = (message: string): ExchangeOutcome => ({ reply: { status: "err", response: message } });
export const okOrRefuse = (error: string | undefined): ExchangeOutcome =>
  error === undefined ? ok() : refuse(error);
