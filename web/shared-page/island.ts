// The one script of a shared link's page (decision record 0097). The page arrives painted by the
// Worker (worker/routes/shared-pages.ts); this makes the little on it that needs a script work
// without the app, and starts the app when it is needed:
// - the audio player: play and pause, seek by a tap or drag on the waveform (drawn by the Worker
//   as SVG bars from the stored peaks) or by the arrow keys, the times, one player at a time;
// - a control the app answers (`data-intent`: comments, share, and a signed-in viewer's like,
//   bookmark, follow, contact and buy): pressed, it starts the app, waits for the app's screen to
//   replace the painted one, and presses the same control there (`data-testid`). Pointing at or
//   focusing one starts the download early;
// - a signed-in viewer's page (`data-takeover="now"`): the app starts right after the first paint,
//   as /auth's loader does (0075), and replaces the page with the finished screen.
// Everything else on the page is a plain link. The app's entry, its imports and its stylesheet
// are named by the build in <meta name="backline-app"> (sharedPagePrerender).
import { formatDuration } from "@shared/media-format";

const SEEK_STEP_SECONDS = 5;
/** How long a pressed control waits for the app's screen before it gives up (a failed load). */
const INTENT_TIMEOUT_MS = 20_000;

interface AppFiles {
  entry: string;
  styles: string | null;
  preloads: string[];
}

let playing: HTMLAudioElement | null = null;

/** Makes one painted audio player play and seek. Answers a function that takes it down. */
export function wireAudioPlayer(player: HTMLElement): () => void {
  const audio = player.querySelector<HTMLAudioElement>("audio[data-player-audio]");
  const toggle = player.querySelector<HTMLButtonElement>("[data-player-toggle]");
  const slider = player.querySelector<HTMLElement>("[data-player-seek]");
  const progress = player.querySelector<SVGRectElement>("[data-player-progress]");
  const current = player.querySelector<HTMLElement>("[data-player-current]");
  const total = player.querySelector<HTMLElement>("[data-player-total]");
  if (!audio || !toggle || !slider) return () => {};
  const labels = { play: player.dataset.labelPlay ?? "", pause: player.dataset.labelPause ?? "" };
  const fullWidth = Number(progress?.dataset.width ?? 0);
  const storedSeconds = Number(player.dataset.durationMs ?? 0) / 1000;
  const duration = () => (Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : storedSeconds);

  const draw = () => {
    const length = duration();
    const at = Math.min(audio.currentTime, length || audio.currentTime);
    const fraction = length > 0 ? at / length : 0;
    progress?.setAttribute("width", String(Math.round(fraction * fullWidth * 100) / 100));
    if (current) current.textContent = formatDuration(at * 1000);
    slider.setAttribute("aria-valuenow", String(Math.round(at)));
    slider.setAttribute("aria-valuemax", String(Math.round(length)));
    const text = slider.getAttribute("aria-valuetext") ?? "";
    slider.setAttribute("aria-valuetext", text.replace(/^\S+/, formatDuration(at * 1000)));
  };
  const showPlaying = (isPlaying: boolean) => {
    toggle.setAttribute("aria-label", isPlaying ? labels.pause : labels.play);
    toggle.querySelector<HTMLElement>('[data-player-icon="play"]')?.toggleAttribute("hidden", isPlaying);
    toggle.querySelector<HTMLElement>('[data-player-icon="pause"]')?.toggleAttribute("hidden", !isPlaying);
    player.dataset.playing = String(isPlaying);
  };
  const failed = () => {
    showPlaying(false);
    if (total) total.textContent = total.dataset.cannotPlay ?? total.textContent;
  };
  const play = () => {
    if (playing && playing !== audio) playing.pause();
    playing = audio;
    const started = audio.play() as Promise<void> | undefined;
    started?.catch(failed);
  };
  const seekTo = (seconds: number) => {
    const length = duration();
    audio.currentTime = Math.min(Math.max(0, seconds), length || Math.max(0, seconds));
    draw();
  };
  const seekAt = (clientX: number) => {
    const box = slider.getBoundingClientRect();
    if (box.width <= 0) return;
    seekTo(((clientX - box.left) / box.width) * duration());
  };

  let dragging = false;
  const listeners: [EventTarget, string, EventListener][] = [
    [toggle, "click", () => (audio.paused ? play() : audio.pause())],
    [audio, "play", () => showPlaying(true)],
    [audio, "pause", () => showPlaying(false)],
    [audio, "ended", () => showPlaying(false)],
    [audio, "timeupdate", draw],
    [audio, "loadedmetadata", draw],
    [audio, "error", failed],
    [
      slider,
      "pointerdown",
      (event) => {
        dragging = true;
        seekAt((event as PointerEvent).clientX);
      },
    ],
    [slider, "pointermove", (event) => dragging && seekAt((event as PointerEvent).clientX)],
    [window, "pointerup", () => (dragging = false)],
    [
      slider,
      "keydown",
      (event) => {
        const key = (event as KeyboardEvent).key;
        const step = key === "ArrowRight" ? SEEK_STEP_SECONDS : key === "ArrowLeft" ? -SEEK_STEP_SECONDS : 0;
        if (step === 0) return;
        event.preventDefault();
        seekTo(audio.currentTime + step);
      },
    ],
  ];
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
  player.dataset.ready = "true";
  return () => {
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    if (playing === audio) playing = null;
  };
}

function appFiles(doc: Document): AppFiles | null {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="backline-app"]')?.content;
  if (!content) return null;
  try {
    return JSON.parse(content) as AppFiles;
  } catch {
    return null;
  }
}

let preloaded = false;
let started: Promise<unknown> | null = null;

/** Fetches the app's files without running them: its stylesheet (applied to nothing yet) and modules. */
function preloadApp(doc: Document, files: AppFiles) {
  if (preloaded) return;
  preloaded = true;
  if (files.styles && !doc.querySelector("link[data-app-styles]")) {
    const sheet = doc.createElement("link");
    sheet.rel = "stylesheet";
    sheet.href = files.styles;
    // Applied by the app itself, just before it replaces the painted page (web/main.tsx).
    sheet.media = "print";
    sheet.dataset.appStyles = "";
    doc.head.append(sheet);
  }
  const links = doc.createDocumentFragment();
  for (const href of files.preloads) {
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    links.append(link);
  }
  doc.head.append(links);
}

/** Starts the app once; it takes over the painted page when its first screen is ready (web/main.tsx). */
function startApp(doc: Document, load: (entry: string) => Promise<unknown> = (entry) => import(/* @vite-ignore */ entry)): Promise<unknown> {
  if (started) return started;
  const files = appFiles(doc);
  if (!files) return Promise.reject(new Error("shared page: the build named no app files"));
  preloadApp(doc, files);
  started = load(files.entry);
  return started;
}

/**
 * Presses, in the app's screen, the control that was pressed on the painted page: once the
 * painted markup is gone and an element with the same test id is there.
 */
function replayWhenReady(doc: Document, testId: string): void {
  const root = doc.getElementById("root");
  if (!root) return;
  const find = () => (root.querySelector("[data-shared-page]") ? null : root.querySelector<HTMLElement>(`[data-testid="${CSS.escape(testId)}"]`));
  const now = find();
  if (now) return now.click();
  const observer = new MutationObserver(() => {
    const target = find();
    if (!target) return;
    observer.disconnect();
    clearTimeout(timer);
    target.click();
  });
  const timer = setTimeout(() => observer.disconnect(), INTENT_TIMEOUT_MS);
  observer.observe(root, { childList: true, subtree: true });
}

/** Runs `run` in a task after the first contentful paint, or after 1 s (a background tab does not paint). */
function afterFirstPaint(run: () => void) {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    run();
  };
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length > 0) setTimeout(once, 0);
    });
    observer.observe({ type: "paint", buffered: true });
  } catch {
    // No paint timing here: the timer below alone.
  }
  setTimeout(once, 1000);
}

/** Wires the page: players, the controls the app answers, and a signed-in viewer's takeover. */
export function startIsland(doc: Document, load?: (entry: string) => Promise<unknown>): void {
  const root = doc.getElementById("root");
  if (!root || root.dataset.prerendered !== "shared") return;
  root.querySelectorAll<HTMLElement>('[data-island="audio"]').forEach((player) => wireAudioPlayer(player));
  const intentOf = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLElement>("[data-intent]") : null);
  const warm = (event: Event) => {
    const files = intentOf(event) ? appFiles(doc) : null;
    if (files) preloadApp(doc, files);
  };
  root.addEventListener("pointerover", warm, { passive: true });
  root.addEventListener("focusin", warm);
  root.addEventListener("click", (event) => {
    const control = intentOf(event);
    const testId = control?.dataset.intent;
    if (!control || !testId || !root.contains(control)) return;
    event.preventDefault();
    control.setAttribute("aria-busy", "true");
    void startApp(doc, load).then(
      () => replayWhenReady(doc, testId),
      () => control.removeAttribute("aria-busy"),
    );
  });
  if (root.dataset.takeover === "now") afterFirstPaint(() => void startApp(doc, load).catch(() => undefined));
}

if (typeof document !== "undefined" && !import.meta.env.VITEST) startIsland(document);
