// The payments overview and custom offers for the SPA (decision records 0049 and 0050; the
// contract in shared/payments-api.ts): a key factory, query options for the totals, the recent
// payments, the two offer lists and one offer, and the Create Invoice and withdraw mutations.
// Calls go through the typed hc client and `unwrap`, so a failure carries the server's message.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
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
};


const paymentCalls = {
  summary: (signal?: AbortSignal): Promise<PaymentTotals> => unwrap(api.api.payments.summary.$get(undefined, { init: { signal } })),
  recent: (cursor: string | null, signal?: AbortSignal): Promise<PaymentPage> => unwrap(api.api.payments.recent.$get({ query: pageQuery(cursor) }, { init: { signal } })),
  offers: (role: OfferRole, cursor: string | null, signal?: AbortSignal): Promise<OfferPage> =>
    unwrap(api.api.offers.$get({ query: { role, ...pageQuery(cursor) } }, { init: { signal } })),
  offer: (offerId: string, signal?: AbortSignal): Promise<Offer> => unwrap(api.api.offers[":offerId"].$get({ param: { offerId } }, { init: { signal } })),
  create: (body: CreateOfferBody): Promise<Offer> => unwrap(api.api.offers.$post({ json: body })),
  withdraw: (offerId: string): Promise<Offer> => unwrap(api.api.offers[":offerId"].withdraw.$post({ param: { offerId } })),
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
