import { shortAddress } from "../kit/format.ts";
import { useTestIds } from "../kit/test-ids.ts";
import { useOnrampContext } from "./context.ts";

/** Where the USDC goes, or that a wallet is needed first (connecting is the host app's job). */
export function OnrampDestination() {
  const { destination, destinationError } = useOnrampContext();
  const testId = useTestIds();
  if (destinationError) return null;
  return (
    <p className="cw-muted cw-hint" {...testId("destination")}>
      {destination ? (
        <>
          To{" "}
          <span className="cw-mono" title={destination}>
            {shortAddress(destination)}
          </span>{" "}
          on Ethereum
        </>
      ) : (
        "Connect a wallet to choose where your USDC goes."
      )}
    </p>
  );
}
