// App shell (spec §1): page fade, 404 page, error fallback, toasts, the PWA pieces and the native bridge.
import type { QueryClient } from "@tanstack/react-query";
import { Outlet, createRootRouteWithContext, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { PageTransition } from "@web/components/app-shell/page-transition";
import { RouteErrorFallback } from "@web/components/errors/error-fallback";
import { NotFoundPage } from "@web/components/errors/not-found-page";
import { Toaster } from "@web/components/ui/toaster";
import { hasSignInNotice } from "@web/features/auth/carried-notice";
import { useAfterFirstCommit } from "@web/lib/after-first-commit";
import { installNativeBridge } from "@web/lib/native-bridge";
import { installShellBehaviours } from "@web/lib/shell-behaviours";
import { PwaShell } from "@web/pwa/pwa-shell";

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorFallback,
});

function RootLayout() {
  useEffect(() => installShellBehaviours(document), []);
  // A sign-in made on the /auth page without the app may have left a notice for this page; its
  // texts load only then.
  useEffect(() => {
    if (hasSignInNotice()) void import("@web/features/auth/sign-in-notice").then((notice) => notice.showCarriedSignInNotice());
  }, []);
  // Back button, app state and deep links: native plugins inside the app, web events in a browser.
  const router = useRouter();
  const { queryClient } = Route.useRouteContext();
  useEffect(() => installNativeBridge({ history: router.history, queryClient }), [router, queryClient]);
  // It shows nothing on a first screen; on a prerendered first visit it mounts a task later.
  const pwaShellMounted = useAfterFirstCommit();
  return (
    <>
      <PageTransition>
        <Outlet />
      </PageTransition>
      <Toaster />
      {pwaShellMounted ? <PwaShell /> : null}
    </>
  );
}
