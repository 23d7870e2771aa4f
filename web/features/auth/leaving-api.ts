// Leaving (decision record 0084): the SPA's calls for "Download my data" and "Delete my account".
import { queryOptions } from "@tanstack/react-query";
import type { DataExportState } from "@shared/leaving-api";
import type { DeleteAccountInput } from "@shared/schemas/leaving";
import { api, unwrap } from "@web/lib/api-client";

export const leavingKeys = {
  all: ["account-leaving"] as const,
  export: () => [...leavingKeys.all, "export"] as const,
};

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
