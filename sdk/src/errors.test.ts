import { describe, expect, test } from "vitest";
import { ApiError, errorFromResponse, HttpError, ValidationError } from "./errors.ts";

describe("errorFromResponse", () => {
  test("behavior: a 422 listing fields is a ValidationError, in either envelope", () => {
    const v = errorFromResponse(422, {
      detail: [{ loc: ["body", "amount"], msg: "bad", type: "value_error" }],
    });
    expect(v).toBeInstanceOf(ValidationError);
    expect((v as ValidationError).detail[0]!.loc).toEqual(["body", "amount"]);
    const d = errorFromResponse(422, {
      error: "Validation error",
      message: "amount: bad",
      detail: [{ loc: ["body", "amount"], msg: "bad", type: "value_error" }],
    });
    expect(d).toBeInstanceOf(ValidationError);
    expect(d.shortMessage).toBe("amount: bad");
  });

  test("behavior: a 422 business rule in the domain envelope is an ApiError", () => {
    const e = errorFromResponse(422, {
      error: "Account not whitelisted",
      message: "Account not whitelisted: register it",
    });
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).error).toBe("Account not whitelisted");
  });

  test("behavior: other statuses: domain envelope → ApiError, anything else → HttpError", () => {
    expect(errorFromResponse(404, { error: "Payment not found.", message: "No payment x" })).toBeInstanceOf(
      ApiError,
    );
    expect(errorFromResponse(401, { detail: "API key missing or invalid" })).toBeInstanceOf(HttpError);
    expect(errorFromResponse(502, "<html>bad gateway</html>")).toBeInstanceOf(HttpError);
  });
});
