import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary, ErrorFallback } from "@web/components/errors/error-fallback";
import { LOCAL_LOG_LIMITS } from "@shared/constants";
import { ERROR_LOG_KEY, appendErrorLog, readErrorLog } from "@web/lib/error-log";

function Flaky({ state }: { state: { fail: boolean } }) {
  if (state.fail) throw new Error("waveform decode failed");
  return <p>Track loaded</p>;
}

describe("error fallback (spec §2, §4, §8)", () => {
  it("catches a render error, shows the fallback and logs the error locally", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Flaky state={{ fail: true }} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Try Again/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Reload Page/ })).toBeInTheDocument();
    const log = readErrorLog();
    expect(log).toHaveLength(1);
    expect(log[0]?.message).toBe("waveform decode failed");
    expect(log[0]?.componentStack).toContain("Flaky");
  });

  it("Try Again resets the boundary and renders the children again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const state = { fail: true };
    const onReset = vi.fn(() => {
      state.fail = false;
    });
    render(
      <ErrorBoundary onReset={onReset}>
        <Flaky state={state} />
      </ErrorBoundary>,
    );
    await userEvent.click(screen.getByRole("button", { name: /Try Again/ }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.getByText("Track loaded")).toBeInTheDocument();
    expect(screen.queryByText("Something went wrong")).not.toBeInTheDocument();
  });

  it("Reload Page reloads", async () => {
    const onReload = vi.fn();
    render(<ErrorFallback onTryAgain={() => {}} onReload={onReload} />);
    await userEvent.click(screen.getByRole("button", { name: /Reload Page/ }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it("caps the local error log at 50 entries, dropping the oldest first", () => {
    expect(LOCAL_LOG_LIMITS.errors).toBe(50);
    for (let i = 1; i <= 57; i++) appendErrorLog(new Error(`error ${i}`));
    const log = readErrorLog();
    expect(log).toHaveLength(50);
    expect(log[0]?.message).toBe("error 8");
    expect(log.at(-1)?.message).toBe("error 57");
    expect(JSON.parse(localStorage.getItem(ERROR_LOG_KEY) ?? "[]")).toHaveLength(50);
  });

  it("survives a corrupt log in storage", () => {
    localStorage.setItem(ERROR_LOG_KEY, "{not json");
    expect(readErrorLog()).toEqual([]);
    expect(appendErrorLog("plain string")).toHaveLength(1);
  });
});

describe("route error component", () => {
  it("shows the fallback for a route that throws, logs it once, and Try Again re-renders the route", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } = await import(
      "@tanstack/react-router"
    );
    const { RouteErrorFallback } = await import("@web/components/errors/error-fallback");
    const state = { fail: true };
    const rootRoute = createRootRoute({ component: () => <Outlet /> });
    const trackRoute = createRoute({
      getParentRoute: () => rootRoute,
      path: "/track",
      component: () => <Flaky state={state} />,
      errorComponent: RouteErrorFallback,
    });
    const router = createRouter({
      routeTree: rootRoute.addChildren([trackRoute]),
      history: createMemoryHistory({ initialEntries: ["/track"] }),
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(readErrorLog().map((entry) => entry.message)).toEqual(["waveform decode failed"]);
    state.fail = false;
    await userEvent.click(screen.getByRole("button", { name: /Try Again/ }));
    expect(await screen.findByText("Track loaded")).toBeInTheDocument();
  });
});
