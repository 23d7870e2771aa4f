// Comments pinned to moments of an audio post (issue #31 item 1, decision record 0089): the
// markers along the waveform, surfacing as the track plays through them, the plain list with
// accessible names that seeks, "Comment at 1:23" opening the comments with that pin, the pin in
// the composer, and moments written in a comment's text as seek buttons within the track only.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MarkerPage } from "@shared/social-api";
import { PostCard } from "@web/features/posts/components/post-card";
import { CommentsDialog } from "@web/features/social/components/comments-dialog";
import { PostActions } from "@web/features/social/components/post-actions";
import { json, mockApi } from "../auth/helpers";
import { FakeSocket } from "../social/fake-socket";
import { commentPage, makeComment, POST_KEY, renderSocial, thread } from "../social/helpers";
import { audioPost, installIntersectionObserver, makePost, renderWithProviders } from "./fixtures";
import { created, type FakeWaveSurfer } from "./wavesurfer-mock";

vi.mock("wavesurfer.js", async () => (await import("./wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  created.length = 0;
  FakeSocket.reset();
  installIntersectionObserver();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** 1:23.4 of audio, by Jonah Brooks (u2). */
const POST = audioPost({ commentsCount: 3 });
const MARKERS_PATH = `/api/posts/${POST.id}/comments/markers`;
const AUTHORS = {
  u3: { userId: "u3", username: "rae", displayName: "Rae Kim", avatarUrl: null, verified: false },
  u2: { userId: "u2", username: "jonah", displayName: "Jonah Brooks", avatarUrl: null, verified: true },
};
const MARKERS: MarkerPage = {
  items: [
    { id: "m1", userId: "u3", atMs: 10_000, content: "Kick is muddy", createdAt: 1 },
    { id: "m2", userId: "u2", atMs: 60_000, content: "Here comes the drop", createdAt: 2 },
  ],
  authors: AUTHORS,
  nextCursor: null,
};

/** The card's wavesurfer, once built. */
async function player(): Promise<FakeWaveSurfer> {
  await waitFor(() => expect(created.length).toBeGreaterThan(0));
  return created.at(-1)!;
}

/** The media element says something happened: runs the player's handlers inside act. */
async function media(ws: FakeWaveSurfer, event: string, seconds?: number) {
  await act(async () => {
    if (seconds !== undefined) ws.state.time = seconds;
    if (event === "play") ws.state.playing = true;
    if (event === "pause") ws.state.playing = false;
    ws.emit(event, ...(seconds === undefined ? [] : [seconds]));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe("markers on the waveform", () => {
  it("loads nothing until the player is used, then shows avatars along the track that surface and seek", async () => {
    const user = userEvent.setup();
    const api = mockApi({ [`GET ${MARKERS_PATH}`]: json(MARKERS) });
    renderWithProviders(<PostCard post={POST} />);
    const ws = await player();
    // A feed of audio cards asks for no markers until someone listens.
    expect(screen.queryByTestId("marker-strip")).toBeNull();
    expect(screen.queryByTestId("comment-at")).toBeNull();
    expect(api.callsTo("GET", MARKERS_PATH)).toHaveLength(0);

    await media(ws, "play", 0);
    await media(ws, "timeupdate", 0.5);
    const avatars = await screen.findAllByTestId("marker-avatar");
    expect(api.callsTo("GET", MARKERS_PATH)).toHaveLength(1);
    // Placed by their moment within the stored duration (83.4 s).
    expect(avatars.map((avatar) => [avatar.dataset.atMs, Number.parseFloat(avatar.style.left)])).toEqual([
      ["10000", expect.closeTo((10_000 / 83_400) * 100, 3)],
      ["60000", expect.closeTo((60_000 / 83_400) * 100, 3)],
    ]);
    // The strip is for eyes and fingers; the list is the accessible way (below).
    expect(screen.getByTestId("marker-strip")).toHaveAttribute("aria-hidden", "true");
    expect(avatars.every((avatar) => avatar.tabIndex === -1)).toBe(true);

    // As the playhead passes 0:10, Rae's comment surfaces for a few seconds, then goes.
    expect(screen.queryByTestId("marker-surfacing")).toBeNull();
    await media(ws, "timeupdate", 11);
    expect(screen.getByTestId("marker-surfacing")).toHaveTextContent("Rae KimKick is muddy");
    await media(ws, "timeupdate", 14);
    expect(screen.queryByTestId("marker-surfacing")).toBeNull();
    await media(ws, "timeupdate", 61);
    expect(screen.getByTestId("marker-surfacing")).toHaveTextContent("Jonah BrooksHere comes the drop");
    // Paused, nothing surfaces.
    await media(ws, "pause", 61);
    expect(screen.queryByTestId("marker-surfacing")).toBeNull();

    // Tapping an avatar plays from its moment.
    await user.click(avatars[0]!);
    expect(ws.setTime).toHaveBeenLastCalledWith(10);
    expect(ws.play).toHaveBeenCalledTimes(1);
  });

  it("lists the markers for the keyboard and screen readers, and each plays from its moment", async () => {
    const user = userEvent.setup();
    mockApi({ [`GET ${MARKERS_PATH}`]: json(MARKERS) });
    renderWithProviders(<PostCard post={POST} />);
    const ws = await player();
    const toggle = screen.getByRole("button", { name: "Comments on the track" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const list = await screen.findByRole("list", { name: "Comments on the track" });
    const buttons = within(list).getAllByRole("button");
    expect(buttons.map((button) => button.getAttribute("aria-label"))).toEqual(["Comment by Rae Kim at 0:10", "Comment by Jonah Brooks at 1:00"]);
    // The visible words are part of the name (what a voice-control user says).
    expect(buttons.map((button) => button.textContent)).toEqual(["Rae Kim at 0:10", "Jonah Brooks at 1:00"]);
    expect(within(list).getByText("Here comes the drop")).toBeInTheDocument();
    // Reached with Tab and pressed with Enter.
    buttons[1]!.focus();
    await user.keyboard("{Enter}");
    expect(ws.setTime).toHaveBeenLastCalledWith(60);
    expect(ws.play).toHaveBeenCalled();
    await user.click(toggle);
    expect(screen.queryByRole("list", { name: "Comments on the track" })).toBeNull();
  });

  it("says so when there are none, asks nothing for a post without comments, and shows no markers on other posts or unmeasured audio", async () => {
    const user = userEvent.setup();
    const api = mockApi({});
    const { unmount } = renderWithProviders(<PostCard post={audioPost({ commentsCount: 0 })} />);
    await player();
    await user.click(screen.getByRole("button", { name: "Comments on the track" }));
    expect(screen.getByText("No comments on the track yet")).toBeInTheDocument();
    expect(api.callsTo("GET", MARKERS_PATH)).toHaveLength(0);
    unmount();
    renderWithProviders(
      <>
        <PostCard post={makePost({ id: "img" })} />
        <PostCard post={audioPost({ id: "raw", durationMs: null })} />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId("post-card")).toHaveLength(2));
    expect(screen.queryByRole("button", { name: "Comments on the track" })).toBeNull();
  });
});

describe("pinning a comment", () => {
  it("'Comment at' under the player opens the comments with the new comment pinned there", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "WebSocket",
      class {
        constructor(url: string) {
          return FakeSocket.create(url);
        }
      },
    );
    mockApi({ [`GET ${MARKERS_PATH}`]: json(MARKERS), [`GET /api/posts/${POST.id}/comments`]: json(commentPage([])) });
    renderSocial(<PostCard post={POST} actionBar={<PostActions post={POST} viewerId="u1" />} />);
    const ws = await player();
    // A tap on the waveform chooses the moment, playing or not.
    await media(ws, "interaction", 42.4);
    await user.click(screen.getByRole("button", { name: "Comment at 0:42" }));
    const dialog = await screen.findByTestId("comments-dialog");
    expect(within(dialog).getByTestId("pin-target")).toHaveTextContent("Pinned at 0:42");
  });

  it("pins from the composer, sends the moment, clears it after the send and reloads the markers", async () => {
    const user = userEvent.setup();
    const sent = makeComment({ id: "c9", userId: "u1", content: "Snare too loud", atMs: 42_000 });
    const api = mockApi({
      [`GET ${MARKERS_PATH}`]: json(MARKERS),
      [`GET /api/posts/${POST.id}/comments`]: json(commentPage([])),
      [`POST /api/posts/${POST.id}/comments`]: json({ ...sent, postId: POST.id }, 201),
    });
    function Screen() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <PostCard post={POST} />
          <CommentsDialog post={POST} viewerId="u1" open={open} onOpenChange={setOpen} createSocket={FakeSocket.create} />
        </>
      );
    }
    renderSocial(<Screen />, (qc) => qc.setQueryData(POST_KEY(POST.id), POST));
    const ws = await player();
    // Before the player was used there is no moment to offer.
    expect(screen.queryByTestId("pin-here")).toBeNull();
    await media(ws, "play", 42);
    await media(ws, "pause", 42);
    await user.click(await screen.findByRole("button", { name: "Pin to 0:42" }));
    expect(screen.getByTestId("pin-target")).toHaveTextContent("Pinned at 0:42");
    // Removed, and chosen again.
    await user.click(screen.getByRole("button", { name: "Don't pin to a moment" }));
    expect(screen.queryByTestId("pin-target")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Pin to 0:42" }));
    const before = api.callsTo("GET", MARKERS_PATH).length;
    await user.type(screen.getByRole("textbox"), "Snare too loud{Enter}");
    await waitFor(() => expect(api.callsTo("POST", `/api/posts/${POST.id}/comments`)).toHaveLength(1));
    expect(api.callsTo("POST", `/api/posts/${POST.id}/comments`)[0]!.body).toEqual({ content: "Snare too loud", parentId: null, atMs: 42_000 });
    await waitFor(() => expect(screen.queryByTestId("pin-target")).toBeNull());
    // The new pin is a marker too: the markers are read again.
    await waitFor(() => expect(api.callsTo("GET", MARKERS_PATH).length).toBe(before + 1));
  });

  it("reads the markers again when a pinned comment arrives live, and drops a deleted one without a request", async () => {
    const api = mockApi({ [`GET ${MARKERS_PATH}`]: json(MARKERS), [`GET /api/posts/${POST.id}/comments`]: json(commentPage([])) });
    renderSocial(
      <>
        <PostCard post={POST} />
        <CommentsDialog post={POST} viewerId="u1" open onOpenChange={() => {}} createSocket={FakeSocket.create} />
      </>,
      (qc) => qc.setQueryData(POST_KEY(POST.id), POST),
    );
    const ws = await player();
    await media(ws, "interaction", 1);
    await waitFor(() => expect(screen.getAllByTestId("marker-avatar")).toHaveLength(2));
    await screen.findByTestId("comments-empty");
    const before = api.callsTo("GET", MARKERS_PATH).length;
    const live = async (frame: unknown) =>
      act(async () => {
        FakeSocket.last().serverSend(frame);
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    await act(async () => FakeSocket.last().serverOpen());
    // An unpinned comment is no marker: nothing is read.
    await live({ type: "comment.created", comment: { ...makeComment({ id: "c7", userId: "u3", content: "Plain" }), postId: POST.id } });
    expect(api.callsTo("GET", MARKERS_PATH)).toHaveLength(before);
    await live({ type: "comment.created", comment: { ...makeComment({ id: "c8", userId: "u3", content: "Pinned", atMs: 30_000 }), postId: POST.id } });
    await waitFor(() => expect(api.callsTo("GET", MARKERS_PATH)).toHaveLength(before + 1));
    await live({ type: "comment.deleted", commentId: "m1", postId: POST.id, commentsCount: 2 });
    await waitFor(() => expect(screen.getAllByTestId("marker-avatar").map((avatar) => avatar.dataset.atMs)).toEqual(["60000"]));
    expect(api.callsTo("GET", MARKERS_PATH)).toHaveLength(before + 1);
  });

  it("pins the very end of the track to its last millisecond, which the server takes", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [`GET ${MARKERS_PATH}`]: json(MARKERS),
      [`GET /api/posts/${POST.id}/comments`]: json(commentPage([])),
      [`POST /api/posts/${POST.id}/comments`]: json({ ...makeComment({ id: "c9", userId: "u1", content: "Ends well", atMs: 83_399 }), postId: POST.id }, 201),
    });
    renderSocial(
      <>
        <PostCard post={POST} />
        <CommentsDialog post={POST} viewerId="u1" open onOpenChange={() => {}} createSocket={FakeSocket.create} />
      </>,
    );
    const ws = await player();
    // The file ran a little longer than its stored 83.4 s.
    await media(ws, "finish", 83.6);
    await user.click(await screen.findByRole("button", { name: "Pin to 1:23" }));
    await user.type(screen.getByRole("textbox"), "Ends well{Enter}");
    await waitFor(() => expect(api.callsTo("POST", `/api/posts/${POST.id}/comments`)).toHaveLength(1));
    expect(api.callsTo("POST", `/api/posts/${POST.id}/comments`)[0]!.body).toEqual({ content: "Ends well", parentId: null, atMs: 83_399 });
  });

  it("offers no pin on a reply", async () => {
    const user = userEvent.setup();
    const top = makeComment({ id: "c1", userId: "u3", content: "Top" });
    mockApi({ [`GET /api/posts/${POST.id}/comments`]: json(commentPage([thread({ ...top, postId: POST.id })])) });
    renderSocial(
      <>
        <PostCard post={POST} />
        <CommentsDialog post={POST} viewerId="u1" open onOpenChange={() => {}} createSocket={FakeSocket.create} />
      </>,
    );
    const ws = await player();
    await media(ws, "interaction", 5);
    expect(await screen.findByRole("button", { name: "Pin to 0:05" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Reply to @rae" }));
    expect(screen.queryByRole("button", { name: "Pin to 0:05" })).toBeNull();
  });
});

describe("moments in a comment's text", () => {
  const pinned = makeComment({ id: "c1", userId: "u3", content: "At 1:23 the vocal clips; at 2:05 too? 12:00 tonight", atMs: 10_000 });

  function Screen({ withPlayer }: { withPlayer: boolean }) {
    return (
      <>
        {withPlayer ? <PostCard post={POST} /> : null}
        <CommentsDialog post={POST} viewerId="u1" open onOpenChange={() => {}} createSocket={FakeSocket.create} />
      </>
    );
  }

  it("makes the pinned moment and every written moment within the track a button that plays from there", async () => {
    const user = userEvent.setup();
    mockApi({ [`GET /api/posts/${POST.id}/comments`]: json(commentPage([thread({ ...pinned, postId: POST.id })])) });
    renderSocial(<Screen withPlayer />);
    const ws = await player();
    const text = await screen.findByTestId("comment-text");
    const moments = within(text).getAllByRole("button");
    // 2:05 and 12:00 are past the 1:23.4 track: they stay words.
    expect(moments.map((button) => [button.textContent, button.getAttribute("aria-label")])).toEqual([
      ["0:10", "Play from 0:10"],
      ["1:23", "Play from 1:23"],
    ]);
    expect(text).toHaveTextContent("0:10 At 1:23 the vocal clips; at 2:05 too? 12:00 tonight");
    await user.click(moments[1]!);
    expect(ws.setTime).toHaveBeenLastCalledWith(83);
    expect(ws.play).toHaveBeenCalledTimes(1);
  });

  it("keeps them as text while no player of the post is on screen, and on a post without audio", async () => {
    mockApi({ [`GET /api/posts/${POST.id}/comments`]: json(commentPage([thread({ ...pinned, postId: POST.id })])) });
    const { unmount } = renderSocial(<Screen withPlayer={false} />);
    const text = await screen.findByTestId("comment-text");
    expect(within(text).queryAllByRole("button")).toEqual([]);
    expect(text).toHaveTextContent("0:10 At 1:23 the vocal clips");
    unmount();
    mockApi({ "GET /api/posts/p1/comments": json(commentPage([thread({ ...pinned, atMs: null })])) });
    renderSocial(
      <>
        <PostCard post={makePost()} />
        <CommentsDialog post={makePost()} viewerId="u1" open onOpenChange={() => {}} createSocket={FakeSocket.create} />
      </>,
    );
    const imageText = await screen.findByTestId("comment-text");
    expect(within(imageText).queryAllByRole("button")).toEqual([]);
    // Nor can a comment on a photo be pinned.
    expect(screen.queryByTestId("pin-here")).toBeNull();
    expect(screen.queryByTestId("pin-target")).toBeNull();
    expect(imageText).toHaveTextContent("At 1:23 the vocal clips");
  });
});
