import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderRoute } from "./render-route";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

describe("404 page", () => {
  it("shows 'Oops! Page not found' with a Return to Home link for an unknown path", async () => {
    renderRoute("/no-such-page/at-all");
    expect(await screen.findByRole("heading", { name: "Oops! Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Return to Home/ })).toHaveAttribute("href", "/");
  });

  it("goes home from the Return to Home link", async () => {
    const { router } = renderRoute("/missing");
    await userEvent.click(await screen.findByRole("link", { name: /Return to Home/ }));
    expect(await screen.findByRole("heading", { level: 1, name: /Get heard/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it("does not show the 404 page on a real route", async () => {
    renderRoute("/");
    await screen.findByRole("heading", { level: 1, name: /Get heard/ });
    expect(screen.queryByText("Oops! Page not found")).not.toBeInTheDocument();
  });
});
