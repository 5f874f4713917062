import type { Preview } from "@storybook/react-vite";

const preview: Preview = {
  // a docs page for every story file (@storybook/addon-docs)
  tags: ["autodocs"],
  parameters: {
    layout: "padded",
    controls: { expanded: true },
    // axe runs after every story (@storybook/addon-a11y); a violation fails the story's test
    a11y: { test: "error" },
  },
};

export default preview;
