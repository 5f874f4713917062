import { createHttpApp, type HttpApp } from "@compass/api";

let app: HttpApp | undefined;

/** The registry's HTTP app, mounted in Next route handlers for hosts where Next is the only server. */
export function handleApi(request: Request): Promise<Response> {
  app ??= createHttpApp();
  return app.fetch(request);
}
