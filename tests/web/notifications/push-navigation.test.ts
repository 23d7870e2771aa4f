// The page's side of a notification click (web/pwa/push-navigation.ts, issue #30 item 2): the
// service worker's { type: "navigate", path } moves the router and is answered, so the worker
// does not reload the window; a path that would leave the origin is neither followed nor answered.
import { describe, expect, it, vi } from "vitest";
import { listenForPushNavigation } from "@web/pwa/push-navigation";

/** A service worker container whose 'message' listeners the test calls. */
function fakeContainer() {
  const target = new EventTarget();
  return target as unknown as ServiceWorkerContainer;
}

function message(container: ServiceWorkerContainer, data: unknown) {
  const channel = new MessageChannel();
  const answered = vi.fn();
  channel.port1.onmessage = (event) => answered(event.data);
  container.dispatchEvent(new MessageEvent("message", { data, ports: [channel.port2] }));
  return { answered, channel };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("listenForPushNavigation", () => {
  it("navigates to the path and tells the worker it did", async () => {
    const container = fakeContainer();
    const navigate = vi.fn();
    const stop = listenForPushNavigation(navigate, container);
    const { answered, channel } = message(container, { type: "navigate", path: "/messages/c_42?from=push" });
    await tick();
    expect(navigate).toHaveBeenCalledWith("/messages/c_42?from=push");
    expect(answered).toHaveBeenCalledWith({ type: "navigated" });
    channel.port1.close();
    stop();
  });

  it.each(["//evil.example", "/\\evil.example", "https://evil.example/", 7])("neither follows nor answers %s", async (path) => {
    const container = fakeContainer();
    const navigate = vi.fn();
    const stop = listenForPushNavigation(navigate, container);
    const { answered, channel } = message(container, { type: "navigate", path });
    await tick();
    expect(navigate).not.toHaveBeenCalled();
    expect(answered).not.toHaveBeenCalled();
    channel.port1.close();
    stop();
  });

  it("ignores other messages, and stops listening on cleanup", async () => {
    const container = fakeContainer();
    const navigate = vi.fn();
    const stop = listenForPushNavigation(navigate, container);
    message(container, { type: "cache-updated" });
    stop();
    message(container, { type: "navigate", path: "/feed" });
    await tick();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("does nothing where there are no service workers", () => {
    expect(listenForPushNavigation(vi.fn(), undefined)).toBeTypeOf("function");
  });
});
