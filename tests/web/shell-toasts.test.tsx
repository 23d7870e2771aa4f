import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "@web/components/ui/toaster";
import { useOnlineStatusToasts } from "@web/pwa/shell-toasts";

function ConnectionToasts() {
  useOnlineStatusToasts();
  return null;
}

function renderToasts() {
  render(
    <>
      <Toaster />
      <ConnectionToasts />
    </>,
  );
}

describe("online / offline toasts (spec §8)", () => {
  it("says You're Offline, destructive, when the connection drops", async () => {
    renderToasts();
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    const title = await screen.findByText("You're Offline");
    expect(screen.getByText("Don't worry, the app still works offline!")).toBeInTheDocument();
    expect(title.closest("[data-sonner-toast]")).toHaveAttribute("data-type", "error");
  });

  it("says Back Online when it returns, replacing the offline toast", async () => {
    renderToasts();
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    await screen.findByText("You're Offline");
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    const title = await screen.findByText("Back Online");
    expect(screen.getByText("Your connection has been restored.")).toBeInTheDocument();
    expect(title.closest("[data-sonner-toast]")).not.toHaveAttribute("data-type", "error");
    expect(screen.queryByText("You're Offline")).not.toBeInTheDocument();
  });

  it("says You're Offline when the app opens without a connection", async () => {
    const onLine = vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(false);
    try {
      renderToasts();
      await screen.findByText("You're Offline");
    } finally {
      onLine.mockRestore();
    }
  });

  it("shows nothing without a connection change", () => {
    renderToasts();
    expect(screen.queryByText("Back Online")).not.toBeInTheDocument();
    expect(screen.queryByText("You're Offline")).not.toBeInTheDocument();
  });
});
