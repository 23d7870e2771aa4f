// web/lib/report-error.ts (issue #28 item 5): the SPA reports uncaught errors, unhandled
// rejections and error boundaries to /api/client-errors, sampled per page load, at most five per
// page and each message once, with the screen's route pattern and never its address.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLIENT_ERROR_LIMITS, CLIENT_ERROR_SAMPLING } from "@shared/client-errors";

type Reporter = typeof import("@web/lib/report-error");

let fetchMock: ReturnType<typeof vi.fn>;
let uninstall: (() => void) | undefined;
beforeEach(() => {
  vi.resetModules();
  fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
  vi.unstubAllGlobals();
});

/** A fresh reporter module (its state is per page load), installed with a chosen sample draw. */
async function installed(draw: number, route = "/_authed/users/$userId"): Promise<Reporter> {
  const reporter = await import("@web/lib/report-error");
  uninstall = reporter.installErrorReporter(() => route, () => draw);
  return reporter;
}

const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string) as Record<string, unknown>);

describe("the client error reporter", () => {
  it("sends nothing before it is installed (components in tests, the prerendered pages)", async () => {
    const reporter = await import("@web/lib/report-error");
    reporter.reportClientError("boundary", new Error("render failed"));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends nothing from a page load sampled out", async () => {
    const reporter = await installed(CLIENT_ERROR_SAMPLING.rate);
    reporter.reportClientError("error", new Error("boom"));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends an uncaught error with its stack and the route pattern, as a same-origin keepalive POST", async () => {
    await installed(0);
    const error = new TypeError("x is undefined");
    window.dispatchEvent(new ErrorEvent("error", { error, message: error.message }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe("/api/client-errors");
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin", keepalive: true });
    expect(sentBodies()[0]).toEqual({ kind: "error", message: "x is undefined", stack: error.stack, route: "/_authed/users/$userId" });
  });

  it("sends an unhandled rejection's reason, even when it is not an Error", async () => {
    await installed(0);
    const event = new Event("unhandledrejection") as Event & { reason: unknown };
    event.reason = "network down";
    window.dispatchEvent(event);
    expect(sentBodies()).toEqual([{ kind: "unhandledrejection", message: "network down", route: "/_authed/users/$userId" }]);
  });

  it("sends each message once and at most five per page load", async () => {
    const reporter = await installed(0);
    for (let i = 0; i < 3; i++) reporter.reportClientError("boundary", new Error("same"));
    for (let i = 0; i < 10; i++) reporter.reportClientError("error", new Error(`different ${i}`));
    expect(fetchMock).toHaveBeenCalledTimes(CLIENT_ERROR_SAMPLING.perPage);
    expect(sentBodies().map((body) => body.message)).toEqual(["same", "different 0", "different 1", "different 2", "different 3"]);
  });

  it("cuts the message and stack to the route's bounds and drops a route that is an address", async () => {
    const reporter = await import("@web/lib/report-error");
    const error = new Error("m".repeat(1000));
    error.stack = "s".repeat(10_000);
    const report = reporter.clientErrorReport("error", error, "/users/abc?tab=posts");
    expect(report.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(report.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(report).not.toHaveProperty("route");
  });
});
