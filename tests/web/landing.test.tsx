import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderRoute } from "./render-route";

// The real module needs vite-plugin-pwa's virtual import, which exists only inside Vite.
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

describe("landing page (spec §1)", () => {
  it("has a top bar with the three section anchors and Sign In / Get Started links to /auth", async () => {
    renderRoute("/");
    const banner = await screen.findByRole("banner");
    for (const [label, href] of [["Features", "#features"], ["Professionals", "#professionals"], ["Pricing", "#pricing"]]) {
      const links = within(banner).getAllByRole("link", { name: label as string });
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toHaveAttribute("href", href);
    }
    expect(within(banner).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    expect(within(banner).getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/auth");
  });

  it("sends both hero buttons to /auth", async () => {
    renderRoute("/");
    const hero = (await screen.findByRole("heading", { level: 1 })).closest("section");
    expect(hero).not.toBeNull();
    expect(within(hero!).getByRole("link", { name: /Start Creating/ })).toHaveAttribute("href", "/auth");
    expect(within(hero!).getByRole("link", { name: "Explore Talent" })).toHaveAttribute("href", "/auth");
  });

  it("shows the stat claims", async () => {
    renderRoute("/");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.getByText("10K+")).toBeInTheDocument();
    expect(screen.getByText("Professionals", { selector: "dt" })).toBeInTheDocument();
    expect(screen.getByText("50K+")).toBeInTheDocument();
    expect(screen.getByText("Projects", { selector: "dt" })).toBeInTheDocument();
    expect(screen.getByText("4.9")).toBeInTheDocument();
    expect(screen.getByText("Rating", { selector: "dt" })).toBeInTheDocument();
  });

  it("has exactly six feature blurbs in #features, plus #professionals and #pricing sections", async () => {
    const { container } = renderRoute("/");
    await screen.findByRole("heading", { level: 1 });
    const features = container.querySelector("section#features");
    expect(features).not.toBeNull();
    const blurbs = within(features as HTMLElement).getAllByRole("listitem");
    expect(blurbs).toHaveLength(6);
    for (const blurb of blurbs) {
      expect(within(blurb).getByRole("heading", { level: 3 }).textContent).not.toBe("");
    }
    expect(container.querySelector("section#professionals")).not.toBeNull();
    expect(container.querySelector("section#pricing")).not.toBeNull();
  });

  it("has a footer with links and the 2024 copyright", async () => {
    renderRoute("/");
    const footer = await screen.findByRole("contentinfo");
    expect(within(footer).getByText(/© 2024 Backline/)).toBeInTheDocument();
    expect(within(footer).getAllByRole("link").length).toBeGreaterThanOrEqual(4);
  });
});
