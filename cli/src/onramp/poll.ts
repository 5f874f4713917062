import { CompassError, onrampStatus, type Transport, type V2OnrampStatusResponse } from "@compass/sdk";
import { elapsed, progressLine, WAITING } from "./progress.ts";

/** The design's terminal states; `expired` is not in the API's enum but is honoured if a provider sends it. */
const TERMINAL = new Set(["delivered", "failed", "expired"]);

export interface PollOptions {
  intervalMs: number;
  maxWaitMs: number;
  sleep: (ms: number) => Promise<void>;
  stderr: (text: string) => void;
  tty: boolean;
}

/**
 * Polls the status until a terminal state or `maxWaitMs`. A failed poll (network, 502) is reported on the
 * progress line and retried at the next tick: an outage of a few seconds must not abandon a paid purchase.
 */
export async function pollUntilDone(
  transport: Transport,
  paymentId: string,
  o: PollOptions,
): Promise<{ record: V2OnrampStatusResponse | undefined; timedOut: boolean }> {
  const started = Date.now();
  const line = progressLine(o.stderr, o.tty);
  let record: V2OnrampStatusResponse | undefined;
  try {
    for (;;) {
      try {
        record = await onrampStatus(transport, { payment_id: paymentId }, { retries: 0 });
        line.update(
          record.status,
          `${WAITING[record.status] ?? record.status} (${elapsed(Date.now() - started)})`,
        );
        if (TERMINAL.has(record.status)) return { record, timedOut: false };
      } catch (error) {
        if (error instanceof CompassError && error.status > 0 && error.status < 500) throw error;
        line.update(
          record?.status ?? "pending",
          `status unavailable, retrying (${(error as Error).message})`,
        );
      }
      if (Date.now() - started + o.intervalMs > o.maxWaitMs) return { record, timedOut: true };
      await o.sleep(o.intervalMs);
    }
  } finally {
    line.done();
  }
}
