// The create-post form (spec §5 Upload): the checks in the spec's order with its messages, the
// caption counter and content screen, parsed tag chips, the progress bar, and the toasts for
// 'Upload Limit Reached' and 'Failed to create post. Please try again.'.
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import "./jsdom-polyfills";
import { MB } from "@shared/constants";
import type { Post } from "@shared/posts-api";
import { Toaster } from "@web/components/ui/toaster";
import { UploadForm } from "@web/features/upload/components/upload-form";
import type { PublishInput } from "@web/features/upload/publish-post";
import { ApiClientError } from "@web/lib/api-client";

afterEach(() => vi.restoreAllMocks());

const jpeg = (name = "session.jpg", size = 2048) => new File([new Uint8Array(size)], name, { type: "image/jpeg" });
const mp3 = (name = "take.mp3") => new File([new Uint8Array(64)], name, { type: "audio/mpeg" });

function setup(publish = vi.fn(async (_input: PublishInput) => ({ id: "p1" }) as Post)) {
  const user = userEvent.setup({ applyAccept: false });
  const onPublished = vi.fn();
  const analyze = vi.fn(async () => ({ width: 800, height: 600 }));
  render(
    <>
      <UploadForm onPublished={onPublished} publish={publish} analyze={analyze} />
      <Toaster />
    </>,
  );
  const share = () => user.click(screen.getByRole("button", { name: "Share Post" }));
  const pick = (file: File) => user.upload(screen.getByTestId("file-input"), file);
  const choose = (label: "Photo" | "Audio" | "Video") => user.click(screen.getByRole("radio", { name: new RegExp(label) }));
  const alert = () => screen.getByRole("alert");
  return { user, publish, onPublished, analyze, share, pick, choose, alert };
}

describe("file checks, in the spec's order", () => {
  it("asks for a content type first, even when a file is chosen", async () => {
    const t = setup();
    await t.share();
    expect(t.alert()).toHaveTextContent("Please select a content type first");
    await t.pick(jpeg());
    await t.share();
    expect(t.alert()).toHaveTextContent("Please select a content type first");
    expect(t.publish).not.toHaveBeenCalled();
  });

  it("then a file", async () => {
    const t = setup();
    await t.choose("Photo");
    await t.share();
    expect(t.alert()).toHaveTextContent("Please select a file to upload");
  });

  it("then the generic file check's reason, before the type and size checks", async () => {
    const t = setup();
    await t.choose("Photo");
    // Wrong type and a double extension: the file-name reason wins.
    await t.pick(new File([new Uint8Array(4)], "beat.final.mp3", { type: "audio/mpeg" }));
    expect(t.alert()).toHaveTextContent("Multiple file extensions not allowed");
    await t.pick(new File([new Uint8Array(4)], "config.jpg", { type: "image/jpeg" }));
    expect(t.alert()).toHaveTextContent("Suspicious file name");
    await t.pick(new File([], "empty.jpg", { type: "image/jpeg" }));
    expect(t.alert()).toHaveTextContent("Invalid file");
    await t.share();
    expect(t.publish).not.toHaveBeenCalled();
  });

  it("then the MIME type for the chosen content type", async () => {
    const t = setup();
    await t.choose("Photo");
    await t.pick(mp3());
    expect(t.alert()).toHaveTextContent("Please select a valid image file");
    // Switching the type to Audio makes the same file acceptable.
    await t.choose("Audio");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByTestId("media-preview")).toHaveTextContent("take.mp3");
  });

  it("then the size limit of the type (exactly the limit passes)", async () => {
    const t = setup();
    await t.choose("Photo");
    await t.pick(jpeg("big.jpg", 10 * MB + 1));
    expect(t.alert()).toHaveTextContent("File size must be less than 10MB for image files");
    await t.pick(jpeg("limit.jpg", 10 * MB));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("caption, location and tags", () => {
  it("counts caption characters up to 500 and cannot go beyond", async () => {
    const t = setup();
    const caption = screen.getByLabelText("Caption");
    expect(screen.getByText("0/500")).toBeInTheDocument();
    await t.user.type(caption, "Late night mix");
    expect(screen.getByText("14/500")).toBeInTheDocument();
    expect(caption).toHaveAttribute("maxLength", "500");
    expect(screen.getByLabelText(/Location/)).toHaveAttribute("maxLength", "100");
    expect(screen.getByLabelText(/Tags/)).toHaveAttribute("maxLength", "200");
  });

  it("shows 'Invalid caption content' and does not send a caption the content screen refuses", async () => {
    const t = setup();
    await t.choose("Photo");
    await t.pick(jpeg());
    await t.user.type(screen.getByLabelText("Caption"), "Free bitcoin for every listener");
    expect(screen.getByText("Invalid caption content")).toBeInTheDocument();
    await t.share();
    expect(t.publish).not.toHaveBeenCalled();
  });

  it("shows the tags as the server will store them: trimmed, empty and repeated ones dropped", async () => {
    const t = setup();
    await t.user.type(screen.getByLabelText(/Tags/), " mixing, rnb, ,Mixing,  analog ");
    const chips = screen.getByRole("list", { name: "Tags" });
    expect([...chips.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["mixing", "rnb", "analog"]);
  });

  it("sends cleaned text: script protocols stripped, surrounding space trimmed", async () => {
    const t = setup();
    await t.choose("Photo");
    await t.pick(jpeg());
    await t.user.type(screen.getByLabelText("Caption"), "  First take\nwith javascript:alert(1) vibes  ");
    await t.user.type(screen.getByLabelText(/Location/), "  Berlin ");
    await t.user.type(screen.getByLabelText(/Tags/), "demo, rnb");
    await t.share();
    await waitFor(() => expect(t.publish).toHaveBeenCalled());
    const input = t.publish.mock.calls[0]![0];
    expect(input.caption).toBe("First take\nwith alert(1) vibes");
    expect(input.location).toBe("Berlin");
    expect(input.tags).toBe("demo, rnb");
    expect(input.contentType).toBe("image");
    expect(input.file.name).toBe("session.jpg");
    await expect(input.analysis).resolves.toEqual({ width: 800, height: 600 });
  });
});

describe("sharing", () => {
  it("shows a real progress bar while uploading, then 'Success!' and hands over the post", async () => {
    let finish!: () => void;
    let report!: PublishInput["onProgress"];
    const publish = vi.fn(
      (input: PublishInput) =>
        new Promise<Post>((resolve) => {
          report = input.onProgress;
          finish = () => resolve({ id: "p9" } as Post);
        }),
    );
    const t = setup(publish);
    await t.choose("Photo");
    await t.pick(jpeg());
    await t.share();
    await waitFor(() => expect(publish).toHaveBeenCalled());
    await act(async () => report?.({ sentBytes: 1024, totalBytes: 2048 }));
    const bar = screen.getByRole("progressbar", { name: "Upload progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "50");
    expect(screen.getByText("1 KB of 2 KB")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sharing…" })).toBeDisabled();
    await act(async () => finish());
    expect(await screen.findByText("Success!", undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(t.onPublished).toHaveBeenCalledWith({ id: "p9" });
  });

  it("shows 'Upload Limit Reached' with the server's wait time on a 429", async () => {
    const t = setup(
      vi.fn(async () => {
        throw new ApiClientError("Please wait 42 minutes before uploading again", 429, "rate_limited", { title: "Upload Limit Reached" });
      }),
    );
    await t.choose("Photo");
    await t.pick(jpeg());
    await t.share();
    expect(await screen.findByText("Upload Limit Reached")).toBeInTheDocument();
    expect(screen.getAllByText("Please wait 42 minutes before uploading again").length).toBeGreaterThan(0);
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(t.onPublished).not.toHaveBeenCalled();
  });

  it("shows the server's own upload message when it refuses the bytes", async () => {
    const t = setup(
      vi.fn(async () => {
        throw new ApiClientError("Please select a valid image file", 415, "unsupported_media_type");
      }),
    );
    await t.choose("Photo");
    await t.pick(jpeg());
    await t.share();
    expect(await screen.findByRole("alert")).toHaveTextContent("Please select a valid image file");
  });

  it("shows 'Failed to create post. Please try again.' for any other failure and lets the user retry", async () => {
    const t = setup(
      vi.fn(async () => {
        throw new ApiClientError("An unexpected error occurred", 500, "internal");
      }),
    );
    await t.choose("Photo");
    await t.pick(jpeg());
    await t.share();
    expect((await screen.findAllByText("Error")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Failed to create post. Please try again.").length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Share Post" })).toBeEnabled();
  });

  it("Clear empties the form", async () => {
    const t = setup();
    await t.choose("Photo");
    await t.pick(jpeg());
    await t.user.type(screen.getByLabelText("Caption"), "hello");
    await t.user.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.getByLabelText("Caption")).toHaveValue("");
    expect(screen.queryByTestId("media-preview")).not.toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Photo/ })).not.toBeChecked();
  });
});

describe("the audio preview", () => {
  it("shows the loudness measured in the browser before the post is shared", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const analyze = vi.fn(async () => ({ durationMs: 61_000, waveform: [0.2, 0.8], loudness: { integratedLufs: -9.4, truePeakDbtp: 0.2 } }));
    render(<UploadForm onPublished={vi.fn()} publish={vi.fn()} analyze={analyze} />);
    await user.click(screen.getByRole("radio", { name: /Audio/ }));
    await user.upload(screen.getByTestId("file-input"), mp3());
    const readout = await screen.findByRole("img", { name: "Integrated loudness \u22129.4 LUFS, true peak +0.2 dBTP" });
    expect(readout).toHaveAttribute("title", expect.stringContaining("True peak above"));
  });
});
