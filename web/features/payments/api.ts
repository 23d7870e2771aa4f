// The payments overview, custom offers and payouts for the SPA (decision records 0049, 0050 and
// 0039; the contracts in shared/payments-api.ts and shared/checkout-api.ts): a key factory, query
// options for the totals, the recent payments, the two offer lists, one offer and the payout
// account, and the Create Invoice, withdraw, onboarding-link and payout refresh mutations.
// Calls go through the typed hc client and `unwrap`, so a failure carries the server's message.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { OnboardingLink, PayoutAccount } from "@shared/checkout-api";
import type { CreateOfferBody, Offer, OfferPage, OfferRole, PaymentPage, PaymentTotals } from "@shared/payments-api";
import { api, ApiClientError, unwrap } from "@web/lib/api-client";
import { cursorPages, pageQuery } from "@web/lib/paging";

const paymentKeys = {
  all: ["payments"] as const,
  summary: () => [...paymentKeys.all, "summary"] as const,
  recent: () => [...paymentKeys.all, "recent"] as const,
  offers: () => [...paymentKeys.all, "offers"] as const,
  offerList: (role: OfferRole) => [...paymentKeys.offers(), "list", role] as const,
  offer: (offerId: string) => [...paymentKeys.offers(), "detail", offerId] as const,
  payoutAccount: () => [...paymentKeys.all, "payout-account"] as const,
};


const paymentCalls = {
  summary: (signal?: AbortSignal): Promise<PaymentTotals> => unwrap(api.api.payments.summary.$get(undefined, { init: { signal } })),
  recent: (cursor: string | null, signal?: AbortSignal): Promise<PaymentPage> => unwrap(api.api.payments.recent.$get({ query: pageQuery(cursor) }, { init: { signal } })),
  offers: (role: OfferRole, cursor: string | null, signal?: AbortSignal): Promise<OfferPage> =>
    unwrap(api.api.offers.$get({ query: { role, ...pageQuery(cursor) } }, { init: { signal } })),
  offer: (offerId: string, signal?: AbortSignal): Promise<Offer> => unwrap(api.api.offers[":offerId"].$get({ param: { offerId } }, { init: { signal } })),
  create: (body: CreateOfferBody): Promise<Offer> => unwrap(api.api.offers.$post({ json: body })),
  withdraw: (offerId: string): Promise<Offer> => unwrap(api.api.offers[":offerId"].withdraw.$post({ param: { offerId } })),
  payoutAccount: (signal?: AbortSignal): Promise<PayoutAccount> => unwrap(api.api.payouts.account.$get(undefined, { init: { signal } })),
  onboardingLink: (): Promise<OnboardingLink> => unwrap(api.api.payouts["onboarding-link"].$post({ json: {} })),
  refreshPayoutAccount: (): Promise<PayoutAccount> => unwrap(api.api.payouts.refresh.$post()),
};

export function paymentTotalsQueryOptions() {
  return queryOptions({ queryKey: paymentKeys.summary(), queryFn: ({ signal }) => paymentCalls.summary(signal) });
}

export function recentPaymentsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: paymentKeys.recent(),
    queryFn: ({ pageParam, signal }) => paymentCalls.recent(pageParam, signal),
    ...cursorPages,
  });
}

export function offersQueryOptions(role: OfferRole) {
  return infiniteQueryOptions({
    queryKey: paymentKeys.offerList(role),
    queryFn: ({ pageParam, signal }) => paymentCalls.offers(role, pageParam, signal),
    ...cursorPages,
  });
}

/** True for the API's 404: the offer does not exist or is not the caller's (the API does not say which). */
export function isOfferNotFound(error: unknown): boolean {
  return error instanceof ApiClientError && error.status === 404;
}

export function offerQueryOptions(offerId: string) {
  return queryOptions({
    queryKey: paymentKeys.offer(offerId),
    queryFn: ({ signal }) => paymentCalls.offer(offerId, signal),
    retry: (failures, error) => !isOfferNotFound(error) && failures < 1,
  });
}

/** Create Invoice: on success the sent list is fetched again, so the new offer is listed. */
export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: paymentCalls.create,
    onSuccess: (offer) => {
      queryClient.setQueryData(paymentKeys.offer(offer.id), offer);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.offerList("sent") });
    },
  });
}

export function useWithdrawOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: paymentCalls.withdraw,
    onSuccess: (offer) => {
      queryClient.setQueryData(paymentKeys.offer(offer.id), offer);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.offers() });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Payouts (decision records 0039 and 0081): where the seller's Stripe account stands, the link
// into onboarding, and the check with Stripe after coming back from it.

export function payoutAccountQueryOptions() {
  return queryOptions({ queryKey: paymentKeys.payoutAccount(), queryFn: ({ signal }) => paymentCalls.payoutAccount(signal) });
}

/** A fresh onboarding link (Stripe's, or the TEST MODE page); the caller sends the tab there. */
export function useOnboardingLink() {
  return useMutation({ mutationFn: paymentCalls.onboardingLink });
}

/** Asks the server to ask Stripe; the answer replaces the cached account. */
export function useRefreshPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: paymentCalls.refreshPayoutAccount,
    onSuccess: (account) => queryClient.setQueryData(paymentKeys.payoutAccount(), account),
  });
}
