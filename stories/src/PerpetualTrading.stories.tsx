import {
  darkTheme,
  type LifecycleCallbacks,
  type PerpetualTradingLifecycle,
  PerpetualTradingWidget,
} from "@compass/widgets";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { WagmiProvider } from "wagmi";
import { fakeApi, type Scenario, storySponsor } from "./perpetual-trading/fake-api.ts";
import { storyConfig, type WalletBehaviour } from "./perpetual-trading/wallet.ts";

interface Args extends LifecycleCallbacks<PerpetualTradingLifecycle> {
  /** hears every API call the widget makes (operation, body) */
  onRequest?: (op: string, body: Record<string, unknown>) => void;
  scenario: Scenario;
  connected: boolean;
  behaviour?: WalletBehaviour;
  dark?: boolean;
  /** two widgets side by side on one page */
  twice?: boolean;
  /** the host's width in px (the widget lays itself out by its own width) */
  width?: number;
}

/** The host's providers around the widget, as an app would nest them. */
function Host({
  scenario,
  dark,
  twice,
  width,
  onRequest,
  config,
  connected: _,
  behaviour: __,
  ...callbacks
}: Args & { config: Awaited<ReturnType<typeof storyConfig>> }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [api] = useState(() => fakeApi(scenario, onRequest));
  const widget = (testId?: string) => (
    <PerpetualTradingWidget
      apiBaseUrl="http://story"
      fetch={api}
      theme={dark ? darkTheme() : undefined}
      sponsorDeposit={storySponsor}
      testId={testId}
      {...callbacks}
    />
  );
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={client}>
        <div style={width ? { inlineSize: width } : undefined}>
          {twice ? (
            <>
              {widget("perps")}
              {widget("second")}
            </>
          ) : (
            widget()
          )}
        </div>
      </QueryClientProvider>
    </WagmiProvider>
  );
}

const meta: Meta<Args> = {
  title: "Widgets/PerpetualTradingWidget",
  args: { onStatus: fn(), onSuccess: fn(), onError: fn(), onRequest: fn() },
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
    await expect(await within(canvasElement).findByText("Loading…")).toBeVisible();
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

/** The API refuses the site's key: the markets say why, in one sentence, as an alert. */
export const MarketsUnavailable: Story = {
  args: { scenario: { unauthorized: true }, connected: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const error = await canvas.findByTestId("perps-markets-error");
    await expect(error).toHaveAttribute("data-kind", "unauthorized");
    await expect(error).toHaveTextContent(/The API refused this site's key/);
  },
};

/** Positions, open orders and fills; every row action names what it acts on. */
export const Trading: Story = {
  args: { scenario: { trading: true }, connected: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId("perps-position-AAPL")).toHaveTextContent("long 5×");
    await expect(canvas.getByTestId("perps-account-value")).toHaveTextContent("$1,008.52");
    await expect(canvas.getByTestId("perps-open-order-1000244")).toBeVisible();
    await expect(canvas.getByTestId("perps-fill-1-pnl")).toHaveTextContent("+$3.85");
    await expect(canvas.getByRole("button", { name: "Close AAPL long" })).toBeEnabled();
    await expect(canvas.getByRole("button", { name: "Cancel buy 0.02 GOLD" })).toBeEnabled();
    await expect(canvas.getByRole("table", { name: "Positions" })).toBeVisible();
  },
};

export const ClosePosition: Story = {
  args: { scenario: { trading: true, execute: "filled" }, connected: true },
  play: async ({ canvasElement, args }) => {
    localStorage.clear();
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Close AAPL long" }));
    await expect(await canvas.findByText("Closed 2.5 AAPL at 231.82")).toBeVisible();
    await expect(args.onSuccess).toHaveBeenCalledWith(expect.objectContaining({ action: "close" }));
  },
};

export const CancelOrder: Story = {
  args: { scenario: { trading: true }, connected: true },
  play: async ({ canvasElement, args }) => {
    localStorage.clear();
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Cancel buy 0.02 GOLD" }));
    await expect(await canvas.findByText("Cancelled the GOLD order")).toBeVisible();
    await expect(args.onSuccess).toHaveBeenCalledWith({
      action: "cancel",
      message: "Cancelled the GOLD order",
    });
  },
};

/** The market list is one tab stop: arrow keys move between markets, Enter picks one for the ticket. */
export const KeyboardMarkets: Story = {
  args: { scenario: {}, connected: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await canvas.findByRole("grid", { name: "Markets" });
    await expect(await within(grid).findByTestId("perps-market-GOLD")).toHaveAttribute("tabindex", "0");
    canvas.getByTestId("perps-market-GOLD").focus();
    await userEvent.keyboard("{ArrowDown}");
    await expect(canvas.getByTestId("perps-market-AAPL")).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(canvas.getByTestId("perps-market-AAPL")).toHaveAttribute("aria-selected", "true");
    await expect(await canvas.findByRole("heading", { name: "Trade AAPL" })).toBeVisible();
    await userEvent.keyboard("{End}");
    await expect(canvas.getByTestId("perps-market-SILVER")).toHaveFocus();
    await userEvent.keyboard("{Home}");
    await expect(canvas.getByTestId("perps-market-GOLD")).toHaveFocus();
  },
};

/** The order book with its spread; a level's price becomes the ticket's limit. */
export const OrderBookPick: Story = {
  args: { scenario: { trading: true }, connected: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId("perps-spread")).toHaveTextContent(/^Spread 0\.6 \(0\.015%\)$/);
    await userEvent.click(canvas.getByTestId("perps-book-ask-0"));
    await expect(canvas.getByTestId("perps-type-limit")).toHaveAttribute("aria-pressed", "true");
    await expect(canvas.getByTestId("perps-price")).toHaveValue("4012.7");
  },
};

/** A limit order below the mark rests on the book. */
export const LimitOrderResting: Story = {
  args: { scenario: { trading: true, execute: "resting" }, connected: true },
  play: async ({ canvasElement, args }) => {
    localStorage.clear();
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId("perps-market-GOLD"));
    await userEvent.click(canvas.getByTestId("perps-type-limit"));
    await userEvent.type(canvas.getByTestId("perps-price"), "3900");
    await userEvent.type(canvas.getByTestId("perps-size"), "0.01");
    // keyboard trading: Enter in the form places the order
    await userEvent.keyboard("{Enter}");
    await expect(await canvas.findByText("Order to buy 0.01 GOLD at 3900 is open")).toBeVisible();
    await expect(args.onSuccess).toHaveBeenCalledWith(expect.objectContaining({ orderId: 1000302 }));
  },
};

/** Take profit and stop loss ride on the order; isolated margin is set before it. */
export const OrderWithTpSlIsolated: Story = {
  args: { scenario: { trading: true, execute: "filled" }, connected: true },
  play: async ({ canvasElement, args }) => {
    localStorage.clear();
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId("perps-market-GOLD"));
    await userEvent.click(canvas.getByTestId("perps-margin-isolated"));
    await expect(canvas.getByRole("button", { name: "Isolated" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.type(canvas.getByTestId("perps-size"), "0.01");
    await userEvent.type(canvas.getByLabelText("Take profit (USD)"), "4400");
    await userEvent.type(canvas.getByLabelText("Stop loss (USD)"), "3800");
    await userEvent.click(canvas.getByTestId("perps-submit"));
    await expect(await canvas.findByText("Bought 0.01 GOLD at 4013.1")).toBeVisible();
    await expect(args.onRequest).toHaveBeenCalledWith(
      "set_leverage",
      expect.objectContaining({ asset: "GOLD", margin_mode: "isolated" }),
    );
    await expect(args.onRequest).toHaveBeenCalledWith(
      "market_order",
      expect.objectContaining({
        take_profit: { trigger_price: "4400" },
        stop_loss: { trigger_price: "3800" },
      }),
    );
  },
};

/** A take profit below a buy's price is on the wrong side: the ticket says so and will not send it. */
export const TpSlWrongSide: Story = {
  args: { scenario: { trading: true }, connected: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId("perps-market-GOLD"));
    await userEvent.type(canvas.getByTestId("perps-size"), "0.01");
    await userEvent.type(canvas.getByTestId("perps-tp"), "3000");
    await expect(canvas.getByTestId("perps-problem")).toHaveTextContent(
      "Take profit: on the wrong side of the price",
    );
    await expect(canvas.getByTestId("perps-submit")).toBeDisabled();
  },
};

/** A stop on an open position, from its row; waiting triggers show in the open orders. */
export const PositionTpSl: Story = {
  args: { scenario: { trading: true }, connected: true },
  play: async ({ canvasElement, args }) => {
    localStorage.clear();
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId("perps-open-order-1000245")).toHaveTextContent(
      "Take profit at 250",
    );
    const toggle = canvas.getByRole("button", { name: "TP/SL for AAPL long" });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const form = canvas.getByRole("form", { name: "TP/SL for AAPL long" });
    await userEvent.type(within(form).getByLabelText("Stop loss (USD)"), "215");
    await userEvent.keyboard("{Enter}");
    await expect(await canvas.findByText("TP/SL set on AAPL")).toBeVisible();
    await expect(args.onRequest).toHaveBeenCalledWith("position_tpsl", {
      owner: expect.any(String),
      asset: "AAPL",
      stop_loss: { trigger_price: "215" },
    });
  },
};

/** A ticket the widget will not send says why, next to the button it disables. */
export const TicketProblem: Story = {
  args: { scenario: { trading: true }, connected: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId("perps-market-GOLD"));
    await userEvent.type(canvas.getByTestId("perps-size"), "0.001");
    await expect(canvas.getByTestId("perps-problem")).toHaveTextContent("Orders must be worth at least $10");
    await expect(canvas.getByTestId("perps-submit")).toBeDisabled();
    await expect(canvas.getByTestId("perps-submit")).toHaveAccessibleDescription(
      "Orders must be worth at least $10",
    );
  },
};

/** Deposit: the permit is signed, the host's sponsor relays it, the venue credits the account. */
export const Deposit: Story = {
  args: { scenario: {}, connected: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByTestId("perps-deposit-amount"), "100");
    await expect(canvas.getByText("Min. 5 USDC. You sign a permit; gas is sponsored.")).toBeVisible();
    await userEvent.click(canvas.getByTestId("perps-deposit-submit"));
    await expect(await canvas.findByText("Deposited 100 USDC", undefined, { timeout: 10_000 })).toBeVisible();
    await expect(args.onSuccess).toHaveBeenCalledWith(expect.objectContaining({ action: "deposit" }));
    await waitFor(() => expect(canvas.getByTestId("perps-account-value")).toHaveTextContent("$100.00"));
  },
};

/** Deposit, waiting for the permit signature. */
export const DepositAwaitingPermit: Story = {
  args: { scenario: {}, connected: true, behaviour: "waits" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByTestId("perps-deposit-amount"), "100");
    await userEvent.click(canvas.getByTestId("perps-deposit-submit"));
    await expect(
      await canvas.findByText("Confirm in your wallet (1/2): Sign the USDC permit (no gas)"),
    ).toBeVisible();
    await expect(canvas.getByTestId("perps-deposit-submit")).toBeDisabled();
  },
};

/** A deposit below the minimum cannot be sent. */
export const DepositTooSmall: Story = {
  args: { scenario: {}, connected: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByTestId("perps-deposit-amount"), "2");
    await expect(canvas.getByTestId("perps-deposit-submit")).toBeDisabled();
  },
};

/** Withdraw: the wallet signs for its active chain; the venue pays out less its $1 fee. */
export const Withdraw: Story = {
  args: { scenario: { trading: true }, connected: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByTestId("perps-withdraw-amount"), "50");
    await userEvent.click(canvas.getByTestId("perps-withdraw-submit"));
    await expect(await canvas.findByText(/^Withdrawal accepted: 49\.00 USDC/)).toBeVisible();
    await expect(args.onSuccess).toHaveBeenCalledWith(expect.objectContaining({ action: "withdraw" }));
  },
};

/** More than is withdrawable cannot be sent. */
export const WithdrawTooMuch: Story = {
  args: { scenario: { trading: true }, connected: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByTestId("perps-withdraw-amount"), "5000");
    await expect(canvas.getByTestId("perps-withdraw-submit")).toBeDisabled();
  },
};

/** Two widgets on one page: every id is unique, every label points into its own widget. */
export const TwoWidgets: Story = {
  args: { scenario: { trading: true }, connected: true, twice: true },
  parameters: {
    // Both roots are regions named "Perpetual trading" (the kit's WidgetRoot names a widget by its kind, and
    // takes no name from the host yet), so axe's landmark-unique flags the pair; nothing else is excused.
    a11y: { config: { rules: [{ id: "landmark-unique", enabled: false }] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId("perps-position-AAPL");
    await canvas.findByTestId("second-position-AAPL");
    const ids = [...canvasElement.querySelectorAll("[id]")].map((e) => e.id);
    await expect(new Set(ids).size).toBe(ids.length);
    await expect(canvas.getAllByRole("grid", { name: "Markets" })).toHaveLength(2);
    const second = within(canvas.getByTestId("second"));
    await expect(second.getByLabelText("Deposit USDC from Arbitrum")).toBe(
      canvas.getByTestId("second-deposit-amount"),
    );
  },
};

/** At 1024 px the three columns fit: the markets table stays inside its card. */
export const Width1024: Story = {
  args: { scenario: { trading: true }, connected: true, width: 1024 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await canvas.findByRole("grid", { name: "Markets" });
    await within(grid).findByTestId("perps-market-GOLD");
    const columns = getComputedStyle(canvasElement.querySelector(".pt-grid")!).gridTemplateColumns;
    await expect(columns.split(" ")).toHaveLength(3);
    const card = grid.closest(".cw-card")!;
    const inner = card.getBoundingClientRect();
    const padding = Number.parseFloat(getComputedStyle(card).paddingInlineEnd);
    await expect(grid.getBoundingClientRect().right).toBeLessThanOrEqual(inner.right - padding + 0.5);
    for (const cell of grid.querySelectorAll("td"))
      await expect(cell.scrollWidth).toBeLessThanOrEqual(cell.clientWidth + 1);
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
    await expect(alert).toHaveTextContent(/Signed by 0x5e1f…beef, not by your account/i);
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
