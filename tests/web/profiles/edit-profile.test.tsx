// /edit-profile (second document §2 Profile editing; §5 avatar and profile rules; §8 'Profile
// updated' / 'Update failed'): the form filled from the profile, the shared schema's messages,
// only changed fields sent, Save and Cancel back to /dashboard, a 409 'Username taken' on the
// field, the live availability check, and the avatar's three refusals and its upload.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AVATAR_MAX_BYTES } from "@shared/profile-api";
import { queryClient } from "@web/lib/query-client";
import "../upload/jsdom-polyfills";
import { SIGNED_IN, apiError, deferred, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { errorAnswer, installFakeXhr } from "../upload/fake-xhr";
import { makeDashboard, makeOwnProfile } from "./fixtures";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
});
afterEach(resetApp);

const own = makeOwnProfile({ bio: "Beats and bass.", profession: "Music Producer", websiteUrl: "https://maya.example/", skills: ["Beatmaking", "Sampling"] });

function routes(overrides: Record<string, unknown> = {}) {
  return {
    "GET /api/auth/session": SIGNED_IN,
    "GET /api/profile": own,
    "GET /api/profile/dashboard": makeDashboard({ profile: own }),
    "GET /api/profile/username-check": (call: { search: string }) => {
      const username = new URLSearchParams(call.search).get("username") ?? "";
      return json({ username, available: username.toLowerCase() !== "taken_name" });
    },
    ...overrides,
  };
}

async function openForm() {
  const form = await screen.findByRole("form", { name: "Edit profile" });
  return form;
}

describe("/edit-profile", () => {
  it("shows a skeleton, then the form filled from the profile", async () => {
    const answer = deferred<Response>();
    mockApi(routes({ "GET /api/profile": () => answer.promise }));
    renderApp("/edit-profile");
    expect(await screen.findByTestId("profile-form-skeleton")).toBeInTheDocument();
    await act(async () => answer.resolve(json(own)));
    const form = await openForm();
    expect(within(form).getByLabelText("Username")).toHaveValue("maya");
    expect(within(form).getByLabelText("Display name")).toHaveValue("Maya Lopez");
    expect(within(form).getByLabelText("Bio")).toHaveValue("Beats and bass.");
    expect(within(form).getByText("15/300")).toBeInTheDocument();
    expect(within(form).getByLabelText("Profession")).toHaveValue("Music Producer");
    expect(within(form).getByLabelText("Website")).toHaveValue("https://maya.example/");
    expect(within(form).getByLabelText("Skills")).toHaveValue("Beatmaking, Sampling");
  });

  it("says 'Profile not found' when there is no profile to edit", async () => {
    mockApi(routes({ "GET /api/profile": apiError(404, "not_found", "Profile not found") }));
    renderApp("/edit-profile");
    expect(await screen.findByTestId("profile-not-found")).toHaveTextContent("Profile not found");
  });

  it("sends only the changed fields, then says 'Profile updated' and returns to /dashboard", async () => {
    const user = userEvent.setup();
    const api = mockApi(routes({ "PATCH /api/profile": (call: { body: unknown }) => json({ ...own, ...(call.body as object) }) }));
    const { router } = renderApp("/edit-profile");
    const form = await openForm();
    await user.clear(within(form).getByLabelText("Display name"));
    await user.type(within(form).getByLabelText("Display name"), "Maya L.");
    await user.type(within(form).getByLabelText("Skills"), ", Mixing");
    await user.click(within(form).getByRole("button", { name: "Save Changes" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(api.callsTo("PATCH", "/api/profile")[0]!.body).toEqual({ displayName: "Maya L.", skills: ["Beatmaking", "Sampling", "Mixing"] });
    expect(await screen.findByText("Profile updated")).toBeInTheDocument();
    expect(screen.getByText("Your profile has been successfully updated")).toBeInTheDocument();
  });

  it("returns to /dashboard on Cancel without saving", async () => {
    const user = userEvent.setup();
    const api = mockApi(routes());
    const { router } = renderApp("/edit-profile");
    const form = await openForm();
    await user.type(within(form).getByLabelText("Bio"), " More.");
    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(api.callsTo("PATCH", "/api/profile")).toHaveLength(0);
  });

  it("shows the shared rules' messages and sends nothing while a field is wrong", async () => {
    const user = userEvent.setup();
    const api = mockApi(routes());
    renderApp("/edit-profile");
    const form = await openForm();
    await user.clear(within(form).getByLabelText("Username"));
    await user.clear(within(form).getByLabelText("Website"));
    await user.type(within(form).getByLabelText("Website"), "ftp://files.example");
    await user.click(within(form).getByRole("button", { name: "Save Changes" }));
    expect(await within(form).findByText("Please enter a username")).toBeInTheDocument();
    expect(within(form).getByText("Please enter a website address starting with http:// or https://")).toBeInTheDocument();

    await user.type(within(form).getByLabelText("Username"), "ab");
    expect(await within(form).findByText(/Username must be at least 3 characters/)).toBeInTheDocument();
    expect(api.callsTo("PATCH", "/api/profile")).toHaveLength(0);
  });

  it("keeps only the characters a username may have as it is typed", async () => {
    const user = userEvent.setup();
    mockApi(routes());
    renderApp("/edit-profile");
    const form = await openForm();
    const field = within(form).getByLabelText("Username");
    await user.clear(field);
    await user.type(field, "Maya Lopez!");
    expect(field).toHaveValue("MayaLopez");
    expect(await within(form).findByText("Username is available")).toBeInTheDocument();
  });

  it("says a username is taken while typing, once the typing pauses", async () => {
    const user = userEvent.setup();
    const api = mockApi(routes());
    renderApp("/edit-profile");
    const form = await openForm();
    const field = within(form).getByLabelText("Username");
    await user.clear(field);
    await user.type(field, "taken_name");
    expect(await within(form).findByText("This username is already in use")).toBeInTheDocument();
    // One question for the settled name, not one per key.
    expect(api.callsTo("GET", "/api/profile/username-check").map((call) => new URLSearchParams(call.search).get("username"))).toEqual(["taken_name"]);
  });

  it("shows 'Username taken' on the field when the server answers 409", async () => {
    const user = userEvent.setup();
    mockApi(routes({ "PATCH /api/profile": apiError(409, "conflict", "This username is already in use", { title: "Username taken" }) }));
    const { router } = renderApp("/edit-profile");
    const form = await openForm();
    const field = within(form).getByLabelText("Username");
    await user.clear(field);
    await user.type(field, "raced_name");
    await user.click(within(form).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Username taken")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(within(form).getByRole("alert")).toHaveTextContent("This username is already in use");
    expect(router.state.location.pathname).toBe("/edit-profile");
  });

  it("says 'Update failed' when saving fails", async () => {
    const user = userEvent.setup();
    mockApi(routes({ "PATCH /api/profile": apiError(500, "internal", "An unexpected error occurred") }));
    renderApp("/edit-profile");
    const form = await openForm();
    await user.type(within(form).getByLabelText("Location"), "Berlin");
    await user.click(within(form).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Update failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to update profile")).toBeInTheDocument();
  });
});

describe("profile picture", () => {
  const pick = async (file: File) => {
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByTestId("avatar-input"), file);
  };

  it("refuses a file that is not an image: 'Invalid file type' / 'Please select an image file'", async () => {
    const xhr = installFakeXhr(() => ({ status: 200, body: own }));
    mockApi(routes());
    renderApp("/edit-profile");
    await pick(new File(["%PDF"], "cv.pdf", { type: "application/pdf" }));
    expect(await screen.findByText("Invalid file type")).toBeInTheDocument();
    expect(screen.getByText("Please select an image file")).toBeInTheDocument();
    expect(xhr.calls).toHaveLength(0);
  });

  it("refuses an image over 5MB: 'File too large' / 'Please select an image under 5MB'", async () => {
    const xhr = installFakeXhr(() => ({ status: 200, body: own }));
    mockApi(routes());
    renderApp("/edit-profile");
    await pick(new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], "huge.jpg", { type: "image/jpeg" }));
    expect(await screen.findByText("File too large")).toBeInTheDocument();
    expect(screen.getByText("Please select an image under 5MB")).toBeInTheDocument();
    expect(xhr.calls).toHaveLength(0);
  });

  it("sends the picture as the raw body and shows the stored one", async () => {
    const xhr = installFakeXhr(() => ({ status: 200, body: { ...own, avatarUrl: "/media/avatars/u1/new.webp" } }));
    mockApi(routes());
    renderApp("/edit-profile");
    // jsdom cannot decode images, so the original file is sent as it is.
    await pick(new File([new Uint8Array(2048)], "me.png", { type: "image/png" }));
    expect(await screen.findByTestId("avatar-preview")).toBeInTheDocument();
    await waitFor(() => expect(xhr.calls).toHaveLength(1));
    expect(xhr.calls[0]).toMatchObject({ method: "POST", url: "/api/profile/avatar", size: 2048, headers: { "content-type": "image/png" } });
    await waitFor(() => expect(screen.queryByRole("progressbar")).not.toBeInTheDocument());
    expect(screen.queryByText("Upload failed")).not.toBeInTheDocument();
  });

  it("says 'Upload failed' / 'Failed to upload profile picture' when the upload fails, and the server's words for a refused file or the upload limit", async () => {
    let answer = errorAnswer(503, "unavailable", "Failed to upload profile picture");
    const xhr = installFakeXhr(() => answer);
    mockApi(routes());
    renderApp("/edit-profile");
    await pick(new File([new Uint8Array(64)], "me.png", { type: "image/png" }));
    expect(await screen.findByText("Upload failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to upload profile picture")).toBeInTheDocument();

    answer = errorAnswer(415, "unsupported_media_type", "Please select an image file");
    // Choosing again after a failure (user-event's second upload on one input does not reach
    // React's change tracking, so the change is fired directly).
    fireEvent.change(screen.getByTestId("avatar-input"), { target: { files: [new File([new Uint8Array(64)], "fake.png", { type: "image/png" })] } });
    await waitFor(() => expect(xhr.calls).toHaveLength(2));
    expect(await screen.findByText("Invalid file type")).toBeInTheDocument();

    answer = { status: 429, body: { error: { code: "rate_limited", message: "Please wait 42 minutes before uploading again", requestId: "t", details: { title: "Upload Limit Reached" } } } };
    fireEvent.change(screen.getByTestId("avatar-input"), { target: { files: [new File([new Uint8Array(64)], "again.png", { type: "image/png" })] } });
    expect(await screen.findByText("Upload Limit Reached")).toBeInTheDocument();
    expect(screen.getByText("Please wait 42 minutes before uploading again")).toBeInTheDocument();
  });
});
