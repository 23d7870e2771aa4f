// /app/open/{path} (decision record 0093): a hand-off link that opens {path} in the native app,
// e.g. Stripe Checkout's return to /payment-success when the app opened Checkout in the system
// browser. The operating system hands the link to the app and the native bridge routes it here;
// opened in a browser instead, it opens the same page there.
import { createFileRoute, redirect } from "@tanstack/react-router";
import { openedPath } from "@shared/native-app";

export const Route = createFileRoute("/app/open/$")({
  beforeLoad: ({ location }) => {
    throw redirect({ href: openedPath(location.pathname, location.searchStr) ?? "/feed", replace: true });
  },
});
