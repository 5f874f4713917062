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
    // Pre-bundled up front: a dependency discovered mid-run makes Vite reload and fails every story of a file.
    config.optimizeDeps = {
      ...config.optimizeDeps,
      include: [
        ...(config.optimizeDeps?.include ?? []),
        "@tanstack/react-query",
        "viem",
        "viem/accounts",
        "viem/chains",
        "wagmi",
        "wagmi/actions",
        "wagmi/chains",
      ],
    };
    return config;
  },
};

export default config;
