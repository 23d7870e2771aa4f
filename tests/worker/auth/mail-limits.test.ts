// A per-IP limit alone would let clients on many addresses mail one
// inbox again and again, so sign-up and resend share one budget per email address (0024),
// refused with the spec's 'Too Many Attempts' texts, and a refusal looks the same whether or not
// the address has an account.
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, createUser, DEFAULT_PASSWORD, expectError, outbox, unique, waitForMail } from "../helpers";

const TOO_MANY = "Please wait 60 minutes before trying again";

function signUp(email: string) {
  const name = unique("lim");
  return api("/api/auth/sign-up", { body: { email, password: DEFAULT_PASSWORD, username: name, displayName: "Limit Tester" } });
}
const resend = (email: string) => api("/api/auth/resend", { body: { email } });

/** What a client can observe of a refusal, without the per-request id. */
async function refusal(res: Response) {
  const body = (await res.json()) as { error?: { code: string; message: string; details?: unknown; requestId?: string } };
  delete body.error?.requestId;
  return { status: res.status, retryAfter: res.headers.get("Retry-After"), body };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("per-address mail limit (3 per 60 minutes, sign-up and resend together)", () => {
  it("refuses a 4th sign-up for one address from any IP with the spec's texts", async () => {
    const email = `${unique("inbox")}@example.test`;
    // Every request comes from a fresh IP, so only a per-address limit can stop the fourth.
    for (let i = 0; i < 3; i++) expect((await signUp(email)).status).toBe(201);
    const refused = await signUp(email);
    const envelope = await expectError(refused, 429, TOO_MANY);
    expect(envelope.error.details).toMatchObject({ title: "Too Many Attempts" });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await outbox(email)).toHaveLength(3);
    // Another address is unaffected.
    expect((await signUp(`${unique("other")}@example.test`)).status).toBe(201);
  });

  it("counts sign-up and resend against the same budget", async () => {
    const email = `${unique("shared")}@example.test`;
    expect((await signUp(email)).status).toBe(201);
    expect((await resend(email)).status).toBe(200);
    expect((await resend(email)).status).toBe(200);
    await waitForMail(email, 3);
    await expectError(await signUp(email), 429, TOO_MANY);
    await expectError(await resend(email), 429, TOO_MANY);
    expect(await outbox(email)).toHaveLength(3);
  });

  it("refuses a registered and an unregistered address identically", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const registered = (await createUser()).email;
    const unregistered = `${unique("nobody")}@example.test`;
    const refusals = [];
    for (const email of [registered, unregistered]) {
      for (let i = 0; i < 3; i++) await signUp(email);
      refusals.push(await refusal(await signUp(email)), await refusal(await resend(email)));
    }
    expect(refusals[0]!.status).toBe(429);
    expect(refusals[0]!.body.error?.message).toBe(TOO_MANY);
    // Sign-up and resend refuse alike, and neither answer depends on whether the address is registered.
    expect(refusals[1]).toEqual(refusals[0]);
    expect(refusals[2]).toEqual(refusals[0]);
    expect(refusals[3]).toEqual(refusals[0]);
  });
});
