import { createHash } from "node:crypto";
import { ApiError } from "../kernel/errors.ts";
import type { SharedStore } from "../kernel/store/store.ts";

const LOCK_MS = 60_000;
const KEEP_MS = 24 * 3600_000;

interface Stored {
  fp: string;
  status: number;
  body: string;
}

export type Replay = { replay: Stored } | { scope: string; fp: string };

/**
 * `Idempotency-Key` on POSTs (IETF httpapi draft semantics): the first request runs and its final answer
 * is kept for 24 h; a retry with the same key and body gets that answer again (`idempotent-replayed: true`);
 * a concurrent retry is 409; the same key with a different body is 422. Server errors are not kept, so a
 * retry after a 5xx runs again. Scoped per caller and operation.
 */
export async function beginIdempotent(
  store: SharedStore,
  callerId: string,
  operationId: string,
  key: string,
  rawBody: string,
): Promise<Replay> {
  if (key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiError(422, "Idempotency-Key must be 1–255 printable ASCII characters", {
      issues: [
        {
          loc: ["header", "idempotency-key"],
          msg: "Idempotency-Key must be 1–255 printable ASCII characters",
          type: "value_error",
        },
      ],
    });
  }
  const scope = `idem:${callerId}:${operationId}:${sha(key)}`;
  const fp = sha(rawBody);
  let state: Awaited<ReturnType<SharedStore["claim"]>>;
  try {
    state = await store.claim(scope, LOCK_MS);
  } catch {
    throw new ApiError(503, "Idempotency store unavailable; retry shortly (the request was not executed)");
  }
  if (state.state === "in-flight")
    throw new ApiError(409, "A request with this Idempotency-Key is still in progress");
  if (state.state === "done") {
    const stored = JSON.parse(state.value) as Stored;
    if (stored.fp !== fp)
      throw new ApiError(422, "This Idempotency-Key was already used with a different request body");
    return { replay: stored };
  }
  return { scope, fp };
}

export async function finishIdempotent(
  store: SharedStore,
  scope: string,
  fp: string,
  status: number,
  body: string,
): Promise<void> {
  if (status >= 500) await store.release(scope).catch(() => {});
  else
    await store
      .complete(scope, JSON.stringify({ fp, status, body } satisfies Stored), KEEP_MS)
      .catch(() => {});
}

function sha(s: string): string {
  return createHash("sha256").update(s).digest("hex");
}
