// The comments dialog (spec §2 comments dialog; §4 comment reply and realtime; §5 comments; §8
// 'Failed to load comments', 'Failed to add comment', 'Comment added!'): nesting, Reply/Cancel,
// clearing after a send, Enter/Shift+Enter, live comments deduplicated by id, catch-up with
// ?since= after the socket (re)opens, deletion, the failure toasts, and the pages of decision
// record 0061 (Load more, View N more replies, live comments beyond the loaded pages).
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CommentsDialog } from "@web/features/social/components/comments-dialog";
import { apiError, json, mockApi } from "../auth/helpers";
import { NOW, makePost } from "../posts/fixtures";
import { FakeSocket } from "./fake-socket";
import { POST_KEY, commentPage, findToast, makeComment, renderSocial, replyPage, thread, type TestThread } from "./helpers";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => FakeSocket.reset());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const c1 = makeComment({ id: "c1", userId: "u3", content: "First!", createdAt: NOW - 50 * 60_000 });
const r1 = makeComment({ id: "r1", userId: "u2", parentId: "c1", content: "Thanks Rae", createdAt: NOW - 40 * 60_000 });
const c2 = makeComment({ id: "c2", userId: "u2", content: "Line one\nLine two <b>not bold</b>", createdAt: NOW - 30 * 60_000 });
const THREADS: TestThread[] = [thread(c1, [r1]), thread(c2)];

function Harness({ viewerId }: { viewerId: string | null }) {
  const [open, setOpen] = useState(true);
  return <CommentsDialog post={makePost()} viewerId={viewerId} open={open} onOpenChange={setOpen} createSocket={FakeSocket.create} />;
}

async function openDialog(routes: Parameters<typeof mockApi>[0] = {}, viewerId: string | null = "u1") {
  const api = mockApi({ "GET /api/posts/p1/comments": json(commentPage(THREADS)), ...routes });
  const result = renderSocial(<Harness viewerId={viewerId} />, (qc) => qc.setQueryData(POST_KEY("p1"), makePost({ commentsCount: 3 })));
  await screen.findByTestId("comment-list");
  return { api, ...result };
}

const threadTexts = () =>
  screen.getAllByTestId("comment-thread").map((li) => ({
    text: within(li).getAllByTestId("comment-text")[0]!.textContent,
    replies: within(li).queryAllByTestId("comment-replies").flatMap((ol) => within(ol).getAllByTestId("comment-text").map((el) => el.textContent)),
  }));

const input = () => screen.getByRole("textbox");

/** Runs a server-side event, then lets React Query's batched notifications reach React. */
async function server(event: () => void) {
  await act(async () => {
    event();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe("comments dialog", () => {
  it("lists top-level comments oldest first with replies nested one level, authors and escaped multi-line text", async () => {
    await openDialog();
    expect(threadTexts()).toEqual([
      { text: "First!", replies: ["Thanks Rae"] },
      { text: "Line oneLine two <b>not bold</b>", replies: [] },
    ]);
    const second = screen.getAllByTestId("comment-thread")[1]!;
    expect(within(second).getByText("@jonah")).toBeInTheDocument();
    expect(within(second).getByRole("link", { name: /^Jonah Brooks/ })).toHaveAttribute("href", "/profile/u2");
    expect(within(second).getByText("30m")).toBeInTheDocument();
    // One <br> between the lines, and the markup stays text.
    const text = within(second).getByTestId("comment-text");
    expect(text.querySelectorAll("br")).toHaveLength(1);
    expect(text.querySelector("b")).toBeNull();
    expect(screen.getByTestId("comments-total")).toHaveTextContent("3");
  });

  it("Reply sets the target, Cancel clears it, and a send clears the text and the target", async () => {
    const user = userEvent.setup();
    const created = makeComment({ id: "r2", userId: "u1", parentId: "c1", content: "Same here", createdAt: NOW });
    const { api } = await openDialog({ "POST /api/posts/p1/comments": json(created, 201) });

    await user.click(screen.getByRole("button", { name: "Reply to @rae" }));
    expect(screen.getByTestId("reply-target")).toHaveTextContent("Replying to @rae");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("reply-target")).toBeNull();

    await user.click(screen.getAllByRole("button", { name: "Reply to @jonah" })[0]!);
    expect(screen.getByTestId("reply-target")).toHaveTextContent("Replying to @jonah");
    await user.type(input(), "Same here{Enter}");
    expect(await findToast("Comment added!")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/posts/p1/comments").map((c) => c.body)).toEqual([{ content: "Same here", parentId: "r1" }]);
    expect(input()).toHaveValue("");
    expect(screen.queryByTestId("reply-target")).toBeNull();
    expect(threadTexts()[0]).toEqual({ text: "First!", replies: ["Thanks Rae", "Same here"] });

    // The room broadcasts the same comment: it stays listed once.
    await server(() => FakeSocket.last().serverOpen());
    await server(() => FakeSocket.last().serverSend({ type: "comment.created", comment: created }));
    expect(threadTexts()[0]!.replies).toEqual(["Thanks Rae", "Same here"]);
    expect(screen.getByTestId("comments-total")).toHaveTextContent("4");
  });

  it("Shift+Enter starts a new line; Send is disabled while the text is blank; the counter shows n/1000", async () => {
    const user = userEvent.setup();
    const { api } = await openDialog({ "POST /api/posts/p1/comments": json(makeComment({ id: "c9", content: "a\nb" }), 201) });
    const send = screen.getByRole("button", { name: "Send comment" });
    expect(send).toBeDisabled();
    await user.type(input(), "   ");
    expect(send).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(api.callsTo("POST", "/api/posts/p1/comments")).toHaveLength(0);
    await user.clear(input());
    await user.type(input(), "a{Shift>}{Enter}{/Shift}b");
    expect(input()).toHaveValue("a\nb");
    expect(screen.getByTestId("comment-counter")).toHaveTextContent("3/1000");
    expect(input()).toHaveAttribute("maxLength", "1000");
    expect(api.callsTo("POST", "/api/posts/p1/comments")).toHaveLength(0);
    await user.click(send);
    await waitFor(() => expect(api.callsTo("POST", "/api/posts/p1/comments")).toHaveLength(1));
    expect(api.calls.at(-1)!.body).toEqual({ content: "a\nb", parentId: null });
  });

  it("shows comments from anyone as they arrive, once each, and removes deleted ones", async () => {
    await openDialog();
    await server(() => FakeSocket.last().serverOpen());
    const live = makeComment({ id: "c3", userId: "u2", content: "Live from the studio", createdAt: NOW });
    await server(() => FakeSocket.last().serverSend({ type: "comment.created", comment: live }));
    await server(() => FakeSocket.last().serverSend({ type: "comment.created", comment: live }));
    expect(threadTexts().map((t) => t.text)).toEqual(["First!", "Line oneLine two <b>not bold</b>", "Live from the studio"]);
    expect(screen.getByTestId("comments-total")).toHaveTextContent("4");

    const reply = makeComment({ id: "r3", userId: "u3", parentId: "c2", content: "Reply live", createdAt: NOW + 1 });
    await server(() => FakeSocket.last().serverSend({ type: "comment.created", comment: reply }));
    expect(threadTexts()[1]!.replies).toEqual(["Reply live"]);

    await server(() => FakeSocket.last().serverSend({ type: "comment.deleted", commentId: "c1", postId: "p1" }));
    expect(threadTexts().map((t) => t.text)).toEqual(["Line oneLine two <b>not bold</b>", "Live from the studio"]);
    // A malformed frame changes nothing.
    await server(() => FakeSocket.last().serverSend({ type: "comment.created", comment: { id: "bad" } }));
    expect(screen.getAllByTestId("comment-thread")).toHaveLength(2);
  });

  it("catches up with ?since=<newest comment> when the socket opens and again after it reconnects", async () => {
    const since: string[] = [];
    const missed = makeComment({ id: "c4", userId: "u3", content: "Sent while you were away", createdAt: NOW + 5 });
    let round = 0;
    await openDialog({
      "GET /api/posts/p1/comments": ({ search }: { search: string }) => {
        const cursor = new URLSearchParams(search).get("since");
        if (!cursor) return json(commentPage(THREADS));
        since.push(cursor);
        round += 1;
        return json({ items: round === 2 ? [missed] : [], hasMore: false });
      },
    });
    expect(screen.getByTestId("live-indicator")).toHaveTextContent("Connecting…");
    await server(() => FakeSocket.last().serverOpen());
    expect(screen.getByTestId("live-indicator")).toHaveTextContent("Live");
    await waitFor(() => expect(since).toEqual([c2.cursor]));

    await server(() => FakeSocket.last().serverClose());
    expect(screen.getByTestId("live-indicator")).toHaveTextContent("Reconnecting…");
    // The first retry comes 1 s later (spec §9).
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2), { timeout: 2000 });
    await server(() => FakeSocket.last().serverOpen());
    await screen.findByText("Sent while you were away");
    expect(since).toEqual([c2.cursor, c2.cursor]);
    expect(screen.getByTestId("live-indicator")).toHaveTextContent("Live");
  });

  it("after a reconnect, catches up from before one's own comment sent while the room was down, so another's comment from then is not skipped", async () => {
    const user = userEvent.setup();
    const since: string[] = [];
    const theirs = makeComment({ id: "c5", userId: "u3", content: "Theirs, during the outage", createdAt: NOW + 5 });
    const mine = makeComment({ id: "c6", userId: "u1", content: "Mine, during the outage", createdAt: NOW + 6 });
    let reconnected = false;
    await openDialog({
      "GET /api/posts/p1/comments": ({ search }: { search: string }) => {
        const cursor = new URLSearchParams(search).get("since");
        if (!cursor) return json(commentPage(THREADS));
        since.push(cursor);
        // The server answers what came after the cursor it is given.
        if (!reconnected) return json({ items: [], hasMore: false });
        return json({ items: cursor === c2.cursor ? [theirs, mine] : [], hasMore: false });
      },
      "POST /api/posts/p1/comments": json(mine, 201),
    });
    await server(() => FakeSocket.last().serverOpen());
    await waitFor(() => expect(since).toEqual([c2.cursor]));

    // The room goes away; the API still answers, so the person's own comment is stored.
    await server(() => FakeSocket.last().serverClose());
    await user.type(input(), "Mine, during the outage{Enter}");
    expect(await findToast("Comment added!")).toBeInTheDocument();
    expect(threadTexts().map((t) => t.text)).toContain("Mine, during the outage");

    reconnected = true;
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2), { timeout: 2000 });
    await server(() => FakeSocket.last().serverOpen());
    await screen.findByText("Theirs, during the outage");
    // From the newest comment heard from the room, not from one's own POST's answer.
    expect(since).toEqual([c2.cursor, c2.cursor]);
    expect(threadTexts().map((t) => t.text)).toEqual(["First!", "Line oneLine two <b>not bold</b>", "Theirs, during the outage", "Mine, during the outage"]);
    expect(screen.getByTestId("comments-total")).toHaveTextContent("5");
  });

  it("closes the room when the dialog closes", async () => {
    const user = userEvent.setup();
    await openDialog();
    const ws = FakeSocket.last();
    await server(() => ws.serverOpen());
    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(ws.closedByClient).toBe(true));
  });

  it("lets the author delete their own comment after confirming", async () => {
    const user = userEvent.setup();
    const mine = makeComment({ id: "c5", userId: "u1", content: "Oops", createdAt: NOW - 1000, viewer: { canDelete: true } });
    const { api } = await openDialog({
      "GET /api/posts/p1/comments": json(commentPage([...THREADS, thread(mine)])),
      "DELETE /api/comments/c5": json({ ok: true }),
    });
    // Only the own comment offers Delete (the viewer does not own the post).
    expect(screen.getAllByRole("button", { name: /^Delete comment/ })).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Delete comment by @maya" }));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByText("Oops")).toBeNull());
    expect(api.callsTo("DELETE", "/api/comments/c5")).toHaveLength(1);
  });

  it("says the first page is loading in a named status (axe refuses a name on a plain div)", async () => {
    mockApi({ "GET /api/posts/p1/comments": () => new Promise<Response>(() => {}) });
    renderSocial(<Harness viewerId="u1" />);
    const loading = await screen.findByRole("status", { name: "Loading comments" });
    expect(loading).toHaveAttribute("aria-busy", "true");
  });

  it("says 'Failed to load comments' with a retry when the list cannot be read", async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({ "GET /api/posts/p1/comments": () => (fail ? apiError(500, "internal", "An unexpected error occurred") : json(commentPage(THREADS))) });
    renderSocial(<Harness viewerId="u1" />);
    expect(await findToast("Failed to load comments")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("First!")).toBeInTheDocument();
  });

  it("keeps the text and says why when the server refuses a comment", async () => {
    const user = userEvent.setup();
    await openDialog({ "POST /api/posts/p1/comments": apiError(400, "bad_request", "Content contains prohibited words") });
    await user.type(input(), "free bitcoin spam{Enter}");
    expect(await findToast("Failed to add comment")).toBeInTheDocument();
    expect(screen.getByText("Content contains prohibited words")).toBeInTheDocument();
    expect(input()).toHaveValue("free bitcoin spam");
  });

  it("shows the limit's own toast when commenting too often", async () => {
    const user = userEvent.setup();
    await openDialog({
      "POST /api/posts/p1/comments": apiError(429, "rate_limited", "Please wait 12 minutes before trying again", {
        title: "Too Many Attempts",
        retryAfterSeconds: 700,
      }),
    });
    await user.type(input(), "hello{Enter}");
    expect(await findToast("Too Many Attempts")).toBeInTheDocument();
    expect(screen.getByText("Please wait 12 minutes before trying again")).toBeInTheDocument();
  });

  it("asks a visitor to sign in instead of sending", async () => {
    const user = userEvent.setup();
    const { api } = await openDialog({}, null);
    await user.type(input(), "hi{Enter}");
    expect(await findToast("You must be logged in to comment")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/posts/p1/comments")).toHaveLength(0);
  });
});

describe("comment pages", () => {
  const c6 = makeComment({ id: "c6", userId: "u2", content: "On the second page", createdAt: NOW - 20 * 60_000 });
  const r2 = makeComment({ id: "r2", userId: "u1", parentId: "c1", content: "Older reply two", createdAt: NOW - 39 * 60_000 });
  const r3 = makeComment({ id: "r3", userId: "u2", parentId: "c1", content: "Older reply three", createdAt: NOW - 38 * 60_000 });
  /** Page one: c1 (one of its three replies shown) and c2; page two: c6. */
  const pages = (second: TestThread[] = [thread(c6)]) => ({
    "GET /api/posts/p1/comments": ({ search }: { search: string }) => {
      const params = new URLSearchParams(search);
      if (params.get("since")) return json({ items: [], hasMore: false });
      if (params.get("cursor") === "page-2") return json(commentPage(second, { latest: null, total: 6 }));
      return json(commentPage([thread(c1, [r1], { replyCount: 3, repliesCursor: "replies-of-c1" }), thread(c2)], { nextCursor: "page-2", total: 6 }));
    },
  });

  it("loads the next page with 'Load more comments' and a thread's hidden replies with 'View 2 more replies'", async () => {
    const user = userEvent.setup();
    const { api } = await openDialog({ ...pages(), "GET /api/comments/c1/replies": json(replyPage([r2, r3])) });
    expect(screen.getByTestId("comments-total")).toHaveTextContent("6");
    expect(threadTexts()).toEqual([
      { text: "First!", replies: ["Thanks Rae"] },
      { text: "Line oneLine two <b>not bold</b>", replies: [] },
    ]);

    await user.click(screen.getByRole("button", { name: "View 2 more replies" }));
    await waitFor(() => expect(threadTexts()[0]!.replies).toEqual(["Thanks Rae", "Older reply two", "Older reply three"]));
    expect(screen.queryByRole("button", { name: /more repl/ })).toBeNull();
    // The thread's cursor goes back exactly as the server gave it.
    expect(api.callsTo("GET", "/api/comments/c1/replies").map((c) => new URLSearchParams(c.search).get("cursor"))).toEqual(["replies-of-c1"]);
    // Each reply shows its author from the page's map.
    expect(within(screen.getAllByTestId("comment-replies")[0]!).getByRole("link", { name: /^Maya Lopez/ })).toHaveAttribute("href", "/profile/u1");

    await user.click(screen.getByRole("button", { name: "Load more comments" }));
    await waitFor(() => expect(threadTexts().map((t) => t.text)).toEqual(["First!", "Line oneLine two <b>not bold</b>", "On the second page"]));
    expect(screen.queryByRole("button", { name: "Load more comments" })).toBeNull();
    expect(api.calls.filter((c) => c.path === "/api/posts/p1/comments").map((c) => new URLSearchParams(c.search).get("cursor"))).toEqual([null, "page-2"]);
  });

  it("shows a live comment after the unread pages, counts a reply to an unloaded thread, and lists each once when its page arrives", async () => {
    const user = userEvent.setup();
    const live = makeComment({ id: "c7", userId: "u3", content: "Newest of all", createdAt: NOW });
    await openDialog(pages([thread(c6), thread(live)]));
    await server(() => FakeSocket.last().serverOpen());
    await server(() => FakeSocket.last().serverSend({ type: "comment.created", comment: live }));
    // After the Load more button, in its own list: the pages between are not read yet.
    const newest = screen.getByRole("list", { name: "Newest comments" });
    expect(within(newest).getByText("Newest of all")).toBeInTheDocument();
    expect(screen.getByTestId("comments-total")).toHaveTextContent("7");

    // A reply to a thread on a page not loaded: nothing to show yet, but it counts, once.
    const late = makeComment({ id: "r9", userId: "u2", parentId: "c6", content: "Late reply", createdAt: NOW + 1 });
    await server(() => FakeSocket.last().serverSend({ type: "comment.created", comment: late }));
    await server(() => FakeSocket.last().serverSend({ type: "comment.created", comment: late }));
    expect(screen.getByTestId("comments-total")).toHaveTextContent("8");
    expect(screen.queryByText("Late reply")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Load more comments" }));
    await waitFor(() => expect(screen.queryByRole("list", { name: "Newest comments" })).toBeNull());
    expect(threadTexts().map((t) => t.text)).toEqual(["First!", "Line oneLine two <b>not bold</b>", "On the second page", "Newest of all"]);
  });

  it("shows the viewer's own new comment at once while older pages are unread, and counts a delete the server reports", async () => {
    const user = userEvent.setup();
    const mine = makeComment({ id: "c8", userId: "u1", content: "My take", createdAt: NOW, viewer: { canDelete: true } });
    await openDialog({ ...pages(), "POST /api/posts/p1/comments": json(mine, 201) });
    await user.type(input(), "My take{Enter}");
    expect(await findToast("Comment added!")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Newest comments" })).getByText("My take")).toBeInTheDocument();
    expect(screen.getByTestId("comments-total")).toHaveTextContent("7");
    // A comment on a page not loaded is deleted: the room says what the post's count is now.
    await server(() => FakeSocket.last().serverOpen());
    await server(() => FakeSocket.last().serverSend({ type: "comment.deleted", commentId: "c6", postId: "p1", commentsCount: 4 }));
    expect(screen.getByTestId("comments-total")).toHaveTextContent("4");
  });

  it("keeps the loaded comments and offers a retry when the next page fails", async () => {
    const user = userEvent.setup();
    let fail = true;
    const base = pages()["GET /api/posts/p1/comments"];
    await openDialog({
      "GET /api/posts/p1/comments": (call: { search: string }) =>
        fail && new URLSearchParams(call.search).get("cursor") ? apiError(500, "internal", "An unexpected error occurred") : base(call),
    });
    await user.click(screen.getByRole("button", { name: "Load more comments" }));
    expect(await findToast("Failed to load comments")).toBeInTheDocument();
    expect(threadTexts()).toHaveLength(2);
    fail = false;
    await user.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByText("On the second page")).toBeInTheDocument();
  });
});
