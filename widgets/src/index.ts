/** `@compass/widgets` — every widget, the CompassProvider and the themes. */

export { CompassProvider, useCompassLocale } from "./kit/CompassProvider.tsx";
export { darkTheme, lightTheme, themeVars } from "./kit/theme.ts";
export * from "./onramp.ts";
export * from "./perpetual-trading.ts";
