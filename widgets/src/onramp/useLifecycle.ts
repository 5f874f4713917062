import { useEffect, useRef } from "react";
import { type LifecycleCallbacks, notifyLifecycle } from "../kit/lifecycle.ts";
import { lifecycleOf, type OnrampState } from "./machine.ts";
import type { OnrampLifecycle } from "./types.ts";

/** Reports each change of the lifecycle to the host once (never during render, so SSR stays pure). */
export function useLifecycle(state: OnrampState, callbacks: LifecycleCallbacks<OnrampLifecycle>) {
  const last = useRef<string>("");
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });
  const key = JSON.stringify(lifecycleOf(state));
  useEffect(() => {
    if (key === last.current) return;
    last.current = key;
    notifyLifecycle(JSON.parse(key) as OnrampLifecycle, latest.current);
  }, [key]);
}
