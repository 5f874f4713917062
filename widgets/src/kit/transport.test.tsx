import { onrampStatus, type Transport } from "@compass/sdk";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, test, vi } from "vitest";
import { CompassProvider } from "./CompassProvider.tsx";
import { type CompassApiOptions, createWidgetTransport, useWidgetTransport } from "./transport.ts";

/** A fetch that records where each call went and with which key, answering a delivered payment. */
function recorder() {
  const calls: { url: string; key: string | null }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), key: new Headers(init?.headers).get("x-api-key") });
    return Response.json({ payment_id: "cos_1", status: "pending" });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("createWidgetTransport", () => {
  test("default: calls the page's own origin, with no key", async () => {
    vi.stubGlobal("location", { origin: "https://shop.example" });
    vi.stubEnv("COMPASS_API_KEY_AUTH", "sk_must_not_leak");
    const { calls, fetch } = recorder();
    await onrampStatus(createWidgetTransport({ fetch }), { payment_id: "cos_1" });
    expect(calls).toEqual([{ url: "https://shop.example/v2/onramp/status?payment_id=cos_1", key: null }]);
  });

  test("parameters: apiBaseUrl and publishableKey", async () => {
    const { calls, fetch } = recorder();
    await onrampStatus(
      createWidgetTransport({ apiBaseUrl: "https://api.example/", publishableKey: "pk_1", fetch }),
      { payment_id: "cos_1" },
    );
    expect(calls).toEqual([{ url: "https://api.example/v2/onramp/status?payment_id=cos_1", key: "pk_1" }]);
  });
});

describe("useWidgetTransport", () => {
  const render = (own: CompassApiOptions, shared?: CompassApiOptions) => {
    let transport: Transport | undefined;
    function Probe() {
      transport = useWidgetTransport(own);
      return null;
    }
    renderToString(
      shared ? (
        <CompassProvider {...shared}>
          <Probe />
        </CompassProvider>
      ) : (
        <Probe />
      ),
    );
    return transport!;
  };

  test("default: without a provider, on the server, nothing is resolved and nothing is called", () => {
    expect(render({}).serverURL).toBe("");
  });

  test("behavior: the provider's settings apply, and a widget's own props win", async () => {
    const shared = recorder();
    const own = recorder();
    const provider = {
      apiBaseUrl: "https://shared.example",
      publishableKey: "pk_shared",
      fetch: shared.fetch,
    };
    await onrampStatus(render({}, provider), { payment_id: "cos_1" });
    await onrampStatus(render({ apiBaseUrl: "https://own.example", fetch: own.fetch }, provider), {
      payment_id: "cos_1",
    });
    expect(shared.calls).toEqual([
      { url: "https://shared.example/v2/onramp/status?payment_id=cos_1", key: "pk_shared" },
    ]);
    expect(own.calls).toEqual([
      { url: "https://own.example/v2/onramp/status?payment_id=cos_1", key: "pk_shared" },
    ]);
  });
});
