// /messages (second document §2 Messages; decision record 0040): the list's states and rows
// (preview with 'You: ', 'Start a conversation', unread badge), search, the chat's states, own
// messages on the right with h:mm AM/PM, Enter sends and Shift+Enter does not, Send disabled on
// blank, ?userId= opening a conversation, a live message arriving, the quiet 'Reconnecting...'
// with a catch-up on reopen, a failed send kept for a retry with the same client id, and the
// header's badge rising when the user channel says so.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage, ConversationSummary } from "@shared/messaging-api";
import { messagingKeys } from "@web/features/messaging/api";
import { queryClient } from "@web/lib/query-client";
import { SIGNED_IN, apiError, deferred, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { FakeSocket } from "../social/fake-socket";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

/** The browser's WebSocket, replaced by sockets the test drives (each one is recorded). */
class RecordedSocket extends FakeSocket {
  constructor(url: string) {
    super(url);
    FakeSocket.instances.push(this);
  }
}

const socketsTo = (path: string) => FakeSocket.instances.filter((s) => new URL(s.url).pathname === path);
const server = (fn: () => void) => act(async () => fn());

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  FakeSocket.reset();
  vi.stubGlobal("WebSocket", RecordedSocket);
});
afterEach(resetApp);

const T0 = new Date(2026, 10, 20, 15, 5).getTime();

function conversation(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: "c1",
    otherUser: { userId: "u2", username: "jonah", displayName: "Jonah Brooks", avatarUrl: null },
    lastMessage: { senderId: "u2", content: "See you at the session", createdAt: T0 },
    unreadCount: 2,
    activityAt: T0,
    ...overrides,
  };
}

function message(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `m${seq}`,
    clientId: `client-${seq}`,
    conversationId: "c1",
    senderId: "u2",
    receiverId: "u1",
    content: `Message ${seq}`,
    kind: "text",
    linkPath: null,
    createdAt: T0 + seq * 60_000,
    seq,
    cursor: `cursor-${seq}`,
    ...overrides,
  };
}

const page = (items: unknown[]) => ({ items, nextCursor: null });

function routes(overrides: Record<string, unknown> = {}) {
  return {
    "GET /api/auth/session": SIGNED_IN,
    "GET /api/unread": { messages: 2, activity: 0 },
    "GET /api/conversations": page([
      conversation(),
      conversation({
        id: "c2",
        otherUser: { userId: "u3", username: "ana", displayName: "Ana Ruiz", avatarUrl: null },
        lastMessage: { senderId: "u1", content: "Thanks!", createdAt: T0 - 1000 },
        unreadCount: 0,
      }),
      conversation({ id: "c3", otherUser: { userId: "u4", username: "lee", displayName: "Lee Park", avatarUrl: null }, lastMessage: null, unreadCount: 0 }),
    ]),
    "GET /api/conversations/c1": conversation(),
    "GET /api/conversations/c1/messages": page([message(1), message(2, { senderId: "u1", receiverId: "u2", content: "My own words" })]),
    "PUT /api/conversations/c1/read": { lastReadAt: T0 },
    ...overrides,
  };
}

describe("/messages — the list", () => {
  it("shows 'Loading conversations...', then rows with preview, 'You: ', 'Start a conversation' and the unread badge", async () => {
    const answer = deferred<Response>();
    mockApi(routes({ "GET /api/conversations": () => answer.promise }));
    renderApp("/messages");
    expect(await screen.findByText("Loading conversations...")).toBeInTheDocument();
    expect(screen.getByText("Select a conversation to start messaging")).toBeInTheDocument();
    await act(async () => answer.resolve(json(routes()["GET /api/conversations"])));
    const rows = await screen.findAllByTestId("conversation-row");
    expect(rows.map((row) => row.getAttribute("href"))).toEqual(["/messages?conversation=c1", "/messages?conversation=c2", "/messages?conversation=c3"]);
    expect(rows[0]).toHaveTextContent("Jonah Brooks");
    expect(within(rows[0]!).getByText("See you at the session")).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId("unread-badge")).toHaveTextContent("2");
    // Radix shows the fallback initials after its own effect runs, so wait for them rather than read at once.
    expect(await within(rows[0]!).findByText("JB")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("You: Thanks!")).toBeInTheDocument();
    expect(within(rows[1]!).queryByTestId("unread-badge")).not.toBeInTheDocument();
    expect(within(rows[2]!).getByText("Start a conversation")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to feed" })).toHaveAttribute("href", "/feed");
  });

  it("says 'No conversations yet', and 'No conversations found' for a search, which goes to the server", async () => {
    const user = userEvent.setup();
    const api = mockApi(routes({ "GET /api/conversations": page([]) }));
    renderApp("/messages");
    expect(await screen.findByText("No conversations yet")).toBeInTheDocument();
    await user.type(screen.getByRole("searchbox", { name: "Search conversations" }), "JoNah");
    expect(await screen.findByText("No conversations found")).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === "/api/conversations" && c.search === "?q=JoNah")).toBe(true);
  });

  it("keeps 'Failed to fetch conversations' when the list fails", async () => {
    mockApi(routes({ "GET /api/conversations": apiError(500, "internal", "An unexpected error occurred") }));
    renderApp("/messages");
    expect(await screen.findByText("Failed to fetch conversations")).toBeInTheDocument();
  });

  it("opens or creates the conversation for ?userId= and shows it", async () => {
    const api = mockApi(routes({ "POST /api/conversations": { id: "c1", created: false } }));
    const { router } = renderApp("/messages?userId=u2");
    await waitFor(() => expect(router.state.location.href).toBe("/messages?conversation=c1"));
    expect(api.callsTo("POST", "/api/conversations")[0]!.body).toEqual({ userId: "u2" });
    expect(await screen.findByText("My own words")).toBeInTheDocument();
  });
});

describe("/messages — the chat", () => {
  it("shows 'Loading messages...', then the name, @username and messages, mine on the right with h:mm AM/PM, and marks it read", async () => {
    const answer = deferred<Response>();
    const api = mockApi(routes({ "GET /api/conversations/c1/messages": () => answer.promise }));
    renderApp("/messages?conversation=c1");
    expect(await screen.findByText("Loading messages...")).toBeInTheDocument();
    await act(async () => answer.resolve(json(routes()["GET /api/conversations/c1/messages"])));
    const chat = await screen.findByRole("region", { name: "Jonah Brooks" });
    expect(within(chat).getByRole("heading", { name: "Jonah Brooks" })).toBeInTheDocument();
    expect(within(chat).getByText("@jonah")).toBeInTheDocument();
    const own = within(chat).getByTestId("message-own");
    expect(own).toHaveTextContent("My own words");
    expect(own).toHaveTextContent("3:07 PM");
    expect(own).toHaveClass("justify-end");
    expect(within(chat).getByTestId("message-other")).toHaveClass("justify-start");
    await waitFor(() => expect(api.callsTo("PUT", "/api/conversations/c1/read")).toHaveLength(1));
  });

  it("invites the first message with 'Start your conversation with {name}'", async () => {
    mockApi(routes({ "GET /api/conversations/c1/messages": page([]) }));
    renderApp("/messages?conversation=c1");
    expect(await screen.findByText("Start your conversation with Jonah Brooks")).toBeInTheDocument();
  });

  it("sends on Enter with a client id, adds a line on Shift+Enter, and disables Send on blank text", async () => {
    const user = userEvent.setup();
    const api = mockApi(
      routes({
        "POST /api/conversations/c1/messages": (call: { body: { clientId: string; content: string } }) =>
          json(message(3, { senderId: "u1", receiverId: "u2", clientId: call.body.clientId, content: call.body.content }), 201),
      }),
    );
    renderApp("/messages?conversation=c1");
    const box = await screen.findByRole("textbox", { name: "Message" });
    const send = screen.getByRole("button", { name: "Send" });
    expect(send).toBeDisabled();
    await user.type(box, "   ");
    expect(send).toBeDisabled();
    await user.clear(box);
    await user.type(box, "Line one{Shift>}{Enter}{/Shift}Line two");
    expect(box).toHaveValue("Line one\nLine two");
    expect(api.callsTo("POST", "/api/conversations/c1/messages")).toHaveLength(0);
    await user.type(box, "{Enter}");
    await waitFor(() => expect(api.callsTo("POST", "/api/conversations/c1/messages")).toHaveLength(1));
    const body = api.callsTo("POST", "/api/conversations/c1/messages")[0]!.body as { clientId: string; content: string };
    expect(body.content).toBe("Line one\nLine two");
    expect(body.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(box).toHaveValue("");
    await waitFor(() => expect(screen.getAllByTestId("message-own")).toHaveLength(2));
  });

  it("keeps a failed message as 'Not sent' and retries it with the same client id", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = true;
    const api = mockApi(
      routes({
        "POST /api/conversations/c1/messages": (call: { body: { clientId: string; content: string } }) =>
          fail ? apiError(500, "internal", "An unexpected error occurred") : json(message(3, { senderId: "u1", clientId: call.body.clientId, content: call.body.content }), 201),
      }),
    );
    renderApp("/messages?conversation=c1");
    await user.type(await screen.findByRole("textbox", { name: "Message" }), "Are you free?{Enter}");
    expect(await screen.findByText("Not sent")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.queryByText("Not sent")).not.toBeInTheDocument());
    const [first, second] = api.callsTo("POST", "/api/conversations/c1/messages").map((c) => c.body as { clientId: string });
    expect(second!.clientId).toBe(first!.clientId);
    expect(screen.getAllByText("Are you free?")).toHaveLength(1);
  });

  it("puts a refused message back in the composer with the reason, and offers no Retry that would fail again", async () => {
    const user = userEvent.setup();
    const reason = "Links can be sent once Jonah Brooks replies. Send your message without the link for now.";
    let refuse = true;
    const api = mockApi(
      routes({
        "POST /api/conversations/c1/messages": (call: { body: { clientId: string; content: string } }) =>
          refuse ? apiError(400, "validation_failed", reason) : json(message(3, { senderId: "u1", clientId: call.body.clientId, content: call.body.content }), 201),
      }),
    );
    renderApp("/messages?conversation=c1");
    const box = await screen.findByRole("textbox", { name: "Message" });
    await user.type(box, "Demo at soundcloud.com/mara/demo{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent(`Not sent: ${reason}`);
    expect(box).toHaveValue("Demo at soundcloud.com/mara/demo");
    expect(box).toHaveAccessibleDescription(`Not sent: ${reason}`);
    expect(screen.queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
    expect(screen.queryByText("Not sent")).not.toBeInTheDocument();
    expect(screen.getAllByTestId("message-own")).toHaveLength(1);
    expect(api.callsTo("POST", "/api/conversations/c1/messages")).toHaveLength(1);
    // Edited and sent again, the reason goes away.
    refuse = false;
    await user.clear(box);
    await user.type(box, "Demo coming soon{Enter}");
    await waitFor(() => expect(screen.getAllByTestId("message-own")).toHaveLength(2));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows a link in a message as a link naming its host, opening in a new tab without passing on standing", async () => {
    mockApi(routes({ "GET /api/conversations/c1/messages": page([message(1, { content: "Stems: https://www.dropbox.com/s/abc/stems.zip?dl=0 — enjoy" })]) }));
    renderApp("/messages?conversation=c1");
    const link = await screen.findByRole("link", { name: /www\.dropbox\.com\/s\/abc\/stems\.zip/ });
    expect(link).toHaveAttribute("href", "https://www.dropbox.com/s/abc/stems.zip?dl=0");
    expect(link).toHaveAttribute("rel", "nofollow noopener ugc");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAccessibleName("www.dropbox.com/s/abc/stems.zip?dl=0, opens www.dropbox.com in a new tab");
    expect(screen.getByTestId("message-other")).toHaveTextContent("Stems: www.dropbox.com/s/abc/stems.zip?dl=0 — enjoy");
  });

  it("shows a live message and typing, hints 'Reconnecting...' quietly, and catches up from the last message on reopen", async () => {
    const api = mockApi(routes({ "GET /api/conversations/c1/messages": (call: { search: string }) => json(call.search.includes("since=cursor-3") ? page([message(4)]) : call.search.includes("since") ? page([]) : routes()["GET /api/conversations/c1/messages"]) }));
    renderApp("/messages?conversation=c1");
    await screen.findByText("My own words");
    const room = () => socketsTo("/api/conversations/c1/live").at(-1)!;
    await waitFor(() => expect(socketsTo("/api/conversations/c1/live")).toHaveLength(1));
    await server(() => room().serverOpen());
    await server(() => room().serverSend({ type: "typing", userId: "u2", typing: true }));
    expect(screen.getByTestId("typing")).toHaveTextContent("Jonah Brooks is typing...");
    await server(() => room().serverSend({ type: "message.created", message: message(3, { content: "Live hello" }) }));
    expect(await screen.findByText("Live hello")).toBeInTheDocument();
    expect(screen.queryByTestId("typing")).not.toBeInTheDocument();

    expect(screen.queryByText("Message 4")).not.toBeInTheDocument();
    await server(() => room().serverClose());
    expect(screen.getByTestId("reconnecting")).toHaveTextContent("Reconnecting...");
    await waitFor(() => expect(socketsTo("/api/conversations/c1/live")).toHaveLength(2), { timeout: 3000 });
    await server(() => room().serverOpen());
    expect(await screen.findByText("Message 4")).toBeInTheDocument();
    // Each open catches up from the newest message held: at first message 2, after the drop message 3.
    expect(api.calls.filter((c) => c.search.includes("since=")).map((c) => c.search)).toEqual(["?since=cursor-2", "?since=cursor-3"]);
    expect(screen.queryByTestId("reconnecting")).not.toBeInTheDocument();
  });

  it("keeps 'Reconnecting...' through every failed attempt until the room is joined again (issue #33)", async () => {
    mockApi(routes({ "GET /api/conversations/c1/messages": (call: { search: string }) => json(call.search.includes("since") ? page([]) : routes()["GET /api/conversations/c1/messages"]) }));
    renderApp("/messages?conversation=c1");
    await screen.findByText("My own words");
    const rooms = () => socketsTo("/api/conversations/c1/live");
    await waitFor(() => expect(rooms()).toHaveLength(1));
    await server(() => rooms().at(-1)!.serverOpen());
    await server(() => rooms().at(-1)!.serverClose());
    // The next attempt is under way ("joining"), and fails: the notice stays all along.
    await waitFor(() => expect(rooms()).toHaveLength(2), { timeout: 3000 });
    expect(screen.getByTestId("reconnecting")).toHaveTextContent("Reconnecting...");
    await server(() => rooms().at(-1)!.serverClose());
    expect(screen.getByTestId("reconnecting")).toHaveTextContent("Reconnecting...");
    await waitFor(() => expect(rooms()).toHaveLength(3), { timeout: 4000 });
    expect(screen.getByTestId("reconnecting")).toBeInTheDocument();
    await server(() => rooms().at(-1)!.serverOpen());
    expect(screen.queryByTestId("reconnecting")).not.toBeInTheDocument();
  });

  it("resends a message that failed while the room was down by itself, once, with its client id, when the room is back (issue #33)", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, "error").mockImplementation(() => {});
    let down = true;
    const api = mockApi(
      routes({
        "GET /api/conversations/c1/messages": (call: { search: string }) => json(call.search.includes("since") ? page([]) : routes()["GET /api/conversations/c1/messages"]),
        "POST /api/conversations/c1/messages": (call: { body: { clientId: string; content: string } }) =>
          down ? Promise.reject(new TypeError("Failed to fetch")) : json(message(3, { senderId: "u1", clientId: call.body.clientId, content: call.body.content }), 201),
      }),
    );
    renderApp("/messages?conversation=c1");
    await screen.findByText("My own words");
    const room = () => socketsTo("/api/conversations/c1/live").at(-1)!;
    await waitFor(() => expect(socketsTo("/api/conversations/c1/live")).toHaveLength(1));
    await server(() => room().serverOpen());
    await server(() => room().serverClose());
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Sent while the server was down{Enter}");
    expect(await screen.findByText("Not sent")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
    // The server comes back; the room is joined again, and nobody clicks anything.
    down = false;
    await waitFor(() => expect(socketsTo("/api/conversations/c1/live")).toHaveLength(2), { timeout: 3000 });
    await server(() => room().serverOpen());
    await waitFor(() => expect(screen.queryByText("Not sent")).not.toBeInTheDocument());
    const posts = api.callsTo("POST", "/api/conversations/c1/messages").map((c) => c.body as { clientId: string });
    expect(posts).toHaveLength(2);
    expect(posts[1]!.clientId).toBe(posts[0]!.clientId);
    expect(screen.getAllByText("Sent while the server was down")).toHaveLength(1);
  });

  it("fetches an empty conversation again when its room is back, so a message sent meanwhile shows (issue #33)", async () => {
    let sentMeanwhile = false;
    mockApi(
      routes({
        "GET /api/conversations/c1/messages": () => json(page(sentMeanwhile ? [message(1, { content: "Sent while you were away" })] : [])),
      }),
    );
    renderApp("/messages?conversation=c1");
    expect(await screen.findByText("Start your conversation with Jonah Brooks")).toBeInTheDocument();
    const room = () => socketsTo("/api/conversations/c1/live").at(-1)!;
    await waitFor(() => expect(socketsTo("/api/conversations/c1/live")).toHaveLength(1));
    await server(() => room().serverOpen());
    await server(() => room().serverClose());
    sentMeanwhile = true;
    await waitFor(() => expect(socketsTo("/api/conversations/c1/live")).toHaveLength(2), { timeout: 3000 });
    await server(() => room().serverOpen());
    expect(await screen.findByText("Sent while you were away")).toBeInTheDocument();
  });

  it("catches up from before a message it never saw, even when a message of mine came after it (issue #33)", async () => {
    const user = userEvent.setup();
    let mine: ChatMessage | null = null;
    const api = mockApi(
      routes({
        "GET /api/conversations/c1/messages": (call: { search: string }) =>
          json(call.search.includes("since=cursor-2") && mine ? page([message(3, { content: "Theirs, while my room was down" }), mine]) : call.search.includes("since") ? page([]) : routes()["GET /api/conversations/c1/messages"]),
        // Stored as seq 4: the other side's message 3 came first, and its frame was lost with the room.
        "POST /api/conversations/c1/messages": (call: { body: { clientId: string; content: string } }) => {
          mine = message(4, { senderId: "u1", receiverId: "u2", clientId: call.body.clientId, content: call.body.content });
          return json(mine, 201);
        },
      }),
    );
    renderApp("/messages?conversation=c1");
    await screen.findByText("My own words");
    const room = () => socketsTo("/api/conversations/c1/live").at(-1)!;
    await waitFor(() => expect(socketsTo("/api/conversations/c1/live")).toHaveLength(1));
    await server(() => room().serverOpen());
    await server(() => room().serverClose());
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Mine, sent meanwhile{Enter}");
    await waitFor(() => expect(screen.getAllByTestId("message-own")).toHaveLength(2));
    await waitFor(() => expect(socketsTo("/api/conversations/c1/live")).toHaveLength(2), { timeout: 3000 });
    await server(() => room().serverOpen());
    expect(await screen.findByText("Theirs, while my room was down")).toBeInTheDocument();
    expect(api.calls.filter((c) => c.search.includes("since=")).map((c) => c.search)).toEqual(["?since=cursor-2", "?since=cursor-2"]);
    expect(screen.getAllByText("Mine, sent meanwhile")).toHaveLength(1);
  });

  it("tries a failed catch-up again, so a message sent while the room was down still shows (issue #33)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    let sinceCalls = 0;
    const api = mockApi(
      routes({
        "GET /api/conversations/c1/messages": (call: { search: string }) => {
          if (!call.search.includes("since")) return json(routes()["GET /api/conversations/c1/messages"]);
          sinceCalls += 1;
          // The first open's catch-up finds nothing; after the drop the busy server fails once.
          if (sinceCalls === 1) return json(page([]));
          if (sinceCalls === 2) return apiError(503, "unavailable", "Service unavailable");
          return json(page([message(3, { content: "Sent while the room was down" })]));
        },
      }),
    );
    renderApp("/messages?conversation=c1");
    await screen.findByText("My own words");
    const room = () => socketsTo("/api/conversations/c1/live").at(-1)!;
    await waitFor(() => expect(socketsTo("/api/conversations/c1/live")).toHaveLength(1));
    await server(() => room().serverOpen());
    await waitFor(() => expect(sinceCalls).toBe(1));
    await server(() => room().serverClose());
    await waitFor(() => expect(socketsTo("/api/conversations/c1/live")).toHaveLength(2), { timeout: 3000 });
    await server(() => room().serverOpen());
    expect(await screen.findByText("Sent while the room was down", {}, { timeout: 3000 })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.search.includes("since=")).map((c) => c.search)).toEqual(["?since=cursor-2", "?since=cursor-2", "?since=cursor-2"]);
  });

  it("shows one pane at a time on a phone, with a back step from the chat to the list", async () => {
    const user = userEvent.setup();
    mockApi(routes());
    const { router } = renderApp("/messages?conversation=c1");
    await screen.findByText("My own words");
    expect(screen.getByLabelText("Messages", { selector: "aside" })).toHaveClass("max-md:hidden");
    await user.click(screen.getByRole("button", { name: "Back to conversations" }));
    await waitFor(() => expect(router.state.location.href).toBe("/messages"));
    expect(screen.getByLabelText("Messages", { selector: "aside" })).not.toHaveClass("max-md:hidden");
  });
});

describe("the header's messages badge", () => {
  it("rises when the user channel announces a new message", async () => {
    let unread = 0;
    mockApi(routes({ "GET /api/unread": () => json({ messages: unread, activity: 0 }), "GET /api/feed": page([]) }));
    renderApp("/messages");
    await screen.findAllByTestId("conversation-row");
    expect(screen.getByRole("link", { name: "Messages" })).toBeInTheDocument();
    const channel = () => socketsTo("/api/live").at(-1)!;
    await waitFor(() => expect(socketsTo("/api/live")).toHaveLength(1));
    await server(() => channel().serverOpen());
    unread = 3;
    await server(() => channel().serverSend({ type: "message.created", conversationId: "c1" }));
    expect(await screen.findByRole("link", { name: "Messages, 3 unread" })).toBeInTheDocument();
    expect(screen.getByTestId("messages-badge")).toHaveTextContent("3");
  });

  it("drops a message moderation hid from the open conversation at once, and refetches the badges", async () => {
    const api = mockApi(routes({ "GET /api/feed": page([]) }));
    renderApp("/messages?conversation=c1");
    expect(await screen.findByText("Message 1")).toBeInTheDocument();
    const channel = () => socketsTo("/api/live").at(-1)!;
    await waitFor(() => expect(socketsTo("/api/live")).toHaveLength(1));
    await server(() => channel().serverOpen());
    const unreadCalls = () => api.calls.filter((c) => c.method === "GET" && c.path === "/api/unread").length;
    const before = unreadCalls();
    await server(() => channel().serverSend({ type: "message.hidden", conversationId: "c1", messageId: "m1" }));
    await waitFor(() => expect(screen.queryByText("Message 1")).not.toBeInTheDocument());
    // The rest of the conversation stays.
    expect(screen.getByText("My own words")).toBeInTheDocument();
    await waitFor(() => expect(unreadCalls()).toBeGreaterThan(before));
  });

  it("marks a conversation's cached messages stale on the notice and adds nothing from it (the room carries messages)", async () => {
    mockApi(routes({ "GET /api/feed": page([]) }));
    renderApp("/messages");
    await screen.findAllByTestId("conversation-row");
    const key = messagingKeys.messages("c2");
    const cached = { pages: [page([message(1, { conversationId: "c2" })])], pageParams: [null] };
    queryClient.setQueryData(key, cached);
    const channel = () => socketsTo("/api/live").at(-1)!;
    await waitFor(() => expect(socketsTo("/api/live")).toHaveLength(1));
    await server(() => channel().serverOpen());
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    await server(() => channel().serverSend({ type: "message.created", conversationId: "c2" }));
    await waitFor(() => expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryData(key)).toEqual(cached);
  });
});
