import { defineOperation } from "../../kernel/registry/define.ts";
import { v0PortfolioImage } from "../domain/generic.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0Image, V0VisualizePortfolioRequest } from "../schemas.ts";

export const genericVisualizePortfolio = defineOperation({
  name: "genericVisualizePortfolio",
  method: "POST",
  path: "/v0/generic/visualize_portfolio/get",
  summary: "Visualize user portfolio",
  description:
    "The wallet's portfolio as a bar chart of each token's USD value: an SVG image, base64-encoded.",
  body: V0VisualizePortfolioRequest,
  response: V0Image,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) => v0PortfolioImage(ctx, body),
});
