// The dev outbox: mail the Worker sent, read from D1.
import { listOutboxMail, type OutboxMail } from "../../../worker/db/queries/mail-outbox";
import { db } from "./db";

/** Mail written to the dev outbox, newest first; optionally only to one address. */
export function outbox(to?: string): Promise<OutboxMail[]> {
  return listOutboxMail(db(), 10_000, to);
}

/**
 * Reads until `read` answers something, up to about `timeoutMs`. Reset and resend mail is sent
 * after the response (worker/routes/auth.ts `afterResponse`), so mail reads wait through this.
 * Counted in attempts, not Date.now(): workerd's clock only moves on I/O, and tests may fake Date.
 */
async function poll<T>(read: () => Promise<T | undefined>, failure: () => string, timeoutMs = 5000): Promise<T> {
  for (let attempt = 0; attempt * 25 <= timeoutMs; attempt++) {
    const found = await read();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(failure());
}

/** Waits until at least `count` messages were mailed to `to` and returns them, newest first. */
export function waitForMail(to: string, count = 1): Promise<OutboxMail[]> {
  return poll(
    async () => {
      const messages = await outbox(to);
      return messages.length >= count ? messages : undefined;
    },
    () => `expected ${count} mail(s) to ${to}`,
  );
}

/** The token of the newest `/auth/confirm` or `/auth/reset` link mailed to `to`, waiting for it. */
export function mailedToken(to: string, kind: "confirm" | "reset"): Promise<string> {
  const pattern = new RegExp(`/auth/${kind}\\?token=([A-Za-z0-9_-]+)`);
  return poll(
    async () => (await outbox(to)).map((message) => pattern.exec(message.text)?.[1]).find((token) => token !== undefined),
    () => `no ${kind} link mailed to ${to}`,
  );
}
