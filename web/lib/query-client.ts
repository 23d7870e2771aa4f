import { QueryClient } from "@tanstack/react-query";

// Reads run even when the browser says it is offline ("offlineFirst"): the service worker answers
// the session and the feed from its cache then (decision 0062), and the others fail at once with
// the usual error instead of waiting paused for a connection.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false, networkMode: "offlineFirst" } },
});
