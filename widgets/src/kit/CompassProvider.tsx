import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { Theme } from "./theme.ts";

/** What every widget under a CompassProvider shares; a widget's own props override each of these. */
export interface CompassConfig {
  /** base URL of the Compass API, or of your proxy of it (default: the page's origin) */
  apiBaseUrl?: string;
  /** publishable key sent as `x-api-key`, allowed for your page's origin (never a secret key) */
  publishableKey?: string;
  /** theme of every widget (`lightTheme()` when unset) */
  theme?: Theme;
  /** custom fetch for every API call (server proxies, tests) */
  fetch?: typeof fetch;
  /**
   * BCP 47 tag of every widget's language (`"de"`, `"pt-BR"`, `"ar"`…; the closest one we speak, else English).
   * Read it in your own parts with `useCompassLocale`.
   */
  locale?: string;
}

export interface CompassProviderProps extends CompassConfig {
  children: ReactNode;
}

const CompassContext = createContext<CompassConfig>({});

/**
 * Configures every Compass widget below it once: the API, the key, the theme, the locale. Optional (widgets
 * work without it) and it owns no other provider: nest it inside your WagmiProvider and QueryClientProvider.
 */
export function CompassProvider({
  apiBaseUrl,
  publishableKey,
  theme,
  fetch,
  locale,
  children,
}: CompassProviderProps) {
  const value = useMemo(
    () => ({ apiBaseUrl, publishableKey, theme, fetch, locale }),
    [apiBaseUrl, publishableKey, theme, fetch, locale],
  );
  return <CompassContext.Provider value={value}>{children}</CompassContext.Provider>;
}

/** The nearest CompassProvider's settings (empty without one). */
export const useCompassConfig = (): CompassConfig => useContext(CompassContext);

/** The locale set on the nearest CompassProvider ("en" without one): the seam for localised parts. */
export const useCompassLocale = (): string => useCompassConfig().locale ?? "en";
