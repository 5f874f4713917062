import type { CSSProperties, ReactNode } from "react";
import { BASE_CSS } from "./base-css.ts";
import { useCompassConfig } from "./CompassProvider.tsx";
import { warnThemeContrast } from "./contrast.ts";
import { type Catalog, I18nContext, type Messages, useCatalog } from "./i18n.ts";
import { TestIdsContext, testIds } from "./test-ids.ts";
import { lightTheme, type Theme, themeVars } from "./theme.ts";

export interface WidgetRootProps {
  /** widget kind, scopes its styles: `[data-compass-widget="onramp"]` */
  name: string;
  /** the widget's own theme; else the CompassProvider's; else `lightTheme()` */
  theme?: Theme;
  /** widget-specific CSS (already scoped by its author) */
  css?: string;
  /** prefix of the `data-testid` of the root and of every part inside it */
  testId?: string;
  className?: string;
  /** the widget's messages (English inline, other locales loaded on demand) */
  catalog: Catalog<Messages>;
  /** the widget's own locale; else the CompassProvider's; else English */
  locale?: string;
  /** key in the catalog of the widget's accessible name */
  label: string;
  children: ReactNode;
}

/**
 * Root of every widget: theme variables on this element only, and styles hoisted once per page through
 * React 19's `<style href precedence>` (deduplicated, works in SSR, needs no CSS loader in the host).
 */
export function WidgetRoot({
  name,
  theme,
  css,
  testId,
  className,
  catalog,
  locale,
  label,
  children,
}: WidgetRootProps) {
  const shared = useCompassConfig();
  const resolved = theme ?? shared.theme ?? lightTheme();
  const i18n = useCatalog(catalog, locale ?? shared.locale);
  // development only: bundlers replace `process.env.NODE_ENV` (as for @tanstack/react-query, a peer, which reads it
  // the same way), so a production build drops the check and its code
  // biome-ignore lint/suspicious/noTsIgnore: the package builds without Node's types; bundlers define this
  // @ts-ignore
  if (process.env.NODE_ENV !== "production") warnThemeContrast(resolved);
  return (
    <section
      data-compass-widget={name}
      data-testid={testId}
      lang={i18n.locale}
      dir={i18n.dir}
      aria-label={i18n.t(label)}
      className={className}
      style={themeVars(resolved) as CSSProperties}
    >
      <style href="compass-widgets-base" precedence="compass">
        {BASE_CSS}
      </style>
      {css ? (
        <style href={`compass-widgets-${name}`} precedence="compass">
          {css}
        </style>
      ) : null}
      <I18nContext.Provider value={i18n}>
        <TestIdsContext.Provider value={testIds(testId)}>{children}</TestIdsContext.Provider>
      </I18nContext.Provider>
    </section>
  );
}
