// App shell (spec §1): page fade, 404 page, error fallback, toasts and the PWA pieces.
import type { QueryClient } from "@tanstack/react-query";
import { Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import { useEffect } from "react";
import { PageTransition } from "../components/app-shell/page-transition";
import { RouteErrorFallback } from "../components/errors/error-fallback";
import { NotFoundPage } from "../components/errors/not-found-page";
import { Toaster } from "../components/ui/toaster";
import { installShellBehaviours } from "../lib/shell-behaviours";
import { PwaShell } from "../pwa/pwa-shell";

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorFallback,
});

function RootLayout() {
  useEffect(() => installShellBehaviours(document), []);
  return (
    <>
      <PageTransition>
        <Outlet />
      </PageTransition>
      <Toaster />
      <PwaShell />
    </>
  );
}
