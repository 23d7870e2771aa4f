// /moderation (issue #27 item 4; decision record 0083): the queue grouped by target with the
// content, reasons and account history; an action confirmed first and sent; the empty and
// failure states; and the screen closed to accounts without the role.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ModerationQueue, ModerationQueueItem } from "@shared/moderation-api";
import { queryClient } from "@web/lib/query-client";
import { SIGNED_IN, apiError, mockApi, renderApp, resetApp } from "../auth/helpers";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
});
afterEach(resetApp);

const MODERATOR = { ...SIGNED_IN, user: { ...SIGNED_IN.user, needsOnboarding: false, isModerator: true } };

const item: ModerationQueueItem = {
  targetType: "post",
  targetId: "p9",
  content: { text: "Cheap plays, DM me", mediaUrl: null, path: "/post/p9", hiddenAt: null },
  account: { userId: "u9", username: "spammy", displayName: "Spammy", joinedAt: Date.UTC(2025, 0, 5), suspendedAt: null, reportCount: 4, earlierActions: [] },
  reports: [
    { id: "r1", reason: "spam", details: null, createdAt: Date.now() - 60_000 },
    { id: "r2", reason: "other", details: "Sells fake streams", createdAt: Date.now() - 30_000 },
  ],
  reporterCount: 2,
};

const queue = (items: ModerationQueueItem[]): ModerationQueue => ({ items });

describe("/moderation", () => {
  it("shows each reported item with its content, reasons and the account's history", async () => {
    mockApi({ "GET /api/auth/session": MODERATOR, "GET /api/unread": { messages: 0, activity: 0 }, "GET /api/moderation/queue": queue([item]) });
    renderApp("/moderation");
    const [card] = await screen.findAllByTestId("moderation-item");
    expect(within(card!).getByRole("heading", { name: "2 accounts reported this" })).toBeInTheDocument();
    expect(within(card!).getByTestId("moderation-content")).toHaveTextContent("Cheap plays, DM me");
    expect(card).toHaveTextContent("Spam");
    expect(card).toHaveTextContent("“Sells fake streams”");
    expect(card).toHaveTextContent("@spammy");
    expect(card).toHaveTextContent("4 reports in total");
    expect(card).toHaveTextContent("No earlier actions");
    expect(within(card!).getAllByRole("button").map((b) => b.textContent)).toEqual(["Dismiss", "Hide content", "Suspend account"]);
    // The header offers the screen to moderators.
    expect(screen.getByRole("link", { name: "Moderation" })).toBeInTheDocument();
  });

  it("confirms an action before sending it, with the note, and reloads the queue", async () => {
    let served = queue([item]);
    const api = mockApi({
      "GET /api/auth/session": MODERATOR,
      "GET /api/unread": { messages: 0, activity: 0 },
      "GET /api/moderation/queue": () => new Response(JSON.stringify(served), { headers: { "content-type": "application/json" } }),
      "POST /api/moderation/actions": () => {
        served = queue([]);
        return new Response(JSON.stringify({ action: "hide", targetType: "post", targetId: "p9", resolvedReports: 2 }), { headers: { "content-type": "application/json" } });
      },
    });
    const user = userEvent.setup();
    renderApp("/moderation");
    await user.click(await screen.findByRole("button", { name: "Hide content" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("The content disappears for everyone but its owner.");
    expect(api.callsTo("POST", "/api/moderation/actions")).toEqual([]);
    await user.type(within(dialog).getByLabelText("Note (optional)"), "Spam wave");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/moderation/actions").map((call) => call.body)).toEqual([{ targetType: "post", targetId: "p9", action: "hide", note: "Spam wave" }]));
    expect(await screen.findByTestId("moderation-empty")).toHaveTextContent("No open reports");
  });

  it("says when the queue failed to load", async () => {
    mockApi({ "GET /api/auth/session": MODERATOR, "GET /api/unread": { messages: 0, activity: 0 }, "GET /api/moderation/queue": apiError(500, "internal", "An unexpected error occurred") });
    renderApp("/moderation");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load the reports");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("is closed to accounts without the role, and not in their header", async () => {
    const api = mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/unread": { messages: 0, activity: 0 } });
    const { router } = renderApp("/moderation");
    await waitFor(() => expect(router.state.location.pathname).toBe("/feed"));
    expect(api.callsTo("GET", "/api/moderation/queue")).toEqual([]);
    expect(screen.queryByRole("link", { name: "Moderation" })).not.toBeInTheDocument();
  });
});
