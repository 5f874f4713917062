import { fileURLToPath } from "node:url";
import type { StorybookConfig } from "@storybook/react-vite";

const src = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));

const config: StorybookConfig = {
  stories: ["../src/**/*.stories.@(ts|tsx)"],
  addons: ["@storybook/addon-vitest"],
  framework: { name: "@storybook/react-vite", options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
  viteFinal: async (config) => {
    config.resolve ??= {};
    // Stories render the widgets' sources, so every state is visible without a package build.
    config.resolve.alias = {
      ...(config.resolve.alias as object),
      "@compass/widgets": src("widgets/src/index.ts"),
      "@compass/sdk": src("sdk/src/index.ts"),
    };
    return config;
  },
};

export default config;
