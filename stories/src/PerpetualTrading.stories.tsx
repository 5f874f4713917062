import {
  darkTheme,
  type LifecycleCallbacks,
  type PerpetualTradingLifecycle,
  PerpetualTradingWidget,
} from "@compass/widgets";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { WagmiProvider } from "wagmi";
import { fakeApi, type Scenario } from "./perpetual-trading/fake-api.ts";
import { storyConfig, type WalletBehaviour } from "./perpetual-trading/wallet.ts";

interface Args extends LifecycleCallbacks<PerpetualTradingLifecycle> {
  scenario: Scenario;
  connected: boolean;
  behaviour?: WalletBehaviour;
  dark?: boolean;
}

/** The host's providers around the widget, as an app would nest them. */
function Host({
  scenario,
  dark,
  config,
  connected: _,
  behaviour: __,
  ...callbacks
}: Args & { config: Awaited<ReturnType<typeof storyConfig>> }) {
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PerpetualTradingWidget
          apiBaseUrl="http://story"
          fetch={fakeApi(scenario)}
          theme={dark ? darkTheme() : undefined}
          {...callbacks}
        />
      </QueryClientProvider>
    </WagmiProvider>
  );
}

const meta: Meta<Args> = {
  title: "Widgets/PerpetualTradingWidget",
  args: { onStatus: fn(), onSuccess: fn(), onError: fn() },
  loaders: [
    async ({ args }) => ({
      config: await storyConfig({ connected: args.connected, behaviour: args.behaviour }),
    }),
  ],
  render: (args, { loaded }) => <Host {...args} config={loaded.config} />,
  parameters: { layout: "fullscreen" },
};
export default meta;
type Story = StoryObj<Args>;

const submitGold = async (canvasElement: HTMLElement) => {
  // each story's trader starts without an agent key (the widget keeps it in localStorage)
  localStorage.clear();
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByTestId("perps-market-GOLD"));
  await userEvent.type(canvas.getByTestId("perps-size"), "0.01");
  await userEvent.click(canvas.getByTestId("perps-submit"));
  return canvas;
};

export const Loading: Story = {
  args: { scenario: { loading: true }, connected: false },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Loading markets…")).toBeVisible();
  },
};

export const Disconnected: Story = {
  args: { scenario: {}, connected: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId("perps-market-GOLD")).toBeVisible();
    await expect(canvas.getByTestId("perps-submit")).toHaveTextContent("Connect a wallet to trade");
    await expect(canvas.getByTestId("perps-submit")).toBeDisabled();
    // category filter
    await userEvent.click(canvas.getByTestId("perps-category-forex"));
    await expect(await canvas.findByTestId("perps-market-EUR")).toBeVisible();
    await expect(canvas.queryByTestId("perps-market-GOLD")).toBeNull();
  },
};

export const EmptyAccount: Story = {
  args: { scenario: {}, connected: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId("perps-deposit-amount")).toBeVisible();
    await expect(await canvas.findByTestId("perps-no-positions")).toBeVisible();
  },
};

export const Trading: Story = {
  args: { scenario: { trading: true }, connected: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId("perps-position-AAPL")).toHaveTextContent("long 5×");
    await expect(canvas.getByTestId("perps-account-value")).toHaveTextContent("$1,008.52");
    await expect(canvas.getByTestId("perps-open-order-1000244")).toBeVisible();
    await expect(canvas.getByTestId("perps-fill-1-pnl")).toHaveTextContent("+$3.85");
  },
};

export const AwaitingSignature: Story = {
  args: { scenario: { trading: true }, connected: true, behaviour: "waits" },
  play: async ({ canvasElement }) => {
    const canvas = await submitGold(canvasElement);
    // the order itself is signed by the agent key: the wallet is asked once, to authorise it
    await expect(
      await canvas.findByText(/Confirm in your wallet \(3\/3\): Authorise trading from this browser/),
    ).toBeVisible();
  },
};

export const OrderFilled: Story = {
  args: { scenario: { trading: true, execute: "filled" }, connected: true },
  play: async ({ canvasElement, args }) => {
    const canvas = await submitGold(canvasElement);
    await expect(await canvas.findByText("Bought 0.01 GOLD at 4013.1")).toBeVisible();
    await expect(args.onStatus).toHaveBeenNthCalledWith(1, { status: "init" });
    await expect(args.onStatus).toHaveBeenCalledWith(expect.objectContaining({ status: "signing", step: 3 }));
    await expect(args.onSuccess).toHaveBeenCalledWith({
      action: "order",
      message: "Bought 0.01 GOLD at 4013.1",
      orderId: 1000301,
    });
  },
};

export const RefusedSignature: Story = {
  args: { scenario: { trading: true, execute: "stranger" }, connected: true },
  play: async ({ canvasElement, args }) => {
    const canvas = await submitGold(canvasElement);
    const alert = await canvas.findByRole("alert");
    await expect(alert).toHaveTextContent(/The venue refused the signature: it was made by 0x5e1f…beef/i);
    await waitFor(() =>
      expect(args.onError).toHaveBeenCalledWith(
        expect.objectContaining({ kind: "venue", recoverable: true, httpStatus: 200 }),
        expect.objectContaining({ status: "error", action: "order" }),
      ),
    );
  },
};

/** A wallet that signs only for its active chain (MetaMask's rule): it authorises the agent, which signs the order. */
export const StrictChainWallet: Story = {
  args: { scenario: { trading: true, execute: "filled" }, connected: true, behaviour: "strict-chain" },
  play: async ({ canvasElement, args }) => {
    const canvas = await submitGold(canvasElement);
    await expect(await canvas.findByText("Bought 0.01 GOLD at 4013.1")).toBeVisible();
    await expect(args.onError).not.toHaveBeenCalled();
  },
};

export const Dark: Story = { args: { scenario: { trading: true }, connected: true, dark: true } };
