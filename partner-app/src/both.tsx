/** The partner's app with both widgets on one page. */
import { CompassProvider } from "@compass/widgets";
import { PartnerOnrampCheckout } from "@compass/widgets/onramp";
import { PerpetualTradingWidget } from "@compass/widgets/perpetual-trading";
import { mount } from "./shell.tsx";

mount(
  <>
    <PartnerOnrampCheckout defaultAmount="80" testId="partner-onramp" />
    <PerpetualTradingWidget testId="partner-perps" />
  </>,
  CompassProvider,
);
