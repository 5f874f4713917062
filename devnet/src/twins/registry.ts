import { irisTwin } from "./circle-iris/spec.ts";
import { equityRelayTwin } from "./fusion-relay/spec.ts";
import { venueTwin } from "./hyperliquid/spec.ts";
import { ixsTwin } from "./ixs-vault-manager/spec.ts";
import { issuersTwin } from "./midas-centrifuge/spec.ts";
import { issuerTwin } from "./mmf-issuer/spec.ts";
import { aggregatorTwin, odosTwin } from "./oneinch-swap/spec.ts";
import { bundlerTwin } from "./pimlico-alto/spec.ts";
import { onrampTwin } from "./stripe-onramp/spec.ts";
import type { TwinSpec } from "./types.ts";

/**
 * The twins `startDevnet` runs by default. Each twin's spec lives next to its main module in the folder named
 * after the system it stands for (`<system>/spec.ts`, typed with TwinSpec from types.ts), with a fixed port offset
 * (onramp 10, venue 11, issuer 12, aggregator 13, odos 14, bundler 15 and its Alto processes 16–18, iris 19,
 * equity_relay 20, issuers 21, ixs 22); a new twin appends its spec here with offset 23 (see kit/README.md, which
 * lists every twin's folder).
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
