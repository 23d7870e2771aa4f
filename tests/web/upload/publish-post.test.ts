// Post creation after the upload: the poster frame for a video, the metadata sent with the post,
// and the resume entry dropped once the post exists.
import { afterEach, describe, expect, it, vi } from "vitest";
import { analyzeMedia } from "@web/features/upload/media-analysis";
import { publishPost } from "@web/features/upload/publish-post";
import { createResumeStore } from "@web/lib/upload-resume-store";
import type { CreatePostBody, Post } from "@shared/posts-api";

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

type CreatePost = (body: CreatePostBody) => Promise<Post>;

function deps(overrides: { createPost?: CreatePost } = {}) {
  const store = createResumeStore(() => sessionStorage);
  store.save({ uploadId: "up1", contentType: "video", fileName: "clip.mp4", fileSize: 3, lastModified: 1, mimeType: "video/mp4", savedAt: Date.now() });
  const calls = {
    putThumbnail: vi.fn(async () => ({ ok: true })),
    createPost: vi.fn<CreatePost>(overrides.createPost ?? (async (body) => ({ id: "p1", ...body }) as unknown as Post)),
  };
  const upload = vi.fn(async () => ({ uploadId: "up1", resumed: false, sentParts: [1] }));
  return { store, calls, upload };
}

const file = new File([new Uint8Array(3)], "clip.mp4", { type: "video/mp4", lastModified: 1 });

describe("publishPost", () => {
  it("uploads, sends the poster frame, then creates the post with the measured metadata", async () => {
    const d = deps();
    const poster = new Blob(["jpeg"], { type: "image/jpeg" });
    const phases: string[] = [];
    await publishPost(
      {
        file,
        contentType: "video",
        caption: "Live at the Roundhouse",
        location: "London",
        tags: "live, drums",
        analysis: Promise.resolve({ width: 1920, height: 1080, durationMs: 12_000, poster }),
        onPhase: (p) => phases.push(p),
      },
      d,
    );
    expect(phases).toEqual(["uploading", "finishing"]);
    expect(d.calls.putThumbnail).toHaveBeenCalledWith("up1", poster);
    expect(d.calls.createPost).toHaveBeenCalledWith({
      uploadId: "up1",
      caption: "Live at the Roundhouse",
      location: "London",
      tags: "live, drums",
      width: 1920,
      height: 1080,
      durationMs: 12_000,
      waveform: null,
      loudness: null,
    });
    expect(d.store.find(file, "video")).toBeNull();
  });

  it("still creates the post when the poster upload fails, and sends nulls for unknown metadata", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const d = deps();
    d.calls.putThumbnail.mockRejectedValueOnce(new Error("boom"));
    await publishPost({ file, contentType: "video", caption: "", location: "", tags: "", analysis: Promise.resolve({ poster: new Blob(["x"]) }) }, d);
    expect(d.calls.createPost).toHaveBeenCalledWith(expect.objectContaining({ width: null, height: null, durationMs: null, waveform: null, loudness: null }));
    warn.mockRestore();
  });

  it("sends an audio post's measured loudness, and none for other kinds or when it was not measured", async () => {
    const song = new File([new Uint8Array(3)], "mix.wav", { type: "audio/wav", lastModified: 1 });
    const measured = { durationMs: 83_400, waveform: [0.1, 0.9], loudness: { integratedLufs: -14.2, truePeakDbtp: -0.8 } };
    const audio = deps();
    await publishPost({ file: song, contentType: "audio", caption: "", location: "", tags: "", analysis: Promise.resolve(measured) }, audio);
    expect(audio.calls.createPost).toHaveBeenCalledWith(
      expect.objectContaining({ durationMs: 83_400, waveform: [0.1, 0.9], loudness: { integratedLufs: -14.2, truePeakDbtp: -0.8 } }),
    );

    const silent = deps();
    await publishPost({ file: song, contentType: "audio", caption: "", location: "", tags: "", analysis: Promise.resolve({ durationMs: 1_000 }) }, silent);
    expect(silent.calls.createPost).toHaveBeenCalledWith(expect.objectContaining({ loudness: null }));

    // A video's analysis never carries one; were it to, the post would still not claim it.
    const video = deps();
    await publishPost({ file, contentType: "video", caption: "", location: "", tags: "", analysis: Promise.resolve(measured) }, video);
    expect(video.calls.createPost).toHaveBeenCalledWith(expect.objectContaining({ loudness: null }));
  });

  it("measures a chosen audio file's loudness and posts it with the post", async () => {
    // Web Audio stands in: the "decoded" file is 4 s of a stereo 1 kHz sine at −16 dBFS.
    const rate = 44_100;
    const tone = Float32Array.from({ length: 4 * rate }, (_, i) => 10 ** (-16 / 20) * Math.sin((2 * Math.PI * 1000 * i) / rate));
    class FakeOffline {
      decodeAudioData = async () => ({ duration: 4, sampleRate: rate, numberOfChannels: 2, getChannelData: () => tone });
    }
    vi.stubGlobal("OfflineAudioContext", FakeOffline);
    const song = new File([new Uint8Array(3)], "mix.wav", { type: "audio/wav", lastModified: 1 });
    const d = deps();
    await publishPost({ file: song, contentType: "audio", caption: "", location: "", tags: "", analysis: analyzeMedia(song, "audio") }, d);
    expect(d.calls.createPost).toHaveBeenCalledWith(expect.objectContaining({ durationMs: 4_000, loudness: { integratedLufs: -16, truePeakDbtp: -16 } }));
  });

  it("keeps the resume entry when creating the post fails, so sharing again resumes", async () => {
    const d = deps({ createPost: async () => Promise.reject(new Error("500")) });
    await expect(publishPost({ file, contentType: "video", caption: "", location: "", tags: "", analysis: Promise.resolve({}) }, d)).rejects.toThrow();
    expect(d.store.find(file, "video")?.uploadId).toBe("up1");
  });
});
