/** The twin kit: what every twin process is built from (see README.md). */
export { type Acting, type Controls, controlRoutes, passes, serveAbsent, serveActing } from "./acting.ts";
export { type RoleOnChain, roleOnChain } from "./chain.ts";
export { devnetClock } from "./clock.ts";
export { readAddressBook, readTwinConfig, type TwinConfig } from "./config.ts";
export {
  DEFAULT_BODY_LIMIT,
  HttpError,
  type ReplyOptions,
  readBody,
  readJsonBody,
  sendJson,
  sendText,
} from "./http.ts";
export { announceReady, exitWith } from "./process.ts";
export { type ServeOptions, serveTwin } from "./serve.ts";
export { type ListenOptions, listen, type TwinHandler, type TwinServer } from "./server.ts";
export { loadState, StateStore, saveState } from "./state.ts";
