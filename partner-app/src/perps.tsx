/** The partner's app with the perpetuals widget only. */
import { CompassProvider } from "@compass/widgets";
import { PerpetualTradingWidget } from "@compass/widgets/perpetual-trading";
import { mount } from "./shell.tsx";

mount(<PerpetualTradingWidget testId="partner-perps" />, CompassProvider);
