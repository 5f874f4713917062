import {
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  HttpRequestError,
  parseAbi,
} from "viem";
import { describe, expect, test } from "vitest";
import { ApiError, RequestValidationError } from "../../../src/kernel/errors.ts";
import { rethrowQuote } from "../../../src/protocols/pendle/index.ts";

const abi = parseAbi([
  "function swapExactTokenForPtStaticAndGenerateApproxParams(address,address,uint256,uint256)",
]);
const functionName = "swapExactTokenForPtStaticAndGenerateApproxParams";

/** What viem throws when the static router's quote reverts with a reason string, as on the devnet's market. */
const reverted = (reason: string) =>
  new ContractFunctionExecutionError(
    new ContractFunctionRevertedError({ abi, functionName, message: reason }),
    {
      abi,
      functionName,
      args: [],
      contractAddress: "0xDd776ad7610bD3246811904E0AE3c9a350b71d73",
    },
  );

const caught = (error: unknown) => {
  try {
    rethrowQuote("base", error, ["body", "venue", "amount"]);
  } catch (e) {
    return e as ApiError;
  }
  throw new Error("rethrowQuote returned");
};

describe("a Pendle buy whose quote the router refuses", () => {
  test("default: a reverted quote is a 422 on the amount, with the router's reason", () => {
    const e = caught(reverted("Slippage: APPROX_EXHAUSTED"));
    expect(e).toBeInstanceOf(RequestValidationError);
    expect(e.status).toBe(422);
    const [issue] = (e as RequestValidationError).issues;
    expect(issue!.loc).toEqual(["body", "venue", "amount"]);
    expect(issue!.msg).toMatch(/cannot price this amount.*Slippage: APPROX_EXHAUSTED.*smaller amount/);
  });

  test("behavior: an unreachable node is still an upstream failure, not the caller's amount", () => {
    const e = caught(new HttpRequestError({ url: "http://127.0.0.1:1", details: "fetch failed" }));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).not.toBeInstanceOf(RequestValidationError);
    expect(e.status).toBe(502);
  });
});
