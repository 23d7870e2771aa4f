import { QueryClientProvider } from "@tanstack/react-query";
import { type RouterHistory, RouterProvider, createRouter } from "@tanstack/react-router";
import { ErrorBoundary } from "./components/errors/error-fallback";
import { NotFoundPage } from "./components/errors/not-found-page";
import { nextTask } from "./lib/next-task";
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

type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}

let router: AppRouter | undefined;

/**
 * The app's one router, built on first use rather than while the entry's modules evaluate: on a
 * first visit the evaluation and the router's construction are then two tasks instead of one long
 * one (decision record 0075).
 */
function appRouter(): AppRouter {
  router ??= createAppRouter();
  return router;
}

/**
 * Resolves the first screen (its guards, loaders and code) before anything is rendered. A page
 * that arrives with prerendered HTML in #root (auth-page.html, decision record 0075) waits for
 * this, so that the app's first render replaces that HTML with the finished screen rather than
 * with a blank or a spinner. The router is built in one task and starts loading in the next.
 */
/** The router's id of the screen on show (`/_authed/users/$userId`), for error reports; none before the router exists. */
export function currentRouteId(): string | undefined {
  return router?.state.matches.at(-1)?.routeId;
}

export async function loadFirstScreen(): Promise<void> {
  const firstRouter = appRouter();
  await nextTask();
  await firstRouter.load();
}

export function App() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={appRouter()} />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
