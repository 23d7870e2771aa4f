import { describe, expect, it } from "vitest";
import { MB } from "@shared/constants";
import { UPLOAD_TEXTS } from "@shared/messages";
import { checkFileName } from "@shared/rules/file-name";
import { extensionForMime, validateUpload } from "@shared/rules/upload";

const {
  invalidFile: INVALID_FILE,
  invalidFileName: INVALID_FILE_NAME,
  multipleExtensions: MULTIPLE_EXTENSIONS,
  selectContentType: SELECT_CONTENT_TYPE,
  selectFile: SELECT_FILE,
  suspiciousFileName: SUSPICIOUS_FILE_NAME,
} = UPLOAD_TEXTS;

describe("file name check", () => {
  it("uses the spec's messages", () => {
    expect(INVALID_FILE_NAME).toBe("Invalid file name");
    expect(MULTIPLE_EXTENSIONS).toBe("Multiple file extensions not allowed");
    expect(SUSPICIOUS_FILE_NAME).toBe("Suspicious file name");
  });

  it("refuses traversal and separators", () => {
    for (const name of ["..", "../song.mp3", "dir/song.mp3", "dir\\song.mp3", "", "a\u0000.mp3"]) {
      expect(checkFileName(name), name).toEqual({ ok: false, message: INVALID_FILE_NAME });
    }
  });

  it("allows one dot or none, refuses two", () => {
    expect(checkFileName("song.mp3")).toEqual({ ok: true });
    expect(checkFileName("song")).toEqual({ ok: true });
    expect(checkFileName("song.php.mp3")).toEqual({ ok: false, message: MULTIPLE_EXTENSIONS });
  });

  it("refuses suspicious base names in any case, but not names containing them", () => {
    for (const name of ["index.html", "Config.json", "ADMIN.png", "root", "system.wav"]) {
      expect(checkFileName(name), name).toEqual({ ok: false, message: SUSPICIOUS_FILE_NAME });
    }
    expect(checkFileName("indexed.png")).toEqual({ ok: true });
    expect(checkFileName("my-system.wav")).toEqual({ ok: true });
  });
});

describe("validateUpload", () => {
  const file = (over: Partial<{ name: string; type: string; size: number }> = {}) => ({
    name: "take.png",
    type: "image/png",
    size: 1000,
    ...over,
  });

  it("checks in the spec's order with its messages", () => {
    expect(validateUpload({})).toEqual({ ok: false, message: SELECT_CONTENT_TYPE });
    expect(validateUpload({ contentType: "text", file: file() })).toEqual({ ok: false, message: "Please select a content type first" });
    expect(validateUpload({ contentType: "image" })).toEqual({ ok: false, message: "Please select a file to upload" });
    expect(SELECT_FILE).toBe("Please select a file to upload");
    expect(validateUpload({ contentType: "image", file: file({ name: "a.b.png" }) })).toEqual({ ok: false, message: MULTIPLE_EXTENSIONS });
    expect(validateUpload({ contentType: "image", file: file({ size: 0 }) })).toEqual({ ok: false, message: INVALID_FILE });
    expect(validateUpload({ contentType: "image", file: file({ type: "audio/mpeg" }) })).toEqual({
      ok: false,
      message: "Please select a valid image file",
    });
  });

  it("accepts exactly the size limit and refuses one byte more", () => {
    const cases = [
      ["image", "image/jpeg", 10],
      ["audio", "audio/mpeg", 50],
      ["video", "video/mp4", 100],
    ] as const;
    for (const [contentType, type, mb] of cases) {
      expect(validateUpload({ contentType, file: file({ type, size: mb * MB }) }).ok).toBe(true);
      expect(validateUpload({ contentType, file: file({ type, size: mb * MB + 1 }) })).toEqual({
        ok: false,
        message: `File size must be less than ${mb}MB for ${contentType} files`,
      });
    }
  });

  it("accepts each allowed MIME type, ignoring case and parameters", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp", "image/gif"]) {
      expect(validateUpload({ contentType: "image", file: file({ type }) }).ok, type).toBe(true);
    }
    for (const type of ["audio/mpeg", "audio/wav", "audio/x-wav", "audio/ogg", "audio/mp4", "audio/aac", "audio/x-m4a", "audio/flac", "audio/webm;codecs=opus"]) {
      expect(validateUpload({ contentType: "audio", file: file({ type }) }).ok, type).toBe(true);
    }
    for (const type of ["video/mp4", "Video/WebM", "video/quicktime"]) {
      expect(validateUpload({ contentType: "video", file: file({ type }) }).ok, type).toBe(true);
    }
    expect(validateUpload({ contentType: "image", file: file({ type: "image/svg+xml" }) }).ok).toBe(false);
    expect(validateUpload({ contentType: "video", file: file({ type: "video/x-msvideo" }) }).ok).toBe(false);
  });

  it("maps MIME types to storage extensions", () => {
    expect(extensionForMime("image/jpeg")).toBe("jpg");
    expect(extensionForMime("audio/mpeg")).toBe("mp3");
    expect(extensionForMime("audio/x-wav")).toBe("wav");
    expect(extensionForMime("audio/x-m4a")).toBe("m4a");
    expect(extensionForMime("video/quicktime")).toBe("mov");
    expect(extensionForMime("text/html")).toBeNull();
  });
});

