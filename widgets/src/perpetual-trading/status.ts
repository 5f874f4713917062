import type { CommonErrorKind, WidgetErrorInfo } from "../kit/errors.ts";
import type { WidgetLifecycle } from "../kit/lifecycle.ts";

/** What the widget reports to the host through `onStatus`: one discriminated union for every flow. */
export type PerpetualTradingAction = "deposit" | "withdraw" | "order" | "close" | "cancel";

/** The kinds every widget shares (`network`, `unauthorized`, `internal`), and the trading widget's own. */
export type PerpetualTradingErrorKind =
  | CommonErrorKind
  /** the person declined in their wallet */
  | "rejected"
  /** the wallet refuses typed data whose domain chain differs from the connected chain */
  | "chain_mismatch"
  /** the wallet signed with another account than the connected one */
  | "wrong_signer"
  /** the venue refused the action (its reason is in `message`) */
  | "venue"
  /** the API refused the input (a 422 naming the field) */
  | "validation";

export type PerpetualTradingErrorInfo = WidgetErrorInfo<PerpetualTradingErrorKind>;

/** `init`, the steps of a flow (each naming its action), then `success` or `error`. */
export type PerpetualTradingLifecycle = WidgetLifecycle<
  | { status: "preparing"; action: PerpetualTradingAction; label: string }
  | { status: "signing"; action: PerpetualTradingAction; label: string; step: number; steps: number }
  | { status: "submitting"; action: PerpetualTradingAction; label: string }
  /** on chain or at the venue, after submission: a deposit being credited, a payout being sent */
  | { status: "confirming"; action: PerpetualTradingAction; label: string; txHash?: string },
  PerpetualTradingSuccess,
  { action: PerpetualTradingAction; error: PerpetualTradingErrorInfo }
>;

/** What `onSuccess` receives: the flow that ended, in words, with its transaction or order when there is one. */
export interface PerpetualTradingSuccess {
  action: PerpetualTradingAction;
  message: string;
  txHash?: string;
  orderId?: number;
}
