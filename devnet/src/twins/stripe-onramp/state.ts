/**
 * Everything the provider twin persists. Amounts stay in the wire's decimal strings (cents and micro-USDC
 * are recomputed where arithmetic is needed); times are unix seconds of devnet time.
 */
export type SessionStatus =
  | "initialized"
  | "requires_payment"
  | "fulfillment_processing"
  | "fulfillment_complete"
  | "rejected";

export type RejectionReason =
  | "card_declined"
  | "expired"
  | "identity_verification_failed"
  | "delivery_failed";

export interface StoredQuote {
  id: string;
  created: number;
  expiresAt: number;
  sourceCurrency: string;
  sourceAmount: string;
  destinationAmount: string;
  transactionFee: string;
  networkFee: string;
  /** session that locked this quote in */
  consumedBy?: string;
}

export interface StoredSession {
  id: string;
  clientSecret: string;
  created: number;
  status: SessionStatus;
  statusTransitions: Partial<Record<SessionStatus, number>>;
  rejectionReason?: RejectionReason;
  metadata: Record<string, string>;
  walletAddress: `0x${string}`;
  sourceCurrency: string;
  sourceAmount: string;
  destinationAmount: string;
  transactionFee: string;
  networkFee: string;
  /** the lists the session was locked to (`destination_currencies[]`, `destination_networks[]`) */
  destinationCurrencies?: string[];
  destinationNetworks?: string[];
  /** card used, once paid (last four digits only) */
  card?: { brand: string; last4: string };
  /** waiting on the identity check of the hosted page before the card is charged */
  verificationPending?: boolean;
  codeAttempts?: number;
  /** processing: when delivery is due (slow cards wait longer) */
  deliverAt?: number;
  /** the chain head noted before the first payment transfer was sent (a restart looks for it from here) */
  deliveryFromBlock?: number;
  deliveryAttempts?: number;
  lastDeliveryError?: string;
  transactionId?: `0x${string}`;
}

export interface IdempotencyRecord {
  fingerprint: string;
  created: number;
  status: number;
  body: unknown;
}

export interface OnrampState {
  version: 1;
  quotes: Record<string, StoredQuote>;
  sessions: Record<string, StoredSession>;
  idempotency: Record<string, IdempotencyRecord>;
  /** wallets whose owner passed the identity check, lower-case */
  verifiedWallets: Record<string, number>;
}

export function initialState(): OnrampState {
  return { version: 1, quotes: {}, sessions: {}, idempotency: {}, verifiedWallets: {} };
}
