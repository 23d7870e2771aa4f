// App-shell touch behaviour from spec §1: double taps are suppressed within 300 ms, the context
// menu is blocked on narrow screens, and zoom is disabled. Each guard is installed once by the
// root route and returns its own cleanup, so tests can install them on a fresh document.
import { UI_TIMINGS } from "@shared/constants";

/**
 * Ignores a second click on the same target within the window. It listens in the capture phase
 * on the document, which runs before React's root listener, so a suppressed click never reaches
 * a handler: a nervous double tap on "Share Post" or "Pay" sends one request, not two.
 * Elements that want real double taps (a double-tap-to-like image) opt out with
 * data-allow-double-tap.
 */
export function installDoubleTapGuard(
  root: Document = document,
  options: { windowMs?: number; now?: () => number } = {},
): () => void {
  const windowMs = options.windowMs ?? UI_TIMINGS.doubleTapWindowMs;
  const now = options.now ?? (() => Date.now());
  let lastTarget: EventTarget | null = null;
  let lastTime = Number.NEGATIVE_INFINITY;

  const onClick = (event: MouseEvent) => {
    const target = event.target;
    if (target instanceof Element && target.closest("[data-allow-double-tap]")) return;
    const time = now();
    if (target === lastTarget && time - lastTime < windowMs) {
      event.preventDefault();
      event.stopImmediatePropagation();
      // The window restarts from the first tap only: a third tap after the window passes works.
      return;
    }
    lastTarget = target;
    lastTime = time;
  };
  root.addEventListener("click", onClick, true);
  return () => root.removeEventListener("click", onClick, true);
}

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null
  );
}

/**
 * Blocks the long-press context menu on phone-sized screens, where it would pop "save image" or
 * "open link" sheets over the app. Text fields keep theirs so people can still paste.
 */
export function installContextMenuGuard(
  root: Document = document,
  getWidth: () => number = () => window.innerWidth,
): () => void {
  const onContextMenu = (event: MouseEvent) => {
    if (getWidth() <= UI_TIMINGS.contextMenuBlockMaxWidthPx && !isEditable(event.target)) event.preventDefault();
  };
  root.addEventListener("contextmenu", onContextMenu);
  return () => root.removeEventListener("contextmenu", onContextMenu);
}

/**
 * The viewport meta already says user-scalable=no, but iOS Safari ignores it, and desktop
 * trackpads zoom through ctrl+wheel. Keyboard zoom (ctrl +/-) is left alone on purpose: it is
 * an accessibility tool on desktop and does not cause accidental zoom on touch screens.
 */
export function installZoomGuard(root: Document = document): () => void {
  const prevent = (event: Event) => event.preventDefault();
  const onWheel = (event: WheelEvent) => {
    if (event.ctrlKey) event.preventDefault();
  };
  const onTouchMove = (event: TouchEvent) => {
    if (event.touches.length > 1) event.preventDefault();
  };
  root.addEventListener("gesturestart", prevent);
  root.addEventListener("gesturechange", prevent);
  root.addEventListener("wheel", onWheel, { passive: false });
  root.addEventListener("touchmove", onTouchMove, { passive: false });
  return () => {
    root.removeEventListener("gesturestart", prevent);
    root.removeEventListener("gesturechange", prevent);
    root.removeEventListener("wheel", onWheel);
    root.removeEventListener("touchmove", onTouchMove);
  };
}
