// Orders and payment answers as the API gives them (shared/checkout-api.ts).
import type { CreateEmbeddedPaymentResponse, OrderDetail, OrderSummary } from "@shared/checkout-api";
import type { PurchaseItem } from "@web/features/checkout/api";
import { NOW } from "../posts/fixtures";

export const BEAT: PurchaseItem = { itemType: "product", itemId: "pr1", itemName: "Midnight Drums (beat)", priceCents: 4500 };

/**
 * What create-embedded-payment answers in test mode. The amounts differ from the item's on
 * purpose: the dialog must show the server's.
 */
export function testModeSession(overrides: Partial<CreateEmbeddedPaymentResponse> = {}): CreateEmbeddedPaymentResponse {
  return { clientSecret: "test_secret_o1", orderId: "o1", testMode: true, publishableKey: null, priceCents: 4000, feeCents: 200, totalCents: 4200, ...overrides };
}

export function stripeSession(publishableKey: string, overrides: Partial<CreateEmbeddedPaymentResponse> = {}): CreateEmbeddedPaymentResponse {
  return { clientSecret: "pi_1_secret_abc", orderId: "o1", testMode: false, publishableKey, priceCents: 4500, feeCents: 225, totalCents: 4725, ...overrides };
}

export function makeOrderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    packageLabel: null,
    dispute: null,
    id: "o1",
    itemType: "product",
    itemId: "pr1",
    itemName: "Midnight Drums (beat)",
    kind: "digital",
    productType: "digital",
    priceCents: 4500,
    feeCents: 225,
    totalCents: 4725,
    currency: "usd",
    status: "paid",
    testMode: true,
    createdAt: NOW - 60 * 60_000,
    paidAt: NOW - 59 * 60_000,
    statusChangedAt: NOW - 59 * 60_000,
    role: "buyer",
    counterpart: { id: "u2", username: "jonah", displayName: "Jonah Brooks", avatarUrl: null },
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const summary = makeOrderSummary(overrides);
  return {
    versions: [],
    notes: [],
    history: [
      { id: "h1", status: "pending", actor: "buyer", note: null, createdAt: summary.createdAt },
      { id: "h2", status: "paid", actor: "system", note: null, createdAt: summary.createdAt + 60_000 },
    ],
    files: [],
    hasProductFile: summary.kind === "digital",
    autoCompleteAt: null,
    actions: [],
    ...summary,
    ...overrides,
  };
}
