import type { Preview } from "@storybook/react-vite";
import { configure } from "storybook/test";

// `findBy…` and `waitFor` in the play functions wait up to 5 s (testing-library's default is 1 s): the story tests run
// beside the suite's other lane, and a story whose data arrives a moment late is not a failed story
configure({ asyncUtilTimeout: 5_000 });

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
