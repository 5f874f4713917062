import { CompassProvider, darkTheme, lightTheme, PartnerOnrampCheckout, type Theme } from "@compass/widgets";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { BUYER, fakeFetch } from "./onramp/fake-api.ts";

/** A theme's tokens, and a widget wearing it (set once on the CompassProvider, as a host would). */
function Swatches({ theme }: { theme: Theme }) {
  return (
    <div style={{ display: "grid", gap: 12 }}>
      <div style={{ display: "flex", gap: 8 }}>
        {Object.entries(theme.colors).map(([name, value]) => (
          <div
            key={name}
            title={name}
            style={{ width: 24, height: 24, borderRadius: 6, background: value, border: "1px solid #888" }}
          />
        ))}
      </div>
      <CompassProvider theme={theme} apiBaseUrl="https://compass.example" fetch={fakeFetch()}>
        <PartnerOnrampCheckout destination={BUYER} testId="theme" />
      </CompassProvider>
    </div>
  );
}

const meta: Meta<typeof Swatches> = { title: "Foundations/Theme", component: Swatches };
export default meta;
type Story = StoryObj<typeof Swatches>;

/** The theme's variables sit on the widget's root only: the host page does not see them. */
const scopedTo = async (canvasElement: HTMLElement, theme: Theme) => {
  const root = within(canvasElement).getByTestId("theme");
  await expect(getComputedStyle(root).getPropertyValue("--cw-accent").trim()).toBe(theme.colors.accent);
  await expect(getComputedStyle(document.body).getPropertyValue("--cw-accent")).toBe("");
};

export const Light: Story = {
  args: { theme: lightTheme() },
  play: ({ canvasElement, args }) => scopedTo(canvasElement, args.theme),
};

export const Dark: Story = {
  args: { theme: darkTheme() },
  play: ({ canvasElement, args }) => scopedTo(canvasElement, args.theme),
};
