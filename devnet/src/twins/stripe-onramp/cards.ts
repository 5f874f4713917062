/**
 * Sandbox cards, following the conventions card processors use: one that succeeds, one that is declined,
 * one that needs an identity check on the payment page (code 000000), one that succeeds slowly. Any other
 * well-formed number is declined, as in a processor's test mode.
 */
export type CardOutcome = "succeeds" | "declined" | "verify" | "slow";

export const TEST_CARDS: Record<string, { outcome: CardOutcome; label: string }> = {
  "4242424242424242": { outcome: "succeeds", label: "Succeeds" },
  "4000000000000002": { outcome: "declined", label: "Declined" },
  "4000000000003220": { outcome: "verify", label: "Asks for identity verification (code 000000)" },
  "4000000000001000": { outcome: "slow", label: "Succeeds slowly" },
};

/** The identity-verification code accepted in test mode. */
export const TEST_OTP = "000000";

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardCheck =
  | { ok: true; number: string; outcome: CardOutcome }
  | { ok: false; field: keyof CardInput; message: string };

export function checkCard(input: CardInput, nowSeconds: number): CardCheck {
  const number = input.number.replace(/[\s-]/g, "");
  if (!/^[0-9]{12,19}$/.test(number) || !luhn(number))
    return { ok: false, field: "number", message: "Your card number is invalid." };
  const exp = /^(0[1-9]|1[0-2])\s*\/\s*([0-9]{2})$/.exec(input.expiry.trim());
  if (!exp) return { ok: false, field: "expiry", message: "Enter the expiry date as MM / YY." };
  const now = new Date(nowSeconds * 1000);
  const [year, month] = [2000 + Number(exp[2]), Number(exp[1])];
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
    return { ok: false, field: "expiry", message: "Your card has expired." };
  if (!/^[0-9]{3,4}$/.test(input.cvc.trim()))
    return { ok: false, field: "cvc", message: "Your card's security code is incomplete." };
  return { ok: true, number, outcome: TEST_CARDS[number]?.outcome ?? "declined" };
}

export function brandOf(number: string): string {
  if (number.startsWith("4")) return "visa";
  if (/^5[1-5]/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  return "card";
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
