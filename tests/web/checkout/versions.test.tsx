// Audio versions on a service delivery (issue #31 item 2): the list with each version's facts and
// download, one player with an A/B switch that keeps the playhead and whether it plays, and the
// seller's "Add a version" (read in the browser, uploaded through the files route, then
// POST …/versions with what was measured).
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OrderFile } from "@shared/checkout-api";
import { POST_SCREEN_TEXTS } from "@shared/messages";
import { decodeWaveform } from "@shared/waveform";
import { analyzeAudio } from "@web/lib/audio-analysis";
import { queryClient } from "@web/lib/query-client";
import { apiError, json, resetApp } from "../auth/helpers";
import { installIntersectionObserver } from "../posts/fixtures";
import { created } from "../posts/wavesurfer-mock";
import { findToast } from "../social/helpers";
import { installFakeXhr } from "../upload/fake-xhr";
import "../upload/jsdom-polyfills";
import { makeNote, makeVersion, serviceOrder, serviceSale } from "./revision-fixtures";
import { media, openOrder, playerOf, playersOf, versionsSection } from "./versions-helpers";

vi.mock("wavesurfer.js", async () => (await import("../posts/wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));
vi.mock("@web/lib/audio-analysis", () => ({ analyzeAudio: vi.fn() }));

beforeEach(() => {
  created.length = 0;
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
  vi.mocked(analyzeAudio).mockReset();
});
afterEach(resetApp);

const pastDoubleTapWindow = () => new Promise((resolve) => setTimeout(resolve, 320));

const V1 = makeVersion(1, { note: "First mix" });
const V2 = makeVersion(2, { note: "Vocal down 2 dB", durationMs: 183_400, loudness: { integratedLufs: -9.3, truePeakDbtp: -0.4 } });
const V3 = makeVersion(3, { note: "Master" });

describe("the versions list", () => {
  it("lists the versions newest first with their facts, and the buyer downloads one through a signed link", async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const { api } = openOrder(serviceOrder({ versions: [V1, V2], files: [{ id: "f1", name: "mix-v1.wav", size: 9, contentType: "audio/wav", createdAt: 1, deliveredAt: 2 }, { id: "f9", name: "stems.zip", size: 9, contentType: "application/zip", createdAt: 1, deliveredAt: 2 }] }), {
      "POST /api/orders/o1/download-link": { url: "/api/downloads/tok-v2", expiresAt: Date.now() + 300_000 },
    });
    const list = within(await screen.findByRole("list", { name: "Versions of this delivery" }));
    const rows = list.getAllByTestId("version-row");
    expect(rows.map((row) => row.dataset.version)).toEqual(["2", "1"]);
    expect(rows[0]).toHaveTextContent("v2");
    expect(rows[0]).toHaveTextContent("3:03");
    expect(rows[0]).toHaveTextContent("Vocal down 2 dB");
    // Its loudness as the seller's browser measured it (decision record 0092); v1 has none.
    expect(within(rows[0]!).getByRole("img", { name: "Integrated loudness −9.3 LUFS, true peak −0.4 dBTP" })).toBeInTheDocument();
    expect(within(rows[1]!).queryByTestId("loudness-readout")).toBeNull();
    // The player's readout follows the version playing (v2, the newest).
    expect(within(await versionsSection()).getAllByTestId("loudness-readout")).toHaveLength(2);
    expect(within(rows[0]!).getByTestId("version-state")).toHaveTextContent(/^Delivered /);
    // The newest is in the player; the other can be put there.
    expect(rows[0]).toHaveTextContent("In the player");
    expect(within(rows[1]!).getByRole("button", { name: "Listen to v1" })).toBeInTheDocument();
    // A version's file is not listed twice: the other delivered files stay in their own list.
    expect(within(screen.getByTestId("order-files")).queryByText("mix-v1.wav")).toBeNull();
    expect(within(screen.getByTestId("order-files")).getByText("stems.zip")).toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole("button", { name: "Download v2" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/api/downloads/tok-v2"));
    expect(api.callsTo("POST", "/api/orders/o1/download-link")[0]!.body).toEqual({ fileId: "f2" });
  });

  it("shows the seller a version not delivered yet, with the audio as a plain download link", async () => {
    openOrder(serviceSale({ status: "in_progress", actions: ["deliver", "attach-file", "add-version", "refund"], versions: [V1, makeVersion(2, { deliveredAt: null })] }));
    const rows = await screen.findAllByTestId("version-row");
    expect(within(rows[0]!).getByTestId("version-state")).toHaveTextContent("Not delivered yet");
    expect(rows[0]).toHaveTextContent("Sent with your next delivery");
    const link = within(rows[0]!).getByRole("link", { name: "Download v2" });
    expect(link).toHaveAttribute("href", "/api/orders/o1/versions/v2/audio");
    expect(link).toHaveAttribute("download", "mix-v2.wav");
  });

  it("shows no versions section on a delivery without versions", async () => {
    openOrder(serviceOrder({ actions: ["complete", "request-revision"] }));
    await screen.findByTestId("order-detail");
    expect(screen.queryByTestId("order-versions")).toBeNull();
    expect(screen.queryByTestId("waveform-player")).toBeNull();
  });
});

describe("audio behind the session", () => {
  it("a version that fails to load (the access cookie expired on an open page) refreshes the session once and plays on from where it was", async () => {
    const { api } = openOrder(serviceOrder({ versions: [V1] }), { "POST /api/auth/refresh": { ok: true } });
    const ws = await playerOf(V1);
    const audio = ws.options.media as HTMLAudioElement;
    const load = vi.spyOn(audio, "load").mockImplementation(() => {});
    await media(ws, "timeupdate", 42.5);
    await act(async () => {
      ws.emit("error");
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() => expect(ws.play).toHaveBeenCalled());
    expect(api.callsTo("POST", "/api/auth/refresh")).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(ws.setTime).toHaveBeenLastCalledWith(42.5);
    // A second failure is not retried: the player says it cannot play.
    await act(async () => {
      ws.emit("error");
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(api.callsTo("POST", "/api/auth/refresh")).toHaveLength(1);
    expect(within(await versionsSection()).getByText(POST_SCREEN_TEXTS.player.cannotPlay)).toBeInTheDocument();
  });
});

describe("the A/B switch", () => {
  it("plays the newest as B, and switching keeps the playhead to the millisecond and keeps playing", async () => {
    const user = userEvent.setup();
    openOrder(serviceOrder({ versions: [V1, V2] }));
    const section = within(await versionsSection());
    const b = await playerOf(V2);
    expect(section.getByTestId("now-playing")).toHaveTextContent("Now playing v2");
    // Drawn from the version's stored peaks and length: nothing is fetched to draw it.
    expect(b.options.peaks).toEqual([decodeWaveform(V2.waveform!)]);
    expect(b.options.duration).toBe(183.4);
    const group = section.getByRole("group", { name: "A/B comparison" });
    const [sideA, sideB] = within(group).getAllByRole("radio");
    expect(sideA).toHaveAccessibleName("A: v1");
    expect(sideB).toHaveAccessibleName("B: v2");
    expect(sideB).toBeChecked();

    // Playing v2 at 1:02.345, the listener switches to A.
    await media(b, "play", 62.345);
    await media(b, "timeupdate", 62.345);
    await user.click(sideA!);
    const a = await playerOf(V1);
    expect(a.setTime).toHaveBeenCalledWith(62.345);
    expect(a.play).toHaveBeenCalledTimes(1);
    expect(a.state).toEqual({ time: 62.345, playing: true });
    expect(screen.getByRole("button", { name: "Pause v1 of Mix a single" })).toBeInTheDocument();
    expect(section.getByTestId("now-playing")).toHaveTextContent("Now playing v1");
    expect(section.getByRole("radio", { name: "A: v1" })).toBeChecked();
    expect(screen.getByTestId("waveform")).toHaveAttribute("aria-valuetext", "1:02 of 3:00");
    // One player, on v1's file.
    expect(screen.getAllByTestId("waveform-player")).toHaveLength(1);
    expect(document.querySelector("audio")).toHaveAttribute("src", V1.audioUrl);

    // Paused at 1:30.5 on A, back to B: same place, still paused.
    await media(a, "pause", 90.5);
    await user.click(section.getByRole("radio", { name: "B: v2" }));
    await waitFor(() => expect(playersOf(V2)).toBe(2));
    const b2 = await playerOf(V2);
    expect(b2.setTime).toHaveBeenCalledWith(90.5);
    expect(b2.play).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Play v2 of Mix a single" })).toBeInTheDocument();
    expect(screen.getByTestId("waveform")).toHaveAttribute("aria-valuetext", "1:30 of 3:03");
  });

  it("switches from the keyboard with the arrow keys", async () => {
    const user = userEvent.setup();
    openOrder(serviceOrder({ versions: [V1, V2] }));
    const b = await playerOf(V2);
    await media(b, "interaction", 12);
    screen.getByRole("radio", { name: "B: v2" }).focus();
    await user.keyboard("{ArrowLeft}");
    const a = await playerOf(V1);
    expect(screen.getByRole("radio", { name: "A: v1" })).toBeChecked();
    expect(a.setTime).toHaveBeenCalledWith(12);
  });

  it("lets A and B be any two versions, and Listen puts a version in the player at the same place", async () => {
    const user = userEvent.setup();
    openOrder(serviceOrder({ versions: [V1, V2, V3] }));
    const section = within(await versionsSection());
    const v3 = await playerOf(V3);
    expect(section.getByRole("radio", { name: "A: v2" })).toBeInTheDocument();
    expect(section.getByRole("radio", { name: "B: v3" })).toBeChecked();
    // A's choice does not offer B's version, and changing A leaves the player alone.
    const pickA = section.getByRole("combobox", { name: "Version A" });
    expect(within(pickA).getAllByRole("option").map((o) => o.textContent)).toEqual(["v1", "v2"]);
    await user.selectOptions(pickA, "v1");
    expect(section.getByRole("radio", { name: "A: v1" })).toBeInTheDocument();
    expect(playersOf(V1)).toBe(0);

    await media(v3, "interaction", 30);
    await user.click(section.getByRole("button", { name: "Listen to v2" }));
    // v2 takes the place of the side playing (B), at 0:30.
    const v2 = await playerOf(V2);
    expect(v2.setTime).toHaveBeenCalledWith(30);
    expect(section.getByRole("radio", { name: "B: v2" })).toBeChecked();
    expect(section.getByRole("radio", { name: "A: v1" })).not.toBeChecked();
  });
});

describe("adding a version", () => {
  const sale = (overrides = {}) => serviceSale({ status: "in_progress", actions: ["deliver", "attach-file", "add-version", "refund"], versions: [V1], ...overrides });
  const uploaded: OrderFile = { id: "f2", name: "mix-v2.wav", size: 9, contentType: "audio/wav", createdAt: 1, deliveredAt: null };
  const wav = () => new File(["RIFFdata!"], "mix-v2.wav", { type: "audio/wav" });

  it("reads the file, uploads it through the files route, then adds it with what was measured", async () => {
    const user = userEvent.setup();
    vi.mocked(analyzeAudio).mockResolvedValue({ durationMs: 183_400, waveform: [0.1, 0.5, 1], loudness: { integratedLufs: -9.1, truePeakDbtp: -0.8 } } as Awaited<ReturnType<typeof analyzeAudio>>);
    const xhr = installFakeXhr(() => ({ status: 201, body: uploaded }));
    const { api } = openOrder(sale(), {
      "POST /api/orders/o1/versions": () => {
        // The file is on the server before it becomes a version.
        expect(xhr.calls).toHaveLength(1);
        return json(makeVersion(2, { durationMs: 183_400, note: "Vocal down 2 dB", deliveredAt: null }), 201);
      },
    });
    const form = within(await screen.findByTestId("add-version-form"));
    await user.upload(form.getByLabelText("Audio file"), wav());
    await user.type(form.getByLabelText("Note for this version (optional)"), "Vocal down 2 dB");
    await user.click(form.getByRole("button", { name: "Add version" }));

    await waitFor(() => expect(api.callsTo("POST", "/api/orders/o1/versions")).toHaveLength(1));
    expect(xhr.calls[0]).toMatchObject({ method: "POST", url: "/api/orders/o1/files?name=mix-v2.wav", headers: { "content-type": "audio/wav" } });
    expect(api.callsTo("POST", "/api/orders/o1/versions")[0]!.body).toEqual({
      fileId: "f2",
      note: "Vocal down 2 dB",
      durationMs: 183_400,
      waveform: [0.1, 0.5, 1],
      loudness: { integratedLufs: -9.1, truePeakDbtp: -0.8 },
    });
    expect(await findToast("v2 added. It is sent with your next delivery.")).toBeInTheDocument();
    const rows = screen.getAllByTestId("version-row");
    expect(rows.map((row) => row.dataset.version)).toEqual(["2", "1"]);
    expect(within(rows[0]!).getByTestId("version-state")).toHaveTextContent("Not delivered yet");
    // The delivery form lists it among the files the next delivery sends.
    expect(within(screen.getByTestId("deliver-form")).getByText("mix-v2.wav · v2")).toBeInTheDocument();
    expect(form.getByLabelText("Note for this version (optional)")).toHaveValue("");
  });

  it("sends no loudness and no waveform when the analysis has none", async () => {
    const user = userEvent.setup();
    vi.mocked(analyzeAudio).mockResolvedValue({ durationMs: 5_000 });
    installFakeXhr(() => ({ status: 201, body: uploaded }));
    const { api } = openOrder(sale(), { "POST /api/orders/o1/versions": json(makeVersion(2, { deliveredAt: null }), 201) });
    const form = within(await screen.findByTestId("add-version-form"));
    await user.upload(form.getByLabelText("Audio file"), wav());
    await user.click(form.getByRole("button", { name: "Add version" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/orders/o1/versions")).toHaveLength(1));
    expect(api.callsTo("POST", "/api/orders/o1/versions")[0]!.body).toEqual({ fileId: "f2", durationMs: 5_000, waveform: null, loudness: null });
  });

  it("refuses a file the browser cannot decode, before uploading anything", async () => {
    const user = userEvent.setup();
    vi.mocked(analyzeAudio).mockRejectedValue(new DOMException("Unable to decode audio data", "EncodingError"));
    const xhr = installFakeXhr(() => ({ status: 201, body: uploaded }));
    const { api } = openOrder(sale());
    const form = within(await screen.findByTestId("add-version-form"));
    await user.click(form.getByRole("button", { name: "Add version" }));
    expect(form.getByRole("alert")).toHaveTextContent("Choose an audio file");
    await user.upload(form.getByLabelText("Audio file"), new File(["%PDF"], "brief.wav", { type: "audio/wav" }));
    await user.click(form.getByRole("button", { name: "Add version" }));
    expect(await form.findByRole("alert")).toHaveTextContent("This file cannot be played as audio, so it cannot be a version.");
    expect(form.getByLabelText("Audio file")).toHaveAttribute("aria-invalid", "true");
    expect(xhr.calls).toHaveLength(0);
    expect(api.callsTo("POST", "/api/orders/o1/versions")).toHaveLength(0);
  });

  it("shows the server's refusal, and a retry does not upload the file again", async () => {
    const user = userEvent.setup();
    vi.mocked(analyzeAudio).mockResolvedValue({ durationMs: 183_400, waveform: [0.5] });
    const xhr = installFakeXhr(() => ({ status: 201, body: uploaded }));
    let tries = 0;
    const { api } = openOrder(sale(), {
      "POST /api/orders/o1/versions": () => {
        tries += 1;
        return tries === 1 ? apiError(409, "conflict", "An order can hold at most 20 versions") : json(makeVersion(2, { deliveredAt: null }), 201);
      },
    });
    const form = within(await screen.findByTestId("add-version-form"));
    await user.upload(form.getByLabelText("Audio file"), wav());
    await user.click(form.getByRole("button", { name: "Add version" }));
    expect(await form.findByRole("alert")).toHaveTextContent("An order can hold at most 20 versions");
    // The app ignores a second tap on the same button within 300 ms (web/lib/touch-guards.ts).
    await pastDoubleTapWindow();
    await user.click(form.getByRole("button", { name: "Add version" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/orders/o1/versions")).toHaveLength(2));
    expect(xhr.calls).toHaveLength(1);
    expect(analyzeAudio).toHaveBeenCalledTimes(1);
    expect(await screen.findAllByTestId("version-row")).toHaveLength(2);
  });

  it("shows an upload refusal and adds no version", async () => {
    const user = userEvent.setup();
    vi.mocked(analyzeAudio).mockResolvedValue({ durationMs: 183_400 });
    installFakeXhr(() => ({ status: 413, body: { error: { code: "payload_too_large", message: "Please select a file under 100MB", requestId: "t" } } }));
    const { api } = openOrder(sale());
    const form = within(await screen.findByTestId("add-version-form"));
    await user.upload(form.getByLabelText("Audio file"), wav());
    await user.click(form.getByRole("button", { name: "Add version" }));
    expect(await form.findByRole("alert")).toHaveTextContent("Please select a file under 100MB");
    expect(api.callsTo("POST", "/api/orders/o1/versions")).toHaveLength(0);
  });

  it("invites the seller to add the first version when there is none", async () => {
    openOrder(sale({ versions: [] }));
    expect(await screen.findByTestId("versions-empty")).toHaveTextContent("No versions yet.");
    expect(screen.getByTestId("add-version-form")).toBeInTheDocument();
    expect(screen.queryByTestId("waveform-player")).toBeNull();
  });
});

describe("the history", () => {
  it("names the versions a delivery sent and the notes a revision request gathered, in their state now", async () => {
    const resolved = makeNote("n1", { state: "resolved", resolvedInVersionId: "v2", resolvedInVersionNumber: 2, resolvedAt: 5 });
    const order = serviceOrder({
      versions: [V1, V2],
      notes: [resolved, makeNote("n2", { atMs: 30_000, endMs: 45_000, body: "Snare harsh" })],
      history: [
        { id: "h1", status: "paid", actor: "system", note: null, createdAt: 1 },
        { id: "h2", status: "delivered", actor: "seller", note: "First mix", createdAt: 2, versionNumbers: [1] },
        {
          id: "h3",
          status: "in_progress",
          actor: "buyer",
          note: "Two things",
          createdAt: 3,
          notes: [
            { id: "n1", versionNumber: 1, atMs: 10_000, endMs: null, body: "Vocal too loud", state: "resolved" },
            { id: "n2", versionNumber: 1, atMs: 30_000, endMs: 45_000, body: "Snare harsh", state: "open" },
          ],
        },
        { id: "h4", status: "delivered", actor: "seller", note: null, createdAt: 4, versionNumbers: [2] },
      ],
    });
    openOrder(order);
    const history = await screen.findByTestId("order-history");
    expect(within(history).getAllByTestId("history-versions").map((p) => p.textContent)).toEqual(["Delivered v1", "Delivered v2"]);
    const notes = within(within(history).getByTestId("history-notes")).getAllByRole("listitem");
    expect(notes.map((li) => li.textContent)).toEqual(["v1 at 0:10 — Vocal too loudResolved in v2", "v1 at 0:30–0:45 — Snare harshOpen"]);
  });
});
