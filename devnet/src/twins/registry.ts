import { aggregatorTwin, odosTwin } from "./aggregator/spec.ts";
import { bundlerTwin } from "./bundler/spec.ts";
import { equityRelayTwin } from "./equity-relay/spec.ts";
import { irisTwin } from "./iris/spec.ts";
import { issuerTwin } from "./issuer/spec.ts";
import { issuersTwin } from "./issuers/spec.ts";
import { ixsTwin } from "./ixs/spec.ts";
import { onrampTwin } from "./onramp/spec.ts";
import type { TwinSpec } from "./types.ts";
import { venueTwin } from "./venue-bridge/spec.ts";

/**
 * The twins `startDevnet` runs by default. Each twin's spec lives next to its main module
 * (`<twin>/spec.ts`, typed with TwinSpec from types.ts) with a fixed port offset (onramp 10, venue 11,
 * issuer 12, aggregator 13, odos 14, bundler 15 and its Alto processes 16–18, iris 19, equity_relay 20, issuers 21,
 * ixs 22); a new twin appends its spec here
 * (see kit/README.md).
 */
export const TWINS: TwinSpec[] = [
  onrampTwin,
  venueTwin,
  issuerTwin,
  aggregatorTwin,
  odosTwin,
  bundlerTwin,
  ixsTwin,
  irisTwin,
  equityRelayTwin,
  issuersTwin,
];
