import type { WidgetErrorInfo } from "./errors.ts";

/**
 * What a widget reports through `onStatus`, discriminated by `status`: every widget starts at `init`, goes
 * through states of its own while something is in flight, and ends in `success` or `error`.
 */
export type WidgetLifecycle<
  InFlight extends { status: string },
  Success extends object,
  Failure extends { error: WidgetErrorInfo },
> = { status: "init" } | InFlight | ({ status: "success" } & Success) | ({ status: "error" } & Failure);

type AnyLifecycle = { status: string };
type SuccessEvent<L> = Extract<L, { status: "success" }>;
type ErrorEvent<L> = Extract<L, { status: "error" }>;

/** The same three callbacks on every widget. */
export interface LifecycleCallbacks<L extends AnyLifecycle> {
  /** every change of status, starting with `init` once the widget has mounted */
  onStatus?: (event: L) => void;
  /** each `success`, with the event's fields (`status` left out) */
  onSuccess?: (result: Omit<SuccessEvent<L>, "status">) => void;
  /** each `error`: its `{kind, message, …}`, and the whole event */
  onError?: (error: ErrorEvent<L> extends { error: infer E } ? E : never, event: ErrorEvent<L>) => void;
}

/** Hands one event to the host's callbacks (never during render: callers report from effects or flows). */
export function notifyLifecycle<L extends AnyLifecycle>(event: L, callbacks: LifecycleCallbacks<L>): void {
  callbacks.onStatus?.(event);
  if (event.status === "success") {
    const { status: _, ...result } = event as SuccessEvent<L>;
    callbacks.onSuccess?.(result as Omit<SuccessEvent<L>, "status">);
  } else if (event.status === "error") {
    const failed = event as ErrorEvent<L> & { error: never };
    callbacks.onError?.(failed.error, failed);
  }
}
