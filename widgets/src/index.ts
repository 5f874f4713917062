export * from "./perpetual-trading.ts";
export { darkTheme, lightTheme, type Theme, type ThemeOverrides, themeVars } from "./theme/theme.ts";
