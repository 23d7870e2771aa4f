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

export function App() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
