/** What the widget reports to the host through `onStatus`: one discriminated union for every flow. */
export type PerpetualTradingAction = "deposit" | "withdraw" | "order" | "close" | "cancel";

export type PerpetualTradingErrorKind =
  /** the person declined in their wallet */
  | "rejected"
  /** the wallet refuses typed data whose domain chain differs from the connected chain */
  | "chain-mismatch"
  /** the wallet signed with another account than the connected one */
  | "wrong-signer"
  /** the venue refused the action (its reason is in `message`) */
  | "venue"
  /** the API refused the input (a 422 naming the field) */
  | "validation"
  /** the API or the venue could not be reached */
  | "network"
  | "unknown";

export interface PerpetualTradingError {
  kind: PerpetualTradingErrorKind;
  message: string;
  cause?: unknown;
}

export type PerpetualTradingStatus =
  | { status: "idle" }
  | { status: "preparing"; action: PerpetualTradingAction; label: string }
  | { status: "signing"; action: PerpetualTradingAction; label: string; step: number; steps: number }
  | { status: "submitting"; action: PerpetualTradingAction; label: string }
  /** on chain or at the venue, after submission: a deposit being credited, a payout being sent */
  | { status: "confirming"; action: PerpetualTradingAction; label: string; txHash?: string }
  | { status: "success"; action: PerpetualTradingAction; message: string; txHash?: string; orderId?: number }
  | { status: "error"; action: PerpetualTradingAction; error: PerpetualTradingError };

export type StatusListener = (status: PerpetualTradingStatus) => void;
