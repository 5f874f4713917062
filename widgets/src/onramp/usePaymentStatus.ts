import { CompassError } from "@compass/sdk";
import { type Dispatch, useEffect } from "react";
import type { OnrampApi } from "./api.ts";
import { toOnrampError } from "./errors.ts";
import type { OnrampAction, OnrampState } from "./machine.ts";

/**
 * While a payment is pending or processing, its status is read every `intervalMs` (and at once when the page
 * becomes visible again). A failed read is not a failed payment: it is said, and retried.
 */
export function usePaymentStatus(
  state: OnrampState,
  dispatch: Dispatch<OnrampAction>,
  api: OnrampApi,
  intervalMs: number,
) {
  const id = state.payment?.id;
  const live = state.phase === "pending" || state.phase === "processing";

  useEffect(() => {
    if (!id || !live) return;
    let stopped = false;
    let busy = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const read = async () => {
      if (busy) return;
      busy = true;
      clearTimeout(timer);
      try {
        const status = await api.status(id, { signal: controller.signal, retries: 0 });
        if (stopped) return;
        dispatch({ type: "notice", notice: null });
        dispatch({ type: "status", status });
      } catch (e) {
        if (stopped) return;
        if (e instanceof CompassError && e.status === 404)
          return dispatch({ type: "failed", error: toOnrampError(e) });
        dispatch({ type: "notice", notice: "reconnecting" });
      } finally {
        busy = false;
      }
      if (!stopped) timer = setTimeout(read, intervalMs);
    };
    const onVisible = () => document.visibilityState === "visible" && void read();
    void read();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [id, live, api, dispatch, intervalMs]);
}
