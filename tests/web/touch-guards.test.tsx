import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UI_TIMINGS } from "@shared/constants";
import { Button } from "@web/components/ui/button";
import { installHaptics } from "@web/lib/haptics";
import { HAPTIC_PATTERNS } from "@web/lib/native-bridge";
import { THEME_COLORS, setThemePreference } from "@web/lib/theme";
import { installContextMenuGuard, installDoubleTapGuard, installZoomGuard } from "@web/lib/touch-guards";

const DOUBLE_TAP_WINDOW_MS = UI_TIMINGS.doubleTapWindowMs;

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.();
  vi.restoreAllMocks();
});

describe("double-tap suppression (spec §1, §9: 300 ms)", () => {
  function setup() {
    let clock = 1_000;
    cleanups.push(installDoubleTapGuard(document, { now: () => clock }));
    const onShare = vi.fn();
    const onLike = vi.fn();
    render(
      <>
        <Button onClick={onShare}>Share Post</Button>
        <Button onClick={onLike}>Like</Button>
      </>,
    );
    return { onShare, onLike, advance: (ms: number) => (clock += ms) };
  }

  it("ignores a second click on the same target inside the window", () => {
    const { onShare, advance } = setup();
    const share = screen.getByRole("button", { name: "Share Post" });
    fireEvent.click(share);
    advance(120);
    fireEvent.click(share);
    advance(DOUBLE_TAP_WINDOW_MS - 121);
    fireEvent.click(share);
    expect(DOUBLE_TAP_WINDOW_MS).toBe(300);
    expect(onShare).toHaveBeenCalledTimes(1);
  });

  it("lets a click through once the window has passed", () => {
    const { onShare, advance } = setup();
    const share = screen.getByRole("button", { name: "Share Post" });
    fireEvent.click(share);
    advance(DOUBLE_TAP_WINDOW_MS);
    fireEvent.click(share);
    expect(onShare).toHaveBeenCalledTimes(2);
  });

  it("does not block a quick click on a different target", () => {
    const { onShare, onLike, advance } = setup();
    fireEvent.click(screen.getByRole("button", { name: "Share Post" }));
    advance(50);
    fireEvent.click(screen.getByRole("button", { name: "Like" }));
    expect(onShare).toHaveBeenCalledTimes(1);
    expect(onLike).toHaveBeenCalledTimes(1);
  });

  it("leaves elements that opt out with data-allow-double-tap alone", () => {
    cleanups.push(installDoubleTapGuard(document, { now: () => 0 }));
    const onTap = vi.fn();
    render(
      <div data-allow-double-tap onClick={onTap}>
        artwork
      </div>,
    );
    fireEvent.click(screen.getByText("artwork"));
    fireEvent.click(screen.getByText("artwork"));
    expect(onTap).toHaveBeenCalledTimes(2);
  });
});

describe("context menu guard (spec §1: blocked at 768 px or less)", () => {
  it.each([
    [390, true],
    [768, true],
    [769, false],
    [1280, false],
  ])("at %i px wide, blocked = %s", (width, blocked) => {
    cleanups.push(installContextMenuGuard(document, () => width));
    render(<img alt="cover" src="data:," />);
    const event = new MouseEvent("contextmenu", { bubbles: true, cancelable: true });
    screen.getByAltText("cover").dispatchEvent(event);
    expect(event.defaultPrevented).toBe(blocked);
  });

  it("keeps the menu in text fields so people can paste", () => {
    cleanups.push(installContextMenuGuard(document, () => 390));
    render(<input aria-label="Caption" />);
    const event = new MouseEvent("contextmenu", { bubbles: true, cancelable: true });
    screen.getByLabelText("Caption").dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});

describe("zoom guard", () => {
  it("blocks pinch gestures and ctrl+wheel, not plain scrolling", () => {
    cleanups.push(installZoomGuard(document));
    const gesture = new Event("gesturestart", { cancelable: true });
    document.dispatchEvent(gesture);
    const ctrlWheel = new WheelEvent("wheel", { ctrlKey: true, cancelable: true, bubbles: true });
    document.body.dispatchEvent(ctrlWheel);
    const wheel = new WheelEvent("wheel", { cancelable: true, bubbles: true });
    document.body.dispatchEvent(wheel);
    expect(gesture.defaultPrevented).toBe(true);
    expect(ctrlWheel.defaultPrevented).toBe(true);
    expect(wheel.defaultPrevented).toBe(false);
  });
});

describe("haptics (spec §1)", () => {
  it("gives light feedback on buttons and links, medium on primary actions and heavy on danger", () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, "vibrate", { value: vibrate, configurable: true });
    cleanups.push(installHaptics(document));
    cleanups.push(() => Reflect.deleteProperty(navigator, "vibrate"));
    render(
      <>
        <Button>Share Post</Button>
        <Button variant="ghost">Cancel</Button>
        <Button variant="destructive">Delete Post</Button>
        <a href="#features">Features</a>
        <Button disabled>Disabled</Button>
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Share Post" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete Post" }));
    fireEvent.click(screen.getByRole("link", { name: "Features" }));
    fireEvent.click(screen.getByRole("button", { name: "Disabled" }));
    expect(vibrate.mock.calls).toEqual([
      [HAPTIC_PATTERNS.medium],
      [HAPTIC_PATTERNS.light],
      [HAPTIC_PATTERNS.heavy],
      [HAPTIC_PATTERNS.light],
    ]);
  });

  it("is a no-op where the Vibration API is missing", () => {
    expect("vibrate" in navigator).toBe(false);
    cleanups.push(installHaptics(document));
    render(<Button>Share Post</Button>);
    expect(() => fireEvent.click(screen.getByRole("button", { name: "Share Post" }))).not.toThrow();
  });
});

describe("theme", () => {
  it("stores the choice, toggles the dark class and rewrites theme-color", () => {
    document.head.innerHTML =
      '<meta name="theme-color" content="#0a0a0a" media="(prefers-color-scheme: dark)">' +
      '<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)">';
    setThemePreference("light");
    expect(document.documentElement).not.toHaveClass("dark");
    const metas = [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => meta.getAttribute("content"));
    expect(metas).toEqual([THEME_COLORS.light, THEME_COLORS.light]);
    setThemePreference("dark");
    expect(document.documentElement).toHaveClass("dark");
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute("content", "#0a0a0a");
    expect(localStorage.getItem("backline:theme")).toBe("dark");
  });
});
