// /activity (second document §2 Activity, §8 'Failed to load activity feed'; DESIGN.md read state
// on the server and click targets; decision record 0041): the four texts, the unread dot, the
// empty state, the failure toast, a click that marks the item read and goes to its target, 'Mark
// all as read', and the Activity tab's badge rising live.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ActivityItem } from "@shared/messaging-api";
import { queryClient } from "@web/lib/query-client";
import { SIGNED_IN, apiError, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { FakeSocket } from "../social/fake-socket";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

class RecordedSocket extends FakeSocket {
  constructor(url: string) {
    super(url);
    FakeSocket.instances.push(this);
  }
}

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  FakeSocket.reset();
  vi.stubGlobal("WebSocket", RecordedSocket);
});
afterEach(resetApp);

const fan = { userId: "u2", username: "jonah", displayName: "Jonah Brooks", avatarUrl: null };

function item(type: ActivityItem["type"], overrides: Partial<ActivityItem> = {}): ActivityItem {
  return {
    id: `${type}-1`,
    type,
    user: fan,
    postId: type === "like" || type === "comment" ? "p1" : null,
    conversationId: type === "message" ? "c1" : null,
    content: type === "comment" ? "Huge drums" : type === "message" ? "Can we collab?" : null,
    isRead: false,
    createdAt: Date.now() - 60_000,
    ...overrides,
  };
}

const feed = (items: ActivityItem[]) => ({ items, unreadCount: items.filter((i) => !i.isRead).length });

describe("/activity", () => {
  it("shows the spec's texts, an unread dot on unread items only, and the back button", async () => {
    mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/unread": { messages: 0, activity: 3 },
      "GET /api/activity": feed([item("like"), item("comment"), item("follow", { isRead: true }), item("message")]),
    });
    renderApp("/activity");
    const items = await screen.findAllByTestId("activity-item");
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining("Jonah Brooks liked your post"),
      expect.stringContaining("Jonah Brooks commented on your post"),
      expect.stringContaining("Jonah Brooks started following you"),
      expect.stringContaining("Jonah Brooks sent you a message"),
    ]);
    expect(items.map((i) => within(i).queryByTestId("unread-dot") !== null)).toEqual([true, true, false, true]);
    expect(within(items[1]!).getByText("Huge drums")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back" })).toBeInTheDocument();
    expect(await screen.findByTestId("activity-badge")).toHaveTextContent("3");
  });

  it("shows the empty state", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/unread": { messages: 0, activity: 0 }, "GET /api/activity": feed([]) });
    renderApp("/activity");
    const empty = await screen.findByTestId("activity-empty");
    expect(empty).toHaveTextContent("No recent activity");
    expect(empty).toHaveTextContent("When people interact with your posts or follow you, you'll see it here.");
    expect(screen.queryByRole("button", { name: /Mark all as read/ })).not.toBeInTheDocument();
  });

  it("says 'Failed to load activity feed' in an Error toast and on the screen", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/unread": { messages: 0, activity: 0 }, "GET /api/activity": apiError(500, "internal", "An unexpected error occurred") });
    renderApp("/activity");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load activity feed");
    expect(await screen.findByText("Failed to load activity feed", { selector: "[data-sonner-toast] *" })).toBeInTheDocument();
  });

  it.each([
    ["like", "/post/p1"],
    ["comment", "/post/p1"],
    ["follow", "/profile/u2"],
    ["message", "/messages?conversation=c1"],
  ] as const)("marks a %s read on the server and goes to %s", async (type, target) => {
    const user = userEvent.setup();
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/unread": { messages: 0, activity: 1 },
      "GET /api/activity": feed([item(type)]),
      [`PUT /api/activity/${type}-1/read`]: { id: `${type}-1`, isRead: true },
    });
    const { router } = renderApp("/activity");
    await user.click(await screen.findByTestId("activity-item"));
    await waitFor(() => expect(router.state.location.href).toBe(target));
    expect(api.callsTo("PUT", `/api/activity/${type}-1/read`)).toHaveLength(1);
  });

  it("marks all as read", async () => {
    const user = userEvent.setup();
    let all = [item("like"), item("follow", { id: "follow-1" })];
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/unread": { messages: 0, activity: 2 },
      "GET /api/activity": () => json(feed(all)),
      "POST /api/activity/read-all": () => {
        all = all.map((i) => ({ ...i, isRead: true }));
        return json({ unreadCount: 0 });
      },
    });
    renderApp("/activity");
    await screen.findAllByTestId("activity-item");
    expect(screen.getAllByTestId("unread-dot")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: /Mark all as read/ }));
    await waitFor(() => expect(screen.queryAllByTestId("unread-dot")).toHaveLength(0));
    expect(api.callsTo("POST", "/api/activity/read-all")).toHaveLength(1);
    expect(screen.getByRole("button", { name: /Mark all as read/ })).toBeDisabled();
  });

  it("shows new activity live when the user channel announces it", async () => {
    let all: ActivityItem[] = [];
    let unread = 0;
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/unread": () => json({ messages: 0, activity: unread }), "GET /api/activity": () => json(feed(all)) });
    renderApp("/activity");
    await screen.findByTestId("activity-empty");
    await waitFor(() => expect(FakeSocket.instances.filter((s) => s.url.endsWith("/api/live"))).toHaveLength(1));
    const channel = FakeSocket.instances.find((s) => s.url.endsWith("/api/live"))!;
    await act(async () => channel.serverOpen());
    all = [item("like")];
    unread = 1;
    await act(async () => channel.serverSend({ type: "activity.created", activityType: "like" }));
    expect(await screen.findByText("Jonah Brooks liked your post")).toBeInTheDocument();
    expect(await screen.findByTestId("activity-badge")).toHaveTextContent("1");
  });
});
