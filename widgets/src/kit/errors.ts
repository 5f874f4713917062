import { CompassError } from "@compass/sdk";

/** Kinds every widget uses alike; each widget adds its own (all snake_case). */
export type CommonErrorKind =
  /** the API could not be reached, or did not answer in time */
  | "network"
  /** the API refused the publishable key (or this page's origin for it) */
  | "unauthorized"
  /** anything the widget has no better word for */
  | "internal";

/** Why a widget stopped, typed so hosts can branch without reading messages. */
export interface WidgetErrorInfo<Kind extends string = string> {
  kind: Kind;
  /** one sentence for the person, with what to do about it */
  message: string;
  /** the person can fix it from the widget (retry, another amount, start over, sign again) */
  recoverable: boolean;
  /** HTTP status of the API's answer, 0 when none arrived */
  httpStatus: number;
  /** the original error, for logs */
  cause?: unknown;
}

/** The HTTP status an SDK error carries (0: no answer, or not an API failure). */
export const httpStatusOf = (error: unknown): number => (error instanceof CompassError ? error.status : 0);

/** The shared reading of an API failure: unreachable, or a refused key; undefined for the widget to decide. */
export function commonErrorKind(error: unknown): Exclude<CommonErrorKind, "internal"> | undefined {
  if (!(error instanceof CompassError)) return undefined;
  if (error.kind === "network" || error.kind === "timeout") return "network";
  if (error.status === 401 || error.status === 403) return "unauthorized";
  return undefined;
}
