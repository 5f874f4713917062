import { namedTokens } from "../../kernel/chain/erc20.ts";
import { fieldError } from "../../kernel/errors.ts";
import { V0_TOKENS, type V0ChainValue, type V0TokenValue } from "../schemas.ts";
import { chainOf, viaV1 } from "./adapt.ts";
import type { V0Context } from "./ports.ts";

const V0_LISTED = new Set<string>(V0_TOKENS);
const isV0Token = (symbol: string): symbol is V0TokenValue => V0_LISTED.has(symbol);

/** The tokens of v0's fixed token list that this deployment lists on the chain. */
export function v0Tokens(ctx: V0Context, chain: V0ChainValue): { symbol: V0TokenValue; address: string }[] {
  return namedTokens(ctx.config, chainOf(chain)).flatMap((t) =>
    isV0Token(t.symbol) ? [{ symbol: t.symbol, address: t.address }] : [],
  );
}

/** A token of v0's list by symbol on the chain; one this deployment does not list there is a 422 naming it. */
export function v0TokenAddress(ctx: V0Context, chain: V0ChainValue, token: V0TokenValue): string {
  const found = v0Tokens(ctx, chain).find((t) => t.symbol === token);
  if (!found)
    throw fieldError(
      ["body", "token"],
      `${token} is not listed on ${chain} here; listed: ${v0Tokens(ctx, chain)
        .map((t) => t.symbol)
        .join(", ")}`,
    );
  return found.address;
}

interface V1Portfolio {
  total_value_in_usd: string;
  token_balances: {
    amount: string;
    decimals: number;
    token_symbol: string;
    token_address: string;
    price: string;
    token_value_in_usd: string;
  }[];
}

/**
 * The wallet's portfolio as v0 listed it: the balances of tokens in v0's token list (v1's portfolio also lists
 * the native coin and every position), and their total.
 */
export async function v0Portfolio(ctx: V0Context, body: { chain: V0ChainValue; user: string }) {
  const v1 = await viaV1<V1Portfolio>(ctx, "v1_generic_portfolio", {
    query: { chain: chainOf(body.chain), user: body.user },
  });
  const token_balances = v1.token_balances.flatMap((b) =>
    isV0Token(b.token_symbol) ? [{ ...b, token_symbol: b.token_symbol }] : [],
  );
  const total = token_balances.reduce((sum, b) => sum + Number(b.token_value_in_usd), 0);
  return { total_value_in_usd: total.toFixed(2), token_balances };
}

const xmlEscape = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The portfolio as a horizontal bar chart of each token's USD value: an SVG, base64-encoded. */
export async function v0PortfolioImage(ctx: V0Context, body: { chain: V0ChainValue; user: string }) {
  const { total_value_in_usd, token_balances } = await v0Portfolio(ctx, body);
  const rows = token_balances
    .map((b) => ({ symbol: b.token_symbol, value: Number(b.token_value_in_usd) }))
    .sort((a, b) => b.value - a.value);
  const max = Math.max(1e-9, ...rows.map((r) => r.value));
  const height = 60 + rows.length * 28;
  const bars = rows
    .map((r, i) => {
      const y = 44 + i * 28;
      const width = Math.max(1, Math.round((r.value / max) * 300));
      return `<text x="10" y="${y + 14}" font-size="13">${xmlEscape(r.symbol)}</text><rect x="90" y="${y}" width="${width}" height="18" fill="#4f6bed"/><text x="${96 + width}" y="${y + 14}" font-size="12">$${r.value.toFixed(2)}</text>`;
    })
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="${height}" font-family="sans-serif"><text x="10" y="24" font-size="15">Portfolio of ${xmlEscape(body.user)} on ${xmlEscape(body.chain)}: $${xmlEscape(total_value_in_usd)}</text>${bars}</svg>`;
  return { image: Buffer.from(svg).toString("base64") };
}
