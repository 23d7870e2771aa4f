// Renders the real route tree at a path with an in-memory history, as the app would.
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryHistory } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { createAppRouter } from "@web/app";
import { queryClient } from "@web/lib/query-client";

type AppRouter = ReturnType<typeof createAppRouter>;
const rendered = new Set<AppRouter>();

// A navigation still loading when a test ends would commit after the file's jsdom is gone, and
// React then fails on the missing `window` (an unhandled rejection that fails the run). Each
// router is let settle before Testing Library unmounts it: this hook is registered after the
// setup file's cleanup, so it runs before it.
afterEach(async () => {
  for (const router of rendered) {
    await vi
      .waitFor(
        () => {
          if (router.state.status !== "idle" || router.state.isLoading) throw new Error("still loading");
        },
        { timeout: 3000, interval: 20 },
      )
      .catch(() => undefined);
  }
  rendered.clear();
});

export function renderRoute(path: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  rendered.add(router);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, ...result };
}
