/**
 * The kit's types, and the locale helpers, re-exported by each entry (its other values, CompassProvider and the
 * themes, by the root entry).
 */

export type { CompassConfig, CompassProviderProps } from "./CompassProvider.tsx";
export type { CommonErrorKind, WidgetErrorInfo } from "./errors.ts";
export { LOCALES, type Locale, preloadCompassLocale, resolveLocale } from "./i18n.ts";
export type { LifecycleCallbacks, WidgetLifecycle } from "./lifecycle.ts";
export type { Theme, ThemeOverrides } from "./theme.ts";
export type { CompassApiOptions } from "./transport.ts";
