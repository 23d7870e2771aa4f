// The whole /upload journey in jsdom (spec §4 post creation: idle → uploading → redirect to
// /feed): the real uploader over the contract's endpoints, the measured size sent with the post,
// and the new post at the top of /feed.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@web/lib/query-client";
import "./jsdom-polyfills";
import { SIGNED_IN, apiError, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { installIntersectionObserver, makePost } from "../posts/fixtures";
import { installFakeXhr, partOk } from "./fake-xhr";

vi.mock("wavesurfer.js", async () => (await import("../posts/wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  sessionStorage.clear();
  installIntersectionObserver();
  vi.stubGlobal("createImageBitmap", async () => ({ width: 1600, height: 900, close: () => {} }));
});
afterEach(resetApp);

// A whole journey through the router: allow for a loaded machine.
describe("/upload", { timeout: 20_000 }, () => {
  it("uploads a photo in parts, creates the post and shows it first on /feed", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const older = makePost({ id: "old", caption: "Yesterday's session" });
    let created: ReturnType<typeof makePost> | null = null;
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "POST /api/uploads": json({ uploadId: "up1", partSize: 10 * 1024 * 1024, partCount: 1 }, 201),
      "POST /api/posts": (call: { body: unknown }) => {
        const body = call.body as { caption: string };
        created = makePost({ id: "new", caption: body.caption, userId: "u1", viewer: { liked: false, bookmarked: false, isOwner: true } });
        return json(created, 201);
      },
      "GET /api/feed": () => json({ items: created ? [created, older] : [older], nextCursor: null }),
    });
    const xhr = installFakeXhr(partOk);
    const { router } = renderApp("/upload");

    await user.click(await screen.findByRole("radio", { name: /Photo/ }));
    await user.upload(screen.getByTestId("file-input"), new File([new Uint8Array(5000)], "studio.jpg", { type: "image/jpeg" }));
    await user.type(screen.getByLabelText("Caption"), "New room, new sound");
    await user.type(screen.getByLabelText(/Tags/), "studio, acoustics");
    await user.click(screen.getByRole("button", { name: "Share Post" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/feed"), { timeout: 8000 });
    expect(api.callsTo("POST", "/api/uploads")[0]!.body).toEqual({ contentType: "image", mimeType: "image/jpeg", size: 5000, fileName: "studio.jpg" });
    expect(xhr.calls.map((c) => [c.url, c.size])).toEqual([["/api/uploads/up1/parts/1", 5000]]);
    expect(api.callsTo("POST", "/api/posts")[0]!.body).toEqual({
      uploadId: "up1",
      caption: "New room, new sound",
      location: "",
      tags: "studio, acoustics",
      width: 1600,
      height: 900,
      durationMs: null,
      waveform: null,
      loudness: null,
    });
    await screen.findByText("New room, new sound");
    expect(screen.getAllByTestId("post-caption").map((el) => el.textContent)).toEqual(["New room, new sound", "Yesterday's session"]);
  });

  it("shows the server's rate limit as 'Upload Limit Reached' and stays on the form", async () => {
    const user = userEvent.setup({ applyAccept: false });
    mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "POST /api/uploads": apiError(429, "rate_limited", "Please wait 37 minutes before uploading again", { title: "Upload Limit Reached" }),
    });
    installFakeXhr(partOk);
    const { router } = renderApp("/upload");
    await user.click(await screen.findByRole("radio", { name: /Photo/ }));
    await user.upload(screen.getByTestId("file-input"), new File([new Uint8Array(10)], "a.jpg", { type: "image/jpeg" }));
    await user.click(screen.getByRole("button", { name: "Share Post" }));
    expect(await screen.findByText("Upload Limit Reached")).toBeInTheDocument();
    expect(screen.getAllByText("Please wait 37 minutes before uploading again").length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe("/upload");
  });
});
