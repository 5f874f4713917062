import type { IncomingMessage, ServerResponse } from "node:http";
import type { DevnetAddressBook } from "../../addressbook.ts";
import { devnetClock, StateStore } from "../kit/index.ts";
import { handleApi } from "./api.ts";
import { requireSecretKey } from "./auth.ts";
import type { TwinContext } from "./context.ts";
import { chainDeliverer, type Deliverer } from "./delivery.ts";
import { ProviderError, sendProviderJson } from "./errors.ts";
import { Idempotency } from "./idempotency.ts";
import { Lifecycle } from "./lifecycle.ts";
import { handlePage } from "./pages.ts";
import type { OnrampSettings } from "./settings.ts";
import { initialState, type OnrampState } from "./state.ts";

export interface OnrampTwinOptions {
  stateFile?: string;
  devnetDir: string;
  publicUrl: string;
  apiKey?: string;
  settings: OnrampSettings;
  book: DevnetAddressBook;
  deliverer?: Deliverer;
}

/** The on-ramp provider twin: state, persistence, the lifecycle ticker and the HTTP handler. */
export function createOnrampTwin(options: OnrampTwinOptions) {
  const restored = StateStore.load<OnrampState>(options.stateFile);
  const state: OnrampState = { ...initialState(), ...restored };
  const store = new StateStore(options.stateFile, () => state);
  const ctx: TwinContext = {
    state,
    settings: options.settings,
    now: devnetClock(options.devnetDir),
    publicUrl: options.publicUrl,
    touch: () => store.markDirty(),
    persist: () => {
      store.markDirty();
      return store.flush();
    },
  };
  const lifecycle = new Lifecycle(ctx, options.deliverer ?? chainDeliverer(options.book));
  const idempotency = new Idempotency(ctx);
  const ticker = setInterval(() => {
    lifecycle.tick().catch((error) => console.error("onramp: lifecycle pass failed", error));
  }, 1_000);
  ticker.unref();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", options.publicUrl);
    try {
      if (await handlePage(ctx, req, res, url)) return;
      if (url.pathname.startsWith("/v1/")) requireSecretKey(req, options.apiKey);
      const reply = await handleApi(ctx, idempotency, req, url);
      if (!reply)
        throw new ProviderError(
          404,
          "invalid_request_error",
          `Unrecognized request URL (${req.method}: ${url.pathname}).`,
        );
      sendProviderJson(
        res,
        reply.status,
        reply.body,
        reply.replayed ? { "idempotent-replayed": "true" } : {},
      );
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      sendProviderJson(res, error.status, error.toJSON());
    }
  }

  return {
    handle,
    ctx,
    async close() {
      clearInterval(ticker);
      await lifecycle.tick().catch(() => undefined);
      await store.close();
    },
  };
}
