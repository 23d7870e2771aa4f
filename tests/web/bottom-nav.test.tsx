import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from "@tanstack/react-router";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { BottomNav } from "@web/components/app-shell/bottom-nav";
import { MobileHeader } from "@web/components/app-shell/mobile-header";

// A small route tree with the five tab paths, each rendering the shell as the signed-in layout will.
function renderShellAt(path: string) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <MobileHeader />
        <BottomNav />
      </>
    ),
  });
  const paths = ["/feed", "/search", "/upload", "/activity", "/dashboard", "/bookmarks", "/messages", "/post/$id"];
  const routeTree = rootRoute.addChildren(paths.map((p) => createRoute({ getParentRoute: () => rootRoute, path: p })));
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

describe("bottom navigation (spec §2)", () => {
  it("lists Home, Search, Upload, Activity and Profile with their paths", async () => {
    renderShellAt("/feed");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "/feed"],
      ["Search", "/search"],
      ["Upload", "/upload"],
      ["Activity", "/activity"],
      ["Profile", "/dashboard"],
    ]);
  });

  it.each([
    ["/feed", "Home"],
    ["/search", "Search"],
    ["/upload", "Upload"],
    ["/activity", "Activity"],
    ["/dashboard", "Profile"],
    ["/post/abc", "Home"],
    ["/bookmarks", "Profile"],
  ])("on %s highlights only %s", async (path, label) => {
    renderShellAt(path);
    const nav = await screen.findByRole("navigation", { name: "Main" });
    const current = within(nav).getAllByRole("link").filter((link) => link.getAttribute("aria-current") === "page");
    expect(current.map((link) => link.textContent)).toEqual([label]);
  });

  it("moves the highlight when the user navigates", async () => {
    const router = renderShellAt("/feed");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    await userEvent.click(within(nav).getByRole("link", { name: "Activity" }));
    expect(router.state.location.pathname).toBe("/activity");
    expect(within(nav).getByRole("link", { name: "Activity" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  });

  it("highlights nothing on a screen outside the five tabs", async () => {
    renderShellAt("/messages");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    for (const link of within(nav).getAllByRole("link")) expect(link).not.toHaveAttribute("aria-current");
  });
});

describe("mobile header (spec §2)", () => {
  it("shows the product title and a button to /messages", async () => {
    renderShellAt("/feed");
    const header = await screen.findByRole("banner");
    expect(within(header).getByText("Backline")).toBeInTheDocument();
    expect(within(header).getByRole("link", { name: "Messages" })).toHaveAttribute("href", "/messages");
  });
});
