/**
 * `npm run serve`: only the API/app server, against chains and twins already running (how a deployment
 * runs it). E.g. a production-mode server beside the embedded default:
 *   COMPASS_ENV=production COMPASS_API_KEYS=... PORT=3100 npm run serve
 */
import { buildAll } from "./build.ts";

await buildAll({ log: (m: string) => console.log(m) });
process.env.NEXT_TELEMETRY_DISABLED = "1";
const { startServer } = await import("@compass/app/server");
const handle = await startServer({ ui: process.env.COMPASS_UI !== "0" });
console.log(`Compass API (${process.env.COMPASS_ENV ?? "staging"}) on ${handle.url}`);
const stop = () => handle.close().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
