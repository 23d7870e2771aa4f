import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "@web/components/ui/toast";
import { Toaster } from "@web/components/ui/toaster";
import { InstallCard } from "@web/pwa/install-card";
import { type InstallPromptStore, createInstallPromptStore } from "@web/pwa/install-prompt-store";
import { UI_TIMINGS } from "@shared/constants";
import { useInstallReminder, useInstallSuccessToast } from "@web/pwa/shell-toasts";

const INSTALL_PROMPT_DELAY_MS = UI_TIMINGS.installPromptDelayMs;

/** A stand-in for Chromium's BeforeInstallPromptEvent. */
function fireBeforeInstallPrompt(outcome: "accepted" | "dismissed" = "accepted") {
  const event = new Event("beforeinstallprompt", { cancelable: true });
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: "web" }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

/** Sonner publishes toasts on a zero-delay timer; let it run under fake timers. */
function flushToasts() {
  act(() => {
    vi.advanceTimersByTime(50);
  });
}

let store: InstallPromptStore | null = null;
afterEach(() => {
  store?.detach();
  store = null;
  // Sonner keeps toasts in module state; clear them so one test's toast never leaks into the next.
  act(() => {
    toast.dismiss();
  });
  if (vi.isFakeTimers()) vi.runOnlyPendingTimers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("install card (spec §1, §4)", () => {
  it("is hidden until the browser says the app can be installed", () => {
    store = createInstallPromptStore(window);
    render(<InstallCard store={store} />);
    expect(screen.queryByText("Install the app")).not.toBeInTheDocument();
    const { event } = fireBeforeInstallPrompt();
    // The browser's own mini-infobar is suppressed in favour of the card.
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole("heading", { name: "Install the app" })).toBeInTheDocument();
    expect(screen.getByText(/offline access, push notifications and faster loading/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Install$/ })).toBeInTheDocument();
  });

  it("opens the browser prompt on Install and then hides, since the event is single-use", async () => {
    store = createInstallPromptStore(window);
    render(<InstallCard store={store} />);
    const { prompt } = fireBeforeInstallPrompt("dismissed");
    await userEvent.click(screen.getByRole("button", { name: /Install$/ }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("Install the app")).not.toBeInTheDocument();
  });

  it("can be dismissed, and stays dismissed for the session", async () => {
    store = createInstallPromptStore(window);
    const { unmount } = render(<InstallCard store={store} />);
    fireBeforeInstallPrompt();
    await userEvent.click(screen.getByRole("button", { name: "Dismiss install prompt" }));
    expect(screen.queryByText("Install the app")).not.toBeInTheDocument();
    unmount();
    render(<InstallCard store={store} />);
    expect(screen.queryByText("Install the app")).not.toBeInTheDocument();
  });

  it("hides once the app is installed", () => {
    store = createInstallPromptStore(window);
    render(<InstallCard store={store} />);
    fireBeforeInstallPrompt();
    expect(screen.getByText("Install the app")).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event("appinstalled"));
    });
    expect(screen.queryByText("Install the app")).not.toBeInTheDocument();
    expect(store.getSnapshot()).toMatchObject({ installed: true, installable: false });
  });

  it("never shows when the app already runs standalone", () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({ matches: query.includes("standalone"), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
    try {
      store = createInstallPromptStore(window);
      render(<InstallCard store={store} />);
      fireBeforeInstallPrompt();
      expect(store.getSnapshot().standalone).toBe(true);
      expect(screen.queryByText("Install the app")).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });

  it("tracks online and offline in the install state", () => {
    store = createInstallPromptStore(window);
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(store.getSnapshot().online).toBe(false);
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(store.getSnapshot().online).toBe(true);
  });
});

function Reminder({ store: s }: { store: InstallPromptStore }) {
  useInstallReminder(s);
  useInstallSuccessToast();
  return null;
}

describe("second install prompt and install toast", () => {
  it("offers the install again 30 s after it becomes possible, and it can be dismissed", async () => {
    vi.useFakeTimers();
    store = createInstallPromptStore(window);
    render(
      <>
        <Toaster />
        <Reminder store={store} />
      </>,
    );
    const { prompt } = fireBeforeInstallPrompt();
    act(() => {
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS - 1);
    });
    expect(screen.queryByText("Take Backline with you")).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    flushToasts();
    expect(screen.getByText("Take Backline with you")).toBeInTheDocument();
    act(() => {
      screen.getByRole("button", { name: "Install" }).click();
    });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole("button", { name: "Close toast" }).length).toBeGreaterThan(0);
  });

  it("does not nag when the app was installed before the delay ran out", () => {
    vi.useFakeTimers();
    store = createInstallPromptStore(window);
    render(
      <>
        <Toaster />
        <Reminder store={store} />
      </>,
    );
    fireBeforeInstallPrompt();
    act(() => {
      window.dispatchEvent(new Event("appinstalled"));
    });
    flushToasts();
    expect(screen.getByText("App Installed")).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS * 2);
    });
    flushToasts();
    expect(screen.queryByText("Take Backline with you")).not.toBeInTheDocument();
  });
});
