import { useEffect, useRef } from "react";
import { lifecycleOf, type OnrampState } from "./machine.ts";
import type { OnrampLifecycle, OnrampSuccessResult } from "./types.ts";

/** Reports each change of the lifecycle to the host once (never during render, so SSR stays pure). */
export function useLifecycle(
  state: OnrampState,
  onStatus?: (event: OnrampLifecycle) => void,
  onSuccess?: (result: OnrampSuccessResult) => void,
) {
  const last = useRef<string>("");
  const callbacks = useRef({ onStatus, onSuccess });
  useEffect(() => {
    callbacks.current = { onStatus, onSuccess };
  });
  const event = lifecycleOf(state);
  const key = JSON.stringify(event);
  useEffect(() => {
    if (key === last.current) return;
    last.current = key;
    const e = JSON.parse(key) as OnrampLifecycle;
    callbacks.current.onStatus?.(e);
    if (e.status === "success") {
      const { status: _, ...result } = e;
      callbacks.current.onSuccess?.(result);
    }
  }, [key]);
}
