// The one allow-list of what may be relaxed outside production (DESIGN.md "Modes", decision records
// 0081 and 0086). ENVIRONMENT "development" (`npm start`), "test" (the vitest bindings) and "e2e"
// (the production build served locally for the journeys and benchmarks) are the only values that
// turn anything on; every other value — "production", "preview", a named wrangler environment that
// did not inherit [vars], a typo, an empty or missing variable — behaves as production. Each switch
// names the modes it is allowed in, so a new development-only behaviour is one line here and
// nowhere else.
import type { Bindings } from "../env";

type DevelopmentMode = "development" | "test" | "e2e";

const SWITCHES = {
  /** Payments without Stripe keys: the labelled TEST MODE checkout and payout onboarding. */
  testPayments: ["development", "test", "e2e"],
  /** The /dev routes (the mail outbox). */
  devRoutes: ["development", "test", "e2e"],
  /** Mail to the local outbox when no EMAIL binding is configured. */
  mailOutbox: ["development", "test", "e2e"],
  /** The cheap password-hash cost PASSWORD_HASH_COST="test" asks for (the suite's speed). */
  cheapPasswordHash: ["test"],
  /**
   * Reading an unread request body to its end (decision record 0021). It changes no answer; it keeps
   * the local workerd's keep-alive connection behind `vite preview` open, a server the journeys
   * have and production does not (Cloudflare's edge owns the client's connection there).
   */
  bodyDrain: ["development", "e2e"],
  /** The CSP that lets Vite's dev server inject its client. */
  relaxedCsp: ["development"],
  /** A Stripe test key (sk_test_…) outside production is what development uses; in production it is refused. */
  stripeTestKey: ["development", "test"],
  /**
   * Serving without the configuration a deploy must name (worker/lib/config.ts): an empty
   * APP_ORIGIN means the request's own origin, and the secrets are not checked.
   */
  unconfigured: ["development", "test"],
  /**
   * A web push endpoint on loopback over plain http (the journeys' and the tests' stand-in push
   * service, issue #30). Everywhere else an endpoint must be https on a public host.
   */
  loopbackPushService: ["development", "test", "e2e"],
  /** /dev/rooms/chat/:id/evict: resets a chat room as an eviction would (the load harness, issue #33). */
  roomEviction: ["test", "e2e"],
} as const satisfies Record<string, readonly DevelopmentMode[]>;

export type DevelopmentSwitch = keyof typeof SWITCHES;

/** The development mode ENVIRONMENT names exactly, or null: production behaviour. */
function developmentMode(env: Pick<Bindings, "ENVIRONMENT">): DevelopmentMode | null {
  const value: unknown = env.ENVIRONMENT;
  return value === "development" || value === "test" || value === "e2e" ? value : null;
}

/** Whether a development-only switch is on in this environment; off for anything not allowed. */
export function allows(env: Pick<Bindings, "ENVIRONMENT">, name: DevelopmentSwitch): boolean {
  const mode = developmentMode(env);
  return mode !== null && (SWITCHES[name] as readonly DevelopmentMode[]).includes(mode);
}
