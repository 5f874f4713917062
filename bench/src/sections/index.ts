import type { BenchSection } from "../types.ts";
import { bundler } from "./bundler.ts";
import { coldStart } from "./cold-start.ts";
import { earn } from "./earn.ts";
import { eventIndex } from "./event-index.ts";
import { httpMounts } from "./http-mounts.ts";
import { lending } from "./lending.ts";
import { load } from "./load.ts";
import { onramp } from "./onramp.ts";
import { perpetualTrading } from "./perpetual-trading.ts";
import { requestCosts } from "./request-costs.ts";
import { rpcPerRequest } from "./rpc-per-request.ts";
import { scaleOut } from "./scale-out.ts";
import { simulation } from "./simulation.ts";
import { tokenizedAssets } from "./tokenized-assets.ts";
import { v1 } from "./v1.ts";
import { widgetWeight } from "./widget-weight.ts";

/** Every bench section, in order. Capabilities add theirs here. */
export const SECTIONS: BenchSection[] = [
  httpMounts,
  requestCosts,
  rpcPerRequest,
  simulation,
  tokenizedAssets,
  coldStart,
  onramp,
  perpetualTrading,
  widgetWeight,
  earn,
  lending,
  v1,
  eventIndex,
  bundler,
  load,
  scaleOut,
];
