import { CompassProvider, darkTheme, PartnerOnrampCheckout } from "@compass/widgets";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { BUYER, fakeFetch, ok, quoteFor, statusOf, TX, unavailable } from "./onramp/fake-api.ts";
import { StoryProviders } from "./onramp/wagmi.tsx";

/** One story per lifecycle state; each play function checks what the person sees and what `onStatus` got. */
const meta: Meta<typeof PartnerOnrampCheckout> = {
  title: "Widgets/PartnerOnrampCheckout",
  component: PartnerOnrampCheckout,
  decorators: [(Story) => <StoryProviders>{Story()}</StoryProviders>],
  args: {
    destination: BUYER,
    onStatus: fn(),
    onSuccess: fn(),
    onError: fn(),
    apiBaseUrl: "https://compass.example",
    pollIntervalMs: 200,
  },
};
export default meta;
type Story = StoryObj<typeof PartnerOnrampCheckout>;

const lastStatus = (args: any) => (args.onStatus as ReturnType<typeof fn>).mock.lastCall?.[0];
/** Presses Buy in a browser that blocks the payment window (the widget must then offer a link). */
async function buyWithPopupBlocked(canvasElement: HTMLElement) {
  const open = window.open;
  window.open = () => null;
  try {
    await userEvent.click(within(canvasElement).getByTestId("onramp-buy"));
  } finally {
    window.open = open;
  }
}
const waitForStatus = (args: any, status: string) =>
  waitFor(() => expect(lastStatus(args)?.status).toBe(status), { timeout: 5000 });

export const Idle: Story = {
  args: { defaultAmount: "", fetch: fakeFetch() },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId("onramp-buy")).toBeDisabled();
    await expect(c.getByTestId("onramp-buy")).toHaveTextContent("Enter an amount");
    await waitForStatus(args, "init");
  },
};

export const Quoting: Story = {
  args: { fetch: fakeFetch({ quote: () => "hang" }) },
  play: async ({ canvasElement, args }) => {
    await waitForStatus(args, "quoting");
    await expect(within(canvasElement).getByTestId("onramp-quoting")).toHaveTextContent("Getting a quote");
  },
};

export const Ready: Story = {
  args: { fetch: fakeFetch() },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await waitForStatus(args, "ready");
    await expect(c.getByTestId("onramp-output")).toHaveTextContent("100 USDC");
    // fiat amounts through Intl in the widget's locale ("$2.50" in English, "2,50 $" in German)
    await expect(c.getByTestId("onramp-provider-fee")).toHaveTextContent("$2.50");
    await expect(c.getByTestId("onramp-network-fee")).toHaveTextContent("$0.34");
    await expect(c.getByTestId("onramp-total")).toHaveTextContent("$102.84");
    await expect(c.getByTestId("onramp-limits")).toHaveTextContent("From $10.00 to $10,000.00");
    await expect(c.getByTestId("onramp-buy")).toBeEnabled();
    // A preset re-quotes: the amount is what the person picked.
    await userEvent.click(c.getByTestId("onramp-preset-250"));
    await waitFor(() => expect(c.getByTestId("onramp-output")).toHaveTextContent("250 USDC"));
  },
};

/** The API refuses an amount under the limits the last quote gave: the widget says them in its own words. */
export const AmountBelowMinimum: Story = {
  args: {
    fetch: fakeFetch({
      quote: (b) =>
        Number(b.fiat_amount) >= 10
          ? { status: 200, body: quoteFor(b.fiat_amount) }
          : {
              status: 422,
              body: {
                error: "Validation error",
                message: "fiat_amount: The minimum purchase is 10.00 USD.",
                detail: [
                  {
                    loc: ["body", "fiat_amount"],
                    msg: "The minimum purchase is 10.00 USD.",
                    type: "value_error",
                  },
                ],
              },
            },
    }),
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await waitForStatus(args, "ready");
    await userEvent.clear(c.getByTestId("onramp-amount"));
    await userEvent.type(c.getByTestId("onramp-amount"), "5");
    await waitFor(() =>
      expect(c.getByTestId("onramp-amount-error")).toHaveTextContent("The minimum purchase is $10.00."),
    );
    await expect(c.getByTestId("onramp-amount")).toHaveAttribute("aria-invalid", "true");
    await waitFor(() =>
      expect(lastStatus(args)).toMatchObject({ status: "error", error: { kind: "invalid_amount" } }),
    );
  },
};

export const Pending: Story = {
  args: { fetch: fakeFetch() },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await waitForStatus(args, "ready");
    await buyWithPopupBlocked(canvasElement);
    await waitForStatus(args, "pending");
    await expect(c.getByTestId("onramp-checkout-link")).toHaveAttribute(
      "href",
      expect.stringContaining("payment=cos_story"),
    );
    await expect(c.getByTestId("onramp-handoff")).toHaveTextContent("blocked the payment window");
    await expect(c.getByTestId("onramp-amount")).toBeDisabled();
  },
};

export const Processing: Story = {
  args: { paymentId: "cos_story", fetch: fakeFetch({ status: () => ok(statusOf("processing")) }) },
  play: async ({ canvasElement, args }) => {
    await waitForStatus(args, "processing");
    await expect(within(canvasElement).getByTestId("onramp-processing")).toHaveTextContent(
      "Delivering your USDC",
    );
  },
};

export const Delivered: Story = {
  args: {
    paymentId: "cos_story",
    fetch: fakeFetch({ status: (_, n) => ok(statusOf(n === 0 ? "processing" : "delivered")) }),
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await waitForStatus(args, "success");
    await expect(c.getByTestId("onramp-delivered-amount")).toHaveTextContent("100 USDC");
    await expect(c.getByTestId("onramp-tx-hash")).toHaveTextContent(TX);
    await waitFor(() => expect(c.getByTestId("onramp-balance")).toHaveTextContent("1,000,100 USDC"));
    await expect(args.onSuccess).toHaveBeenCalledWith({
      paymentId: "cos_story",
      outputAmount: "100",
      txHash: TX,
      destination: BUYER,
    });
    await expect(canvasElement.ownerDocument.activeElement).toHaveTextContent("USDC delivered");
  },
};

export const Failed: Story = {
  args: { paymentId: "cos_story", fetch: fakeFetch({ status: () => ok(statusOf("failed")) }) },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await waitForStatus(args, "error");
    await expect(lastStatus(args)).toMatchObject({
      error: { kind: "payment_failed", recoverable: true },
      paymentId: "cos_story",
    });
    await expect(c.getByTestId("onramp-error")).toHaveTextContent("Payment failed");
    await expect(args.onError).toHaveBeenCalledWith(
      expect.objectContaining({ kind: "payment_failed" }),
      expect.objectContaining({ status: "error", paymentId: "cos_story" }),
    );
    await expect(args.onSuccess).not.toHaveBeenCalled();
    await userEvent.click(c.getByTestId("onramp-start-over"));
    await waitForStatus(args, "ready");
  },
};

export const ProviderUnavailable: Story = {
  args: { fetch: fakeFetch({ quote: (b, n) => (n < 2 ? unavailable : ok(quoteFor(b.fiat_amount))) }) },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await waitForStatus(args, "error");
    await expect(lastStatus(args).error).toMatchObject({ kind: "provider_unavailable", httpStatus: 502 });
    await expect(args.onError).toHaveBeenLastCalledWith(lastStatus(args).error, lastStatus(args));
    await expect(c.getByTestId("onramp-error")).toHaveTextContent("Payment provider unavailable");
    await userEvent.click(c.getByTestId("onramp-retry"));
    await waitForStatus(args, "ready");
  },
};

export const IdentityVerificationRequired: Story = {
  args: {
    defaultAmount: "5000",
    fetch: fakeFetch({
      create: () => ({
        status: 402,
        body: {
          error: "Identity verification required",
          message: "Purchases above 1000 USD need a verified identity.",
          verification_url: "https://provider.example/verify",
        },
      }),
    }),
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await waitForStatus(args, "ready");
    await buyWithPopupBlocked(canvasElement);
    await waitFor(() =>
      expect(c.getByTestId("onramp-verify-link")).toHaveAttribute("href", "https://provider.example/verify"),
    );
  },
};

export const InvalidDestination: Story = {
  args: { destination: "0x1234" as `0x${string}`, fetch: fakeFetch() },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId("onramp-error")).toHaveTextContent("Invalid receiving wallet");
    await expect(c.getByTestId("onramp-buy")).toBeDisabled();
  },
};

export const Dark: Story = { args: { theme: darkTheme(), fetch: fakeFetch() } };

/** Calls the widget made under the provider story: where they went and with which key. */
const providerCalls: { url: string; key: string | null }[] = [];

/** No API props on the widget: base URL, key, fetch and theme come from a CompassProvider around it. */
export const FromCompassProvider: Story = {
  render: ({ apiBaseUrl: _url, fetch: _fetch, ...args }) => {
    const inner = fakeFetch();
    const recording: typeof fetch = (input, init) => {
      providerCalls.push({ url: String(input), key: new Headers(init?.headers).get("x-api-key") });
      return inner(input, init);
    };
    return (
      <CompassProvider
        apiBaseUrl="https://provider.example"
        publishableKey="pk_story"
        fetch={recording}
        theme={darkTheme()}
      >
        <PartnerOnrampCheckout {...args} />
      </CompassProvider>
    );
  },
  play: async ({ canvasElement, args }) => {
    await waitForStatus(args, "ready");
    await expect(providerCalls.at(-1)).toEqual({
      url: "https://provider.example/v2/onramp/quote",
      key: "pk_story",
    });
    const root = within(canvasElement).getByTestId("onramp");
    await expect(getComputedStyle(root).getPropertyValue("--cw-accent").trim()).toBe(
      darkTheme().colors.accent,
    );
  },
};
