import { fileURLToPath } from "node:url";
import type { StorybookConfig } from "@storybook/react-vite";

const src = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));

const config: StorybookConfig = {
  stories: ["../src/**/*.stories.@(ts|tsx)"],
  // docs: a page per component from its stories (autodocs, see preview.tsx); a11y: axe on every story, in the
  // Storybook UI and in the story tests (preview.tsx says whether a violation fails one)
  addons: ["@storybook/addon-vitest", "@storybook/addon-docs", "@storybook/addon-a11y"],
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
    // The widgets' files say "use client" for React Server Components hosts; a bundle of the whole preview need not
    // repeat, per file, that it cannot keep the directive.
    config.build ??= {};
    const rolldown = config.build.rolldownOptions ?? {};
    const { onwarn } = rolldown;
    config.build.rolldownOptions = {
      ...rolldown,
      onwarn(warning, warn) {
        if (warning.code === "MODULE_LEVEL_DIRECTIVE" && warning.message.includes('"use client"')) return;
        if (onwarn) onwarn(warning, warn);
        else warn(warning);
      },
    };
    return config;
  },
};

export default config;
