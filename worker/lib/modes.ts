// The one allow-list of what may be relaxed outside production (DESIGN.md "Modes", decision record
// 0081). ENVIRONMENT "development" (`npm start`) and "test" (the vitest bindings) are the only
// values that turn anything on; every other value — "production", a named wrangler environment
// that did not inherit [vars], a typo, an empty or missing variable — behaves as production.
// Each switch names the modes it is allowed in, so a new development-only behaviour is one line
// here and nowhere else.
import type { Bindings } from "../env";

type DevelopmentMode = "development" | "test";

const SWITCHES = {
  /** Payments without Stripe keys: the labelled TEST MODE checkout and payout onboarding. */
  testPayments: ["development", "test"],
  /** The /dev routes (the mail outbox). */
  devRoutes: ["development", "test"],
  /** Mail to the local outbox when no EMAIL binding is configured. */
  mailOutbox: ["development", "test"],
  /** The cheap password-hash cost PASSWORD_HASH_COST="test" asks for (the suite's speed). */
  cheapPasswordHash: ["test"],
  /** Reading an unread request body to its end (the local workerd's keep-alive, decision record 0021). */
  bodyDrain: ["development"],
  /** The CSP that lets Vite's dev server inject its client. */
  relaxedCsp: ["development"],
  /** A Stripe test key (sk_test_…) outside production is what development uses; in production it is refused. */
  stripeTestKey: ["development", "test"],
} as const satisfies Record<string, readonly DevelopmentMode[]>;

export type DevelopmentSwitch = keyof typeof SWITCHES;

/** The development mode ENVIRONMENT names exactly, or null: production behaviour. */
function developmentMode(env: Pick<Bindings, "ENVIRONMENT">): DevelopmentMode | null {
  const value: unknown = env.ENVIRONMENT;
  return value === "development" || value === "test" ? value : null;
}

/** Whether a development-only switch is on in this environment; off for anything not allowed. */
export function allows(env: Pick<Bindings, "ENVIRONMENT">, name: DevelopmentSwitch): boolean {
  const mode = developmentMode(env);
  return mode !== null && (SWITCHES[name] as readonly DevelopmentMode[]).includes(mode);
}
