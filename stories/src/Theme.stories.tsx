import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { darkTheme, lightTheme, type Theme } from "../../widgets/src/index.ts";
import { WidgetRoot } from "../../widgets/src/kit/WidgetRoot.tsx";

function Swatches({ theme }: { theme: Theme }) {
  return (
    <WidgetRoot name="theme-preview" theme={theme} label="Theme preview" testId="theme">
      <div className="cw-stack">
        <div className="cw-row">
          {Object.entries(theme.colors).map(([name, value]) => (
            <div
              key={name}
              title={name}
              style={{
                width: 24,
                height: 24,
                borderRadius: 6,
                background: value,
                border: "1px solid var(--cw-border)",
              }}
            />
          ))}
        </div>
        <label className="cw-label" htmlFor="amount">
          Amount
        </label>
        <input id="amount" className="cw-input" defaultValue="100" />
        <button type="button" className="cw-button">
          Continue
        </button>
      </div>
    </WidgetRoot>
  );
}

const meta: Meta<typeof Swatches> = { title: "Foundations/Theme", component: Swatches };
export default meta;
type Story = StoryObj<typeof Swatches>;

export const Light: Story = {
  args: { theme: lightTheme() },
  play: async ({ canvasElement }) => {
    const root = within(canvasElement).getByTestId("theme");
    await expect(getComputedStyle(root).getPropertyValue("--cw-accent").trim()).toBe(
      lightTheme().colors.accent,
    );
    // variables are scoped to the widget: the host page does not see them
    await expect(getComputedStyle(document.body).getPropertyValue("--cw-accent")).toBe("");
  },
};

export const Dark: Story = { args: { theme: darkTheme() } };
