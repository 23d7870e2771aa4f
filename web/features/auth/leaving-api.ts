// Leaving (decision record 0084): the SPA's calls for "Download my data" and "Delete my account".
import { queryOptions } from "@tanstack/react-query";
import type { DataExportState, DeletionConfirmation } from "@shared/leaving-api";
import type { DeleteAccountInput } from "@shared/schemas/leaving";
import { api, unwrap } from "@web/lib/api-client";

export const leavingKeys = {
  all: ["account-leaving"] as const,
  export: () => [...leavingKeys.all, "export"] as const,
  confirmation: () => [...leavingKeys.all, "confirmation"] as const,
};

/** How this account confirms it is them before deleting, and this device's Google confirmation. */
export function deletionConfirmationQueryOptions() {
  return queryOptions({
    queryKey: leavingKeys.confirmation(),
    queryFn: ({ signal }): Promise<DeletionConfirmation> => unwrap(api.api.account.reauth.$get(undefined, { init: { signal } })),
  });
}

/** Where "Confirm with Google" goes: the Worker redirects on to Google and back to /settings?reauth=…. */
export const GOOGLE_REAUTH_START = "/api/auth/google/reauth";

export function exportStateQueryOptions() {
  return queryOptions({
    queryKey: leavingKeys.export(),
    queryFn: (): Promise<DataExportState> => unwrap(api.api.account.export.$get()),
  });
}

export function requestExport(): Promise<DataExportState> {
  return unwrap(api.api.account.export.$post());
}

export function deleteAccount(json: DeleteAccountInput) {
  return unwrap(api.api.account.delete.$post({ json }));
}

/** The mailed link's own address: the browser downloads it with the session cookie. */
export function exportDownloadHref(id: string): string {
  return `/api/account/export/${encodeURIComponent(id)}`;
}
