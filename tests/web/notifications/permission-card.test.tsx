// Asking for push at a moment that explains itself (issue #30 item 2): never on load; after the
// person's first message in a conversation, "Get notified when Jonah Brooks replies"; for a seller
// looking at a sale, "Get notified about new orders". "Turn on" asks the browser from the click;
// "Not now" hides the card for 30 days; no card where push cannot work, is on, or is blocked.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OrderDetail } from "@shared/checkout-api";
import { NOTIFICATION_SCREEN_TEXTS } from "@shared/messages";
import type { ChatMessage, ConversationSummary } from "@shared/messaging-api";
import { EMAIL_ON_BY_DEFAULT, NOTIFICATION_CATEGORIES } from "@shared/notifications-api";
import { PUSH_MOMENT_SNOOZE_MS, PushMomentCard } from "@web/components/push-moment-card";
import { queryClient } from "@web/lib/query-client";
import { SIGNED_IN, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { makeOrder } from "../checkout/fixtures";
import { installIntersectionObserver } from "../posts/fixtures";
import { FakeSocket } from "../social/fake-socket";
import { findToast, renderSocial } from "../social/helpers";
import { SUBSCRIPTION_JSON, VAPID_KEY, installFakePush, uninstallFakePush } from "./fake-push";

vi.mock("wavesurfer.js", async () => (await import("../posts/wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

const T = NOTIFICATION_SCREEN_TEXTS;
const REPLY_TITLE = T.moments.message.title("Jonah Brooks");
const ME = SIGNED_IN.user.id;

const PREFERENCES = {
  categories: Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, { push: true, email: EMAIL_ON_BY_DEFAULT.includes(c) }])),
  quietHours: null,
  timeZone: "UTC",
  vapidPublicKey: VAPID_KEY,
  devices: 0,
};

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
  installIntersectionObserver();
});
afterEach(() => {
  uninstallFakePush();
  resetApp();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// ---- The conversation ----

const conversation: ConversationSummary = {
  id: "c1",
  otherUser: { userId: "u2", username: "jonah", displayName: "Jonah Brooks", avatarUrl: null },
  lastMessage: null,
  unreadCount: 0,
  activityAt: 1,
};

function sentMessage(clientId: string, content: string): ChatMessage {
  return { id: "m1", clientId, conversationId: "c1", senderId: ME, receiverId: "u2", content, kind: "text", linkPath: null, createdAt: Date.now(), seq: 1, cursor: "cursor-1" };
}

function conversationApi() {
  return mockApi({
    "GET /api/auth/session": SIGNED_IN,
    "GET /api/unread": { messages: 0, activity: 0 },
    "GET /api/conversations": { items: [conversation], nextCursor: null },
    "GET /api/conversations/c1": conversation,
    "GET /api/conversations/c1/messages": { items: [], nextCursor: null },
    "PUT /api/conversations/c1/read": { lastReadAt: 1 },
    "POST /api/conversations/c1/messages": (call: { body: unknown }) => {
      const { clientId, content } = call.body as { clientId: string; content: string };
      return json(sentMessage(clientId, content), 201);
    },
    "GET /api/notifications/preferences": PREFERENCES,
    "POST /api/push/subscriptions": json({ id: "s1" }, 201),
  });
}

/** Lets pending reads and effects finish, so an absent card is absent for good, not yet to come. */
const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 100)));

async function sendFirstMessage() {
  const user = userEvent.setup();
  renderApp("/messages?conversation=c1");
  const box = await screen.findByRole("textbox", { name: "Message" });
  await screen.findByText("Start your conversation with Jonah Brooks");
  // Nothing is offered on arrival, once everything on screen has settled.
  await settle();
  expect(screen.queryByRole("region", { name: REPLY_TITLE })).toBeNull();
  await user.type(box, "Hi Jonah, are you free on Friday?{Enter}");
  return { user, box };
}

describe("after the first message", () => {
  it("is not shown on load, appears once the message is sent, and does not take the focus", async () => {
    const push = installFakePush();
    conversationApi();
    const { box } = await sendFirstMessage();
    const card = await screen.findByRole("region", { name: REPLY_TITLE });
    expect(within(card).getByText(T.moments.message.description)).toBeInTheDocument();
    expect(push.requestPermission).not.toHaveBeenCalled();
    // The composer keeps the focus; the buttons are ordinary buttons, reachable by Tab.
    expect(box).toHaveFocus();
    for (const name of [T.moments.turnOn, T.moments.notNow]) {
      const button = within(card).getByRole("button", { name });
      expect(button.tagName).toBe("BUTTON");
      expect(button).not.toHaveAttribute("tabindex", "-1");
    }
  });

  it("turns push on from its button: the browser is asked from the click, the subscription is posted, the card goes", async () => {
    const push = installFakePush();
    const api = conversationApi();
    const { user } = await sendFirstMessage();
    const card = await screen.findByRole("region", { name: REPLY_TITLE });
    await user.click(within(card).getByRole("button", { name: T.moments.turnOn }));
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("region", { name: REPLY_TITLE })).toBeNull());
    expect(api.callsTo("POST", "/api/push/subscriptions").map((c) => c.body)).toEqual([{ kind: "web", endpoint: SUBSCRIPTION_JSON.endpoint, keys: SUBSCRIPTION_JSON.keys }]);
    expect(await findToast(T.device.turnedOn)).toBeInTheDocument();
  });

  it("goes away for good when the browser's prompt is refused", async () => {
    const push = installFakePush({ answer: "denied" });
    const api = conversationApi();
    const { user } = await sendFirstMessage();
    await user.click(within(await screen.findByRole("region", { name: REPLY_TITLE })).getByRole("button", { name: T.moments.turnOn }));
    await waitFor(() => expect(screen.queryByRole("region", { name: REPLY_TITLE })).toBeNull());
    expect(push.state.permission).toBe("denied");
    expect(api.callsTo("POST", "/api/push/subscriptions")).toEqual([]);
  });

  it("is not shown where push cannot work", async () => {
    const api = conversationApi();
    await sendFirstMessage();
    await screen.findByTestId("message-own");
    await settle();
    expect(screen.queryByRole("region", { name: REPLY_TITLE })).toBeNull();
    expect(api.callsTo("GET", "/api/notifications/preferences")).toEqual([]);
  });
});

describe("a message push's path", () => {
  it("/messages/{id} opens that conversation", async () => {
    conversationApi();
    const { router } = renderApp("/messages/c1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/messages"));
    expect(router.state.location.search).toEqual({ conversation: "c1" });
    expect(await screen.findByText("Start your conversation with Jonah Brooks")).toBeInTheDocument();
  });
});

// ---- The card on its own ----

describe("PushMomentCard", () => {
  function preferencesApi() {
    return mockApi({ "GET /api/notifications/preferences": PREFERENCES, "POST /api/push/subscriptions": json({ id: "s1" }, 201) });
  }

  it("hides on Not now, and stays away for 30 days for that moment only", async () => {
    const user = userEvent.setup();
    installFakePush();
    preferencesApi();
    const first = renderSocial(<PushMomentCard moment="message" userId={ME} name="Jonah Brooks" />);
    const card = await screen.findByRole("region", { name: REPLY_TITLE });
    await user.click(within(card).getByRole("button", { name: T.moments.notNow }));
    expect(screen.queryByRole("region", { name: REPLY_TITLE })).toBeNull();
    first.unmount();

    // Remembered: mounting it again shows nothing.
    const second = renderSocial(<PushMomentCard moment="message" userId={ME} name="Jonah Brooks" />);
    await settle();
    expect(screen.queryByRole("region", { name: REPLY_TITLE })).toBeNull();
    second.unmount();

    // Another moment is still offered.
    const sale = renderSocial(<PushMomentCard moment="sale" userId={ME} />);
    expect(await screen.findByRole("region", { name: T.moments.sale.title })).toBeInTheDocument();
    sale.unmount();

    // After 30 days it may ask again.
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + PUSH_MOMENT_SNOOZE_MS + 60_000);
    renderSocial(<PushMomentCard moment="message" userId={ME} name="Jonah Brooks" />);
    expect(await screen.findByRole("region", { name: REPLY_TITLE })).toBeInTheDocument();
  });

  it.each([
    ["blocked in the browser", () => installFakePush({ permission: "denied" })],
    [
      "already on for this account",
      () => {
        installFakePush({ permission: "granted", subscribed: true });
        localStorage.setItem("backline:push-owner", ME);
      },
    ],
    ["unsupported", () => {}],
  ])("is not shown when push is %s", async (_case, setUp) => {
    setUp();
    preferencesApi();
    renderSocial(<PushMomentCard moment="sale" userId={ME} />);
    await settle();
    expect(screen.queryByRole("region", { name: T.moments.sale.title })).toBeNull();
  });

  it("is not shown when the server has no VAPID key", async () => {
    installFakePush();
    const api = mockApi({ "GET /api/notifications/preferences": { ...PREFERENCES, vapidPublicKey: null } });
    renderSocial(<PushMomentCard moment="sale" userId={ME} />);
    await waitFor(() => expect(api.callsTo("GET", "/api/notifications/preferences")).toHaveLength(1));
    await settle();
    expect(screen.queryByRole("region", { name: T.moments.sale.title })).toBeNull();
  });
});

// ---- A sale ----

describe("on a sale", () => {
  function openOrder(order: OrderDetail) {
    mockApi({ "GET /api/auth/session": SIGNED_IN, [`GET /api/orders/${order.id}`]: order, "GET /api/notifications/preferences": PREFERENCES });
    renderApp(`/orders/${order.id}`);
  }

  it("offers push to the seller looking at the order", async () => {
    installFakePush();
    openOrder(makeOrder({ role: "seller", status: "paid" }));
    await screen.findByTestId("order-detail");
    expect(await screen.findByRole("region", { name: T.moments.sale.title })).toBeInTheDocument();
  });

  it("offers nothing to the buyer", async () => {
    installFakePush();
    openOrder(makeOrder({ role: "buyer", status: "paid" }));
    await screen.findByTestId("order-detail");
    await settle();
    expect(screen.queryByRole("region", { name: T.moments.sale.title })).toBeNull();
  });
});
