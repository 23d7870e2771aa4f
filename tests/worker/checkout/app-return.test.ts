// Stripe Checkout opened from the native app comes back to the app (issue #34 item 1, decision
// record 0093): with returnTo "app", Stripe's success and cancel URLs are /app/open/… hand-off
// links, which the operating system gives back to the app and the app opens as the same pages a
// browser would get. Without it, the browser's return URLs are unchanged.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CreatePaymentResponse } from "@shared/checkout-api";
import { connectSeller, expectError, fakeStripe, insertProduct, json, keyedApi, signedInUser, type FakeStripe } from "../helpers";

let stripe: FakeStripe;
beforeEach(() => {
  stripe = fakeStripe();
});
afterEach(() => stripe.restore());

async function checkout(body: Record<string, unknown>) {
  const seller = await signedInUser();
  const buyer = await signedInUser();
  await connectSeller(seller.id);
  const productId = await insertProduct(seller.id);
  const res = await keyedApi("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId, ...body } });
  const answer = await json<CreatePaymentResponse>(res, 201);
  const [call] = stripe.callsTo("checkout.sessions.create");
  return { productId, answer, params: call!.params };
}

describe("Stripe Checkout's return URLs", () => {
  it("for the app: the hand-off links that open /payment-success or the item in the app", async () => {
    const { productId, answer, params } = await checkout({ returnTo: "app" });
    expect(params.success_url).toBe(`http://localhost/app/open/payment-success?session_id={CHECKOUT_SESSION_ID}&order=${answer.orderId}`);
    expect(params.cancel_url).toBe(`http://localhost/app/open/product/${productId}`);
  });

  it("for the browser (said or not): this origin's own pages, as before", async () => {
    for (const body of [{}, { returnTo: "web" }]) {
      stripe.calls.length = 0;
      const { productId, answer, params } = await checkout(body);
      expect(params.success_url).toBe(`http://localhost/payment-success?session_id={CHECKOUT_SESSION_ID}&order=${answer.orderId}`);
      expect(params.cancel_url).toBe(`http://localhost/product/${productId}`);
    }
  });

  it("refuses any other return in our words, before anything is written", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    const productId = await insertProduct(seller.id);
    await expectError(await keyedApi("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId, returnTo: "https://evil.example" } }), 400, "Invalid request");
    expect(stripe.calls).toEqual([]);
  });
});
