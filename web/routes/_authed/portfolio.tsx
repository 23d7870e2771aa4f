// /portfolio, the signed-in user's showcase of their own posts (spec
// marketplace-messaging-account §2 "Portfolio"; decision record 0053).
import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { PORTFOLIO_TEXTS } from "@shared/messages";
import { Spinner } from "@web/components/ui/spinner";
import { ownPortfolioQueryOptions } from "@web/features/portfolio/api";

/**
 * The editor brings dnd-kit, which no other screen needs: it is loaded when /portfolio opens, in a
 * chunk of its own, like the analytics chart.
 */
const PortfolioEditor = lazy(() => import("@web/features/portfolio/components/portfolio-editor"));

export const Route = createFileRoute("/_authed/portfolio")({
  // Started here, not awaited (decision record 0016).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(ownPortfolioQueryOptions());
  },
  component: PortfolioRoute,
});

function PortfolioRoute() {
  const { user } = Route.useRouteContext();
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-16">
          <Spinner label={PORTFOLIO_TEXTS.loading} />
        </div>
      }
    >
      <PortfolioEditor userId={user.id} />
    </Suspense>
  );
}
