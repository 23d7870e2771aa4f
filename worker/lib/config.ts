// The configuration a deploy must name before it serves anyone (issue #28, decision record 0086).
// Outside the modes that may run unconfigured (worker/lib/modes.ts: development and test), the
// Worker refuses every request while any of these is missing: the public origin its links, cookies
// and Origin check depend on, and the two secrets its sessions and password hashes are keyed with.
// A half-working app (sign-in failing deep inside a handler, mails linking to the wrong host, an
// origin check that trusts whatever Host came in) is worse than one clear refusal.
import type { Bindings } from "../env";
import { logger } from "./logger";
import { allows } from "./modes";

/** HS256 wants a key at least as long as its output; anything shorter is a typo or a placeholder. */
const MIN_JWT_SECRET_LENGTH = 32;

type ConfigEnv = Pick<Bindings, "ENVIRONMENT" | "APP_ORIGIN" | "JWT_SECRET" | "PASSWORD_PEPPER">;

/** An http(s) origin with nothing after it but an optional "/": what APP_ORIGIN must be. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}

/**
 * What is wrong with this environment's configuration, one sentence each, naming variables and
 * never their values; empty when it may serve. Modes allowed to run unconfigured get none.
 */
function configurationProblems(env: ConfigEnv): string[] {
  if (allows(env, "unconfigured")) return [];
  const problems: string[] = [];
  const origin: unknown = env.APP_ORIGIN;
  if (typeof origin !== "string" || origin === "") problems.push("APP_ORIGIN is not set (the app's public origin, e.g. https://backline.example)");
  else if (!isOrigin(origin)) problems.push("APP_ORIGIN is not an http(s) origin (scheme and host only, e.g. https://backline.example)");
  const jwt: unknown = env.JWT_SECRET;
  if (typeof jwt !== "string" || jwt === "") problems.push("JWT_SECRET is not set");
  else if (jwt.length < MIN_JWT_SECRET_LENGTH) problems.push(`JWT_SECRET is shorter than ${MIN_JWT_SECRET_LENGTH} characters`);
  const pepper: unknown = env.PASSWORD_PEPPER;
  if (typeof pepper !== "string" || pepper === "") problems.push("PASSWORD_PEPPER is not set");
  return problems;
}

// Bindings are fixed for the life of an isolate: the check runs once per env object, and the
// refusal is logged once, not on every request.
const checked = new WeakMap<object, string[]>();

/** The problems of this env, checked and (if any) logged once per isolate. */
export function refusedConfiguration(env: ConfigEnv): string[] {
  let problems = checked.get(env);
  if (problems === undefined) {
    problems = configurationProblems(env);
    checked.set(env, problems);
    if (problems.length > 0) {
      logger.error("configuration refused: the Worker answers 503 to every request until it is fixed", { problems, environment: String(env.ENVIRONMENT ?? "") });
    }
  }
  return problems;
}


/**
 * The app's public origin for links written outside a request (a cron run, the notifications
 * queue's consumer): APP_ORIGIN, or empty when it is unset or malformed.
 */
export function configuredOrigin(env: Pick<Bindings, "APP_ORIGIN">): string {
  if (!env.APP_ORIGIN) return "";
  try {
    return new URL(env.APP_ORIGIN).origin;
  } catch {
    return "";
  }
}
