// The shared page's island (decision record 0097) on the Worker's own markup: the audio player
// plays, pauses and seeks (tap and arrow keys) without the app, one player at a time; a control
// the app answers starts the app once and is pressed again in the app's screen; a signed-in
// viewer's page starts the app right after the first paint (checked in tests/e2e/shared-pages.e2e.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { postCard } from "../../worker/ssr/post";
import { pageColumn, pageShell, publicHeader } from "../../worker/ssr/frame";
import { html } from "../../worker/ssr/html";
import type { Post } from "../../shared/posts-api";
import { startIsland, wireAudioPlayer } from "../../web/shared-page/island";

function audioPost(id: string): Post {
  return {
    id,
    userId: "u1",
    contentType: "audio",
    mediaUrl: `/media/post-audio/u1/${id}.mp3`,
    thumbnailUrl: null,
    mimeType: "audio/mpeg",
    sizeBytes: 1,
    width: null,
    height: null,
    durationMs: 100_000,
    waveform: null,
    loudness: null,
    caption: "a caption",
    location: null,
    tags: [],
    likesCount: 1,
    commentsCount: 2,
    createdAt: Date.now(),
    updatedAt: Date.now(),
    author: { userId: "u1", username: "maya", displayName: "Maya Lopez", avatarUrl: null, verified: false },
    viewer: { liked: false, bookmarked: false, isOwner: false },
  };
}

function paint(takeover: "now" | "intent", ...ids: string[]) {
  const body = pageShell(
    publicHeader({ userId: null }, "/post/p1"),
    pageColumn(html`${ids.map((id) => postCard(audioPost(id), { userId: null }, { now: Date.now(), priority: true, here: `/post/${id}` }))}`),
  );
  document.head.innerHTML = `<meta name="backline-app" content='${JSON.stringify({ entry: "/assets/index-x.js", styles: "/assets/index-x.css", preloads: ["/assets/react-x.js"] })}'>`;
  document.body.innerHTML = `<div id="root" data-prerendered="shared" data-takeover="${takeover}">${body.value}</div>`;
}

/** jsdom has no media: play and pause fire their events as a browser would. */
function fakeMedia() {
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  vi.spyOn(HTMLMediaElement.prototype, "paused", "get").mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, false);
    this.dispatchEvent(new Event("play"));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, true);
    this.dispatchEvent(new Event("pause"));
  });
}

beforeEach(() => fakeMedia());
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("the shared page's audio player", () => {
  it("plays and pauses, with the button's name and icon following", () => {
    paint("intent", "p1");
    const player = document.querySelector<HTMLElement>('[data-island="audio"]')!;
    wireAudioPlayer(player);
    const toggle = player.querySelector<HTMLButtonElement>("[data-player-toggle]")!;
    expect(toggle.getAttribute("aria-label")).toBe("Play audio by Maya Lopez");
    toggle.click();
    expect(player.dataset.playing).toBe("true");
    expect(toggle.getAttribute("aria-label")).toBe("Pause audio by Maya Lopez");
    expect(toggle.querySelector('[data-player-icon="play"]')!.hasAttribute("hidden")).toBe(true);
    toggle.click();
    expect(player.dataset.playing).toBe("false");
    expect(toggle.getAttribute("aria-label")).toBe("Play audio by Maya Lopez");
  });

  it("seeks where the waveform is tapped and by five seconds with the arrow keys, drawing the progress", () => {
    paint("intent", "p1");
    const player = document.querySelector<HTMLElement>('[data-island="audio"]')!;
    wireAudioPlayer(player);
    const slider = player.querySelector<HTMLElement>("[data-player-seek]")!;
    vi.spyOn(slider, "getBoundingClientRect").mockReturnValue({ left: 0, width: 200, top: 0, height: 56, right: 200, bottom: 56, x: 0, y: 0, toJSON: () => ({}) });
    slider.dispatchEvent(new MouseEvent("pointerdown", { clientX: 150, bubbles: true }));
    const audio = player.querySelector("audio")!;
    expect(audio.currentTime).toBe(75);
    expect(slider.getAttribute("aria-valuenow")).toBe("75");
    expect(slider.getAttribute("aria-valuetext")).toBe("1:15 of 1:40");
    expect(player.querySelector("[data-player-current]")!.textContent).toBe("1:15");
    expect(player.querySelector("[data-player-progress]")!.getAttribute("width")).toBe("240");
    slider.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
    expect(audio.currentTime).toBe(70);
    slider.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    expect(audio.currentTime).toBe(75);
  });

  it("plays one post at a time", () => {
    paint("intent", "p1", "p2");
    const [first, second] = [...document.querySelectorAll<HTMLElement>('[data-island="audio"]')];
    wireAudioPlayer(first!);
    wireAudioPlayer(second!);
    first!.querySelector<HTMLButtonElement>("[data-player-toggle]")!.click();
    second!.querySelector<HTMLButtonElement>("[data-player-toggle]")!.click();
    expect(first!.dataset.playing).toBe("false");
    expect(second!.dataset.playing).toBe("true");
  });
});

describe("the shared page's controls that need the app", () => {
  it("starts the app once on a press, then presses the same control in the app's screen", async () => {
    paint("intent", "p1");
    let pressedInApp = 0;
    const load = vi.fn(async () => {
      // The app replaces the painted page with its own screen.
      const root = document.getElementById("root")!;
      root.innerHTML = '<button data-testid="comments-button">Comments</button>';
      root.querySelector("button")!.addEventListener("click", () => pressedInApp++);
    });
    startIsland(document, load);
    document.querySelector<HTMLButtonElement>('[data-intent="comments-button"]')!.click();
    await vi.waitFor(() => expect(pressedInApp).toBe(1));
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith("/assets/index-x.js");
    // The whole stylesheet is fetched for the app, applied to nothing until the app switches it on.
    const sheet = document.querySelector<HTMLLinkElement>("link[data-app-styles]")!;
    expect(sheet.getAttribute("href")).toBe("/assets/index-x.css");
    expect(sheet.media).toBe("print");
  });
});
