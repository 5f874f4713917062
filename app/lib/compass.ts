import { createHttpApp, type HttpApp } from "@compass/api";
import { appConfig, appRoot } from "./config.ts";
import { sponsorRoutes } from "./sponsor.ts";

/**
 * The app's composition root: one configuration (config.ts), one set of services, one HTTP app — shared
 * by the route handlers, the shipped server (server.ts), the MCP endpoint and the sponsor route.
 */
export function compass(): HttpApp {
  const root = appRoot();
  root.http ??= createHttpApp({ config: root.config, routes: sponsorRoutes(root.config) });
  return root.http as HttpApp;
}

/** A Next route handler serving whatever the HTTP app serves. */
export function handleApi(request: Request): Promise<Response> {
  return compass().fetch(request);
}

/** Whether this deployment relays deposits from a sponsor wallet (the page says so). */
export function hasSponsor(): boolean {
  return sponsorRoutes(appConfig()).length > 0;
}
