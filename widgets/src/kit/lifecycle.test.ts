import { describe, expect, test, vi } from "vitest";
import type { WidgetErrorInfo } from "./errors.ts";
import { type LifecycleCallbacks, notifyLifecycle, type WidgetLifecycle } from "./lifecycle.ts";

type Lifecycle = WidgetLifecycle<
  { status: "working"; step: number },
  { id: string },
  { error: WidgetErrorInfo<"network">; id: string | null }
>;

const spies = () =>
  ({ onStatus: vi.fn(), onSuccess: vi.fn(), onError: vi.fn() }) satisfies LifecycleCallbacks<Lifecycle>;

describe("notifyLifecycle", () => {
  test("default: every event goes to onStatus, and only there while in flight", () => {
    const cb = spies();
    notifyLifecycle<Lifecycle>({ status: "init" }, cb);
    notifyLifecycle<Lifecycle>({ status: "working", step: 1 }, cb);
    expect(cb.onStatus.mock.calls).toEqual([[{ status: "init" }], [{ status: "working", step: 1 }]]);
    expect(cb.onSuccess).not.toHaveBeenCalled();
    expect(cb.onError).not.toHaveBeenCalled();
  });

  test("behavior: success hands onSuccess the event without its status", () => {
    const cb = spies();
    notifyLifecycle<Lifecycle>({ status: "success", id: "x" }, cb);
    expect(cb.onSuccess).toHaveBeenCalledWith({ id: "x" });
    expect(cb.onError).not.toHaveBeenCalled();
  });

  test("behavior: error hands onError the error, then the whole event", () => {
    const cb = spies();
    const error = { kind: "network" as const, message: "offline", recoverable: true, httpStatus: 0 };
    notifyLifecycle<Lifecycle>({ status: "error", error, id: null }, cb);
    expect(cb.onError).toHaveBeenCalledWith(error, { status: "error", error, id: null });
    expect(cb.onSuccess).not.toHaveBeenCalled();
  });

  test("parameters: no callbacks at all is fine", () => {
    expect(() => notifyLifecycle<Lifecycle>({ status: "success", id: "x" }, {})).not.toThrow();
  });
});
