// /post/{id} (spec §2 share-link target): public, with a sign-in call to action for visitors;
// 'Post not found'; a view recorded on open; the owner can edit (PATCH) and delete from here.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetViewedForTests } from "@web/features/posts/hooks/use-record-view";
import { queryClient } from "@web/lib/query-client";
import "../upload/jsdom-polyfills";
import { SIGNED_IN, SIGNED_OUT, apiError, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { installIntersectionObserver, makePost } from "./fixtures";

vi.mock("wavesurfer.js", async () => (await import("./wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  sessionStorage.clear();
  resetViewedForTests();
  installIntersectionObserver();
});
afterEach(resetApp);

const owned = makePost({ viewer: { liked: false, bookmarked: false, isOwner: true } });

describe("/post/{id}", () => {
  it("shows the post to a visitor with a sign-in call to action, and records a view", async () => {
    const api = mockApi({
      "GET /api/auth/session": SIGNED_OUT,
      "GET /api/posts/p1": makePost(),
      "POST /api/posts/p1/views": () => new Response(null, { status: 204 }),
    });
    renderApp("/post/p1");
    expect(await screen.findByText("Console session tonight")).toBeInTheDocument();
    const cta = await screen.findByTestId("sign-in-cta");
    expect(within(cta).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth?redirect=%2Fpost%2Fp1");
    expect(screen.queryByRole("button", { name: "Post options" })).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo("POST", "/api/posts/p1/views")).toHaveLength(1));
  });

  it("only logs a failed view, never bothering the reader", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    mockApi({ "GET /api/auth/session": SIGNED_OUT, "GET /api/posts/p1": makePost(), "POST /api/posts/p1/views": apiError(500, "internal", "x") });
    renderApp("/post/p1");
    await screen.findByText("Console session tonight");
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByText("Error")).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it("says 'Post not found' for a missing post", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_OUT, "GET /api/posts/gone": apiError(404, "not_found", "Post not found") });
    renderApp("/post/gone");
    const state = await screen.findByTestId("post-not-found");
    expect(within(state).getByRole("heading", { name: "Post not found" })).toBeInTheDocument();
  });

  it("lets the owner edit caption, location and tags, and shows the saved post", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/posts/p1": owned,
      "PATCH /api/posts/p1": (call: { body: unknown }) => {
        const body = call.body as { caption: string; location: string; tags: string };
        return json({ ...owned, caption: body.caption, location: body.location, tags: body.tags.split(",").map((t) => t.trim()) });
      },
    });
    renderApp("/post/p1");
    await user.click(await screen.findByRole("button", { name: "Post options" }));
    await user.click(screen.getByRole("menuitem", { name: "Edit Post" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Post" });
    const caption = within(dialog).getByLabelText("Caption");
    expect(caption).toHaveValue("Console session tonight");
    expect(within(dialog).getByLabelText("Tags")).toHaveValue("mixing, rnb");
    await user.clear(caption);
    await user.type(caption, "Final mix is done");
    await user.clear(within(dialog).getByLabelText("Location"));
    await user.type(within(dialog).getByLabelText("Location"), "Berlin");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Final mix is done")).toBeInTheDocument();
    expect(screen.getByText("Berlin")).toBeInTheDocument();
    expect(api.callsTo("PATCH", "/api/posts/p1")[0]!.body).toEqual({ caption: "Final mix is done", location: "Berlin", tags: "mixing, rnb" });
    expect(screen.getByText("Post updated")).toBeInTheDocument();
  });

  it("shows the server's refusal of an edit", async () => {
    const user = userEvent.setup();
    mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/posts/p1": owned,
      "PATCH /api/posts/p1": apiError(403, "forbidden", "You can only edit your own posts"),
    });
    renderApp("/post/p1");
    await user.click(await screen.findByRole("button", { name: "Post options" }));
    await user.click(screen.getByRole("menuitem", { name: "Edit Post" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Post" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("You can only edit your own posts");
  });

  it("goes to /feed after the owner deletes the post", async () => {
    const user = userEvent.setup();
    mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/posts/p1": owned,
      "DELETE /api/posts/p1": json({ ok: true }),
      "GET /api/feed": { items: [], nextCursor: null },
    });
    const { router } = renderApp("/post/p1");
    await user.click(await screen.findByRole("button", { name: "Post options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete Post" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/feed"));
    expect(await screen.findByText("Success")).toBeInTheDocument();
  });
});
