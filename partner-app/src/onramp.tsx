/** The partner's app with the on-ramp only, imported from its own entry as the README advises. */
import { CompassProvider } from "@compass/widgets";
import { PartnerOnrampCheckout } from "@compass/widgets/onramp";
import { mount } from "./shell.tsx";

mount(<PartnerOnrampCheckout defaultAmount="80" testId="partner-onramp" />, CompassProvider);
