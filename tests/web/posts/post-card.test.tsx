// PostCard (spec §2 feed screen, §4 post deletion, §6 post owner): each content type, the reserved
// aspect ratio, the stored waveform drawn without downloading, caption/location/tags/counts,
// relative time, the owner menu only for owners, and deletion with the spec's confirmation.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST_TEXTS } from "@shared/messages";

const DELETE_POST_CONFIRM = POST_TEXTS.deleteConfirm;
import { PostCard } from "@web/features/posts/components/post-card";
import { resetViewedForTests } from "@web/features/posts/hooks/use-record-view";
import "../upload/jsdom-polyfills";
import { apiError, json, mockApi } from "../auth/helpers";
import { audioPost, installIntersectionObserver, makePost, NOW, renderWithProviders } from "./fixtures";
import { created } from "./wavesurfer-mock";

vi.mock("wavesurfer.js", async () => (await import("./wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  created.length = 0;
  sessionStorage.clear();
  resetViewedForTests();
});
afterEach(() => vi.unstubAllGlobals());

describe("content", () => {
  it("shows an image in a box reserved from its stored size", async () => {
    renderWithProviders(<PostCard post={makePost()} />);
    const img = await screen.findByRole("img", { name: "Photo by Jonah Brooks: Console session tonight" });
    expect(img).toHaveAttribute("src", "/media/post-images/u2/p1.jpg");
    expect(img).toHaveAttribute("width", "1200");
    expect(screen.getByTestId("post-media").style.aspectRatio).toBe("1200 / 800");
  });

  it("clamps very tall or wide media and uses a square when the size is unknown", async () => {
    renderWithProviders(
      <>
        <PostCard post={makePost({ id: "tall", width: 600, height: 2000 })} />
        <PostCard post={makePost({ id: "wide", width: 3000, height: 500 })} />
        <PostCard post={makePost({ id: "unknown", width: null, height: null })} />
      </>,
    );
    const boxes = await screen.findAllByTestId("post-media");
    expect(boxes.map((b) => b.style.aspectRatio)).toEqual(["4 / 5", "1.91 / 1", "1 / 1"]);
  });

  it("shows a video with its poster, controls and inline playback, downloading nothing up front", async () => {
    renderWithProviders(
      <PostCard
        post={makePost({ contentType: "video", mediaUrl: "/media/post-videos/u2/v1.mp4", thumbnailUrl: "/media/post-videos/u2/v1.poster.jpg", width: 1920, height: 1080 })}
      />,
    );
    const video = (await screen.findByLabelText("Video by Jonah Brooks")) as HTMLVideoElement;
    expect(video).toHaveAttribute("poster", "/media/post-videos/u2/v1.poster.jpg");
    expect(video).toHaveAttribute("preload", "none");
    expect(video).toHaveAttribute("controls");
    expect(video.hasAttribute("playsinline")).toBe(true);
    expect(screen.getByTestId("post-media").style.aspectRatio).toBe("1920 / 1080");
  });

  it("draws audio from the stored peaks and duration with a preload='none' element, and plays on demand", async () => {
    const user = userEvent.setup();
    renderWithProviders(<PostCard post={audioPost()} />);
    const play = await screen.findByRole("button", { name: "Play audio by Jonah Brooks" });
    await waitFor(() => expect(created).toHaveLength(1));
    const options = created[0]!.options;
    // The peaks travel as one byte each (decision record 0060); the card draws the same shape.
    expect(options.peaks).toEqual([[0.1, 0.5, 0.9, 0.4].map((peak) => expect.closeTo(peak, 2))]);
    expect(options.duration).toBe(83.4);
    expect(options.url).toBeUndefined();
    const media = options.media as HTMLAudioElement;
    expect(media.getAttribute("preload")).toBe("none");
    expect(media.getAttribute("src")).toBe("/media/post-audio/u2/a1.mp3");
    expect(screen.getByText("1:23")).toBeInTheDocument();
    expect(screen.getByRole("slider", { name: "Seek audio by Jonah Brooks" })).toHaveAttribute("aria-valuemax", "83");
    await user.click(play);
    expect(created[0]!.playPause).toHaveBeenCalledTimes(1);
  });

  it("shows the loudness measured at upload under the player, and nothing when it was not measured", async () => {
    const { unmount } = renderWithProviders(<PostCard post={audioPost()} />);
    expect(await screen.findByRole("img", { name: "Integrated loudness \u221214.2 LUFS, true peak \u22121.3 dBTP" })).toHaveTextContent(
      "\u221214.2 LUFS·\u22121.3 dBTP",
    );
    unmount();
    renderWithProviders(<PostCard post={audioPost({ id: "a2", loudness: null })} />);
    await screen.findByRole("button", { name: "Play audio by Jonah Brooks" });
    expect(screen.queryByTestId("loudness-readout")).not.toBeInTheDocument();
  });

  it("still draws a placeholder line without downloading when audio has no stored peaks", async () => {
    renderWithProviders(<PostCard post={audioPost({ waveform: null, durationMs: null })} />);
    await waitFor(() => expect(created).toHaveLength(1));
    expect((created[0]!.options.peaks as number[][])[0]!.length).toBeGreaterThan(10);
    expect((created[0]!.options.media as HTMLAudioElement).getAttribute("preload")).toBe("none");
  });
});

describe("text and counts", () => {
  it("links the header to the author's profile and shows caption, location, tags, counts and time", async () => {
    renderWithProviders(<PostCard post={makePost()} />);
    const card = await screen.findByRole("article", { name: "Jonah Brooks" });
    const link = within(card).getByRole("link", { name: /Jonah Brooks/ });
    expect(link).toHaveAttribute("href", "/profile/u2");
    expect(link).toHaveTextContent("@jonah");
    expect(within(card).getByLabelText("Verified")).toBeInTheDocument();
    expect(within(card).getByText("Atlanta, GA")).toBeInTheDocument();
    const tags = within(card).getByRole("list", { name: "Tags" });
    expect(tags).toHaveTextContent("#mixing");
    expect(tags).toHaveTextContent("#rnb");
    expect(within(card).getByText("12 likes")).toBeInTheDocument();
    expect(within(card).getByText("1 comment")).toBeInTheDocument();
    expect(within(card).getByText("5m").tagName).toBe("TIME");
  });

  it("links the time to the post's own page with a real anchor, so it opens in a new tab and can be shared", async () => {
    renderWithProviders(<PostCard post={makePost()} />);
    const card = await screen.findByRole("article", { name: "Jonah Brooks" });
    const permalink = within(card).getByTestId("post-permalink");
    expect(permalink.tagName).toBe("A");
    expect(permalink).toHaveAttribute("href", "/post/p1");
    expect(within(permalink).getByText("5m").tagName).toBe("TIME");
  });

  it("keeps line breaks and shows markup as text", async () => {
    renderWithProviders(<PostCard post={makePost({ caption: "Line one\nLine <b>two</b>" })} />);
    const caption = await screen.findByTestId("post-caption");
    expect(caption.textContent).toBe("Line one\nLine <b>two</b>");
    expect(caption.querySelector("b")).toBeNull();
    expect(caption.className).toContain("whitespace-pre-line");
  });

  it("shows relative times with the shared rule: just now, minutes, hours, days, then a date", async () => {
    const year = new Date(NOW).getFullYear();
    renderWithProviders(
      <>
        <PostCard post={makePost({ id: "a", createdAt: NOW - 10_000 })} />
        <PostCard post={makePost({ id: "b", createdAt: NOW - 3 * 3_600_000 })} />
        <PostCard post={makePost({ id: "c", createdAt: NOW - 6 * 86_400_000 })} />
        <PostCard post={makePost({ id: "d", createdAt: Date.UTC(year - 1, 2, 4, 12) })} />
      </>,
    );
    const times = (await screen.findAllByRole("article")).map((a) => a.querySelector("time")?.textContent);
    expect(times).toEqual(["just now", "3h", "6d", `Mar 4, ${year - 1}`]);
  });

  it("renders what is given for the action bar slot instead of the counts", async () => {
    renderWithProviders(<PostCard post={makePost()} actionBar={<button type="button">Like</button>} />);
    expect(await screen.findByRole("button", { name: "Like" })).toBeInTheDocument();
    expect(screen.queryByTestId("post-stats")).not.toBeInTheDocument();
  });
});

describe("owner menu", () => {
  it("is not shown to someone who does not own the post", async () => {
    renderWithProviders(<PostCard post={makePost()} />);
    await screen.findByRole("article");
    expect(screen.queryByRole("button", { name: "Post options" })).not.toBeInTheDocument();
  });

  it("offers Edit Post and Delete Post to the owner; delete asks the spec's question, then deletes", async () => {
    const user = userEvent.setup();
    const api = mockApi({ "DELETE /api/posts/p1": json({ ok: true }) });
    const onDeleted = vi.fn();
    renderWithProviders(<PostCard post={makePost({ viewer: { liked: false, bookmarked: false, isOwner: true } })} onDeleted={onDeleted} />);
    await user.click(await screen.findByRole("button", { name: "Post options" }));
    expect(screen.getByRole("menuitem", { name: "Edit Post" })).toBeInTheDocument();
    await user.click(screen.getByRole("menuitem", { name: "Delete Post" }));

    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent(DELETE_POST_CONFIRM);
    expect(DELETE_POST_CONFIRM).toBe("Are you sure you want to delete this post? This action cannot be undone.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(api.callsTo("DELETE", "/api/posts/p1")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Post options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete Post" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Success")).toBeInTheDocument();
    expect(api.callsTo("DELETE", "/api/posts/p1")).toHaveLength(1);
    expect(onDeleted).toHaveBeenCalledWith("p1");
  });

  it.each([
    [403, "forbidden", "You can only delete your own posts"],
    [404, "not_found", "Post not found"],
  ])("shows the server's %i refusal as an Error toast", async (status, code, message) => {
    const user = userEvent.setup();
    mockApi({ "DELETE /api/posts/p1": apiError(status, code, message) });
    const onDeleted = vi.fn();
    renderWithProviders(<PostCard post={makePost({ viewer: { liked: false, bookmarked: false, isOwner: true } })} onDeleted={onDeleted} />);
    await user.click(await screen.findByRole("button", { name: "Post options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete Post" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});

describe("views", () => {
  it("records a view once, when the card is half visible for the first time", async () => {
    const io = installIntersectionObserver();
    const api = mockApi({ "POST /api/posts/p1/views": () => new Response(null, { status: 204 }) });
    renderWithProviders(<PostCard post={makePost()} trackViews />);
    const card = await screen.findByRole("article");
    io.show(card, 0.3);
    expect(api.callsTo("POST", "/api/posts/p1/views")).toHaveLength(0);
    io.show(card, 0.6);
    await waitFor(() => expect(api.callsTo("POST", "/api/posts/p1/views")).toHaveLength(1));
    io.show(card, 1);
    expect(api.callsTo("POST", "/api/posts/p1/views")).toHaveLength(1);
  });
});
