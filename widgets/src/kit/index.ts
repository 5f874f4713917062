/** The kit's types, re-exported by each entry (its values, CompassProvider and the themes, by the root entry). */

export type { CompassConfig, CompassProviderProps } from "./CompassProvider.tsx";
export type { CommonErrorKind, WidgetErrorInfo } from "./errors.ts";
export type { LifecycleCallbacks, WidgetLifecycle } from "./lifecycle.ts";
export type { Theme, ThemeOverrides } from "./theme.ts";
export type { CompassApiOptions } from "./transport.ts";
