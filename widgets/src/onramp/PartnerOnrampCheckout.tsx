import { WidgetRoot } from "../kit/WidgetRoot.tsx";
import { onrampCatalog, useOnrampI18n } from "./messages.ts";
import { OnrampAmount } from "./OnrampAmount.tsx";
import { OnrampBuyButton } from "./OnrampBuyButton.tsx";
import { OnrampCheckoutProvider } from "./OnrampCheckoutProvider.tsx";
import { OnrampDestination } from "./OnrampDestination.tsx";
import { OnrampError } from "./OnrampError.tsx";
import { OnrampPayment } from "./OnrampPayment.tsx";
import { OnrampQuoteDetails } from "./OnrampQuoteDetails.tsx";
import { OnrampStatusLive } from "./OnrampStatusLive.tsx";
import { OnrampSuccess } from "./OnrampSuccess.tsx";
import { ONRAMP_CSS } from "./styles.ts";
import type { PartnerOnrampCheckoutProps } from "./types.ts";

/**
 * Buy USDC on Ethereum by card, delivered to the person's own wallet. Amount → live quote with fees →
 * the provider's hosted card step → delivery, reported through `onStatus`. Pass children to lay out the
 * Onramp* parts yourself.
 */
export function PartnerOnrampCheckout({
  theme,
  locale,
  presets,
  className,
  testId = "onramp",
  children,
  ...props
}: PartnerOnrampCheckoutProps) {
  return (
    <WidgetRoot
      name="onramp"
      theme={theme}
      css={ONRAMP_CSS}
      testId={testId}
      className={className}
      catalog={onrampCatalog}
      locale={locale}
      label="label"
    >
      <OnrampCheckoutProvider {...props}>
        {children ?? (
          <div className="cw-stack">
            <OnrampTitle />
            <OnrampDestination />
            <OnrampAmount presets={presets} />
            <OnrampQuoteDetails />
            <OnrampBuyButton />
            <OnrampPayment />
            <OnrampSuccess />
            <OnrampError />
            <OnrampStatusLive />
          </div>
        )}
      </OnrampCheckoutProvider>
    </WidgetRoot>
  );
}

function OnrampTitle() {
  return <h2>{useOnrampI18n().t("label")}</h2>;
}
