import { roleAccount } from "@compass/devnet";

/**
 * The keys `npm test` configures on its production-mode server, and the origins they are allowed from: the
 * secret key of server-side callers, the app's own publishable key (its pages) and a partner's publishable key
 * (the partner page, served on its own loopback origin).
 */
export const TEST_KEYS = {
  secret: "sk_test_compass_e2e_0001",
  app: "pk_test_compass_app_0001",
  partner: "pk_test_compass_partner_0001",
} as const;

/** The port the production partner page is served on: its origin is the one the partner key is allowed from. */
export const prodPartnerPort = (prodPort: number) => prodPort + 45;

/**
 * A production-mode server as an integrator configures one: its secret and publishable keys, and its own deposit
 * sponsor (production never borrows the devnet's role keys on its own; here the sponsor role's key is handed
 * to it the way COMPASS_SPONSOR_PRIVATE_KEY hands an integrator's).
 */
export function productionServerEnv(prodPort: number): Record<string, string> {
  return {
    COMPASS_ENV: "production",
    COMPASS_API_KEYS: TEST_KEYS.secret,
    COMPASS_APP_PUBLISHABLE_KEY: TEST_KEYS.app,
    COMPASS_PUBLISHABLE_KEYS: `${TEST_KEYS.partner}@http://127.0.0.1:${prodPartnerPort(prodPort)}`,
    COMPASS_SPONSOR_PRIVATE_KEY: roleAccount("sponsor").privateKey,
  };
}
