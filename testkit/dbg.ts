import { devnetFixture, postJson } from "@compass/testkit/live";

const { owner } = devnetFixture("base", 7);
const r = await postJson("/v2/credit/rebalance", {
  owner,
  chain: "base",
  max_slippage_percent: "0.5",
  targets: [
    {
      collateral_token: "WETH",
      borrow_token: "USDC",
      target_multiplier: "2.0000",
      target_equity_usd: "2000",
    },
  ],
});
console.log(r.status, JSON.stringify(r.body).slice(0, 500));
