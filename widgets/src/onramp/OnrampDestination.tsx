import { shortAddress } from "../kit/format.ts";
import { rich } from "../kit/rich.tsx";
import { useTestIds } from "../kit/test-ids.ts";
import { useOnrampContext } from "./context.ts";
import { useOnrampI18n } from "./messages.ts";

/** Where the USDC goes, or that a wallet is needed first (connecting is the host app's job). */
export function OnrampDestination() {
  const { destination, destinationError } = useOnrampContext();
  const { t } = useOnrampI18n();
  const testId = useTestIds();
  if (destinationError) return null;
  return (
    <p className="cw-muted cw-hint" {...testId("destination")}>
      {destination
        ? rich(t("dest.to"), {
            address: (
              <bdi className="cw-mono" dir="ltr" title={destination}>
                {shortAddress(destination)}
              </bdi>
            ),
          })
        : t("dest.connect")}
    </p>
  );
}
