import { QueryClientProvider } from "@tanstack/react-query";
import { type RouterHistory, RouterProvider, createRouter } from "@tanstack/react-router";
import { ErrorBoundary } from "./components/errors/error-fallback";
import { NotFoundPage } from "./components/errors/not-found-page";
import { queryClient } from "./lib/query-client";
import { routeTree } from "./routeTree.gen";

/** Builds the router; tests pass a memory history to render any route in jsdom. */
export function createAppRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    history: options.history,
    context: { queryClient },
    defaultPreload: "intent",
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

const router = createAppRouter();

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

/**
 * Resolves the first screen (its guards, loaders and code) before anything is rendered. A page
 * that arrives with prerendered HTML in #root (auth-page.html, decision record 0068) waits for
 * this, so that the app's first render replaces that HTML with the finished screen rather than
 * with a blank or a spinner.
 */
export function loadFirstScreen(): Promise<void> {
  return router.load();
}

export function App() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
