// A digital product's file (decision record 0035): the form's and the Worker's checks, and the
// magic bytes of the formats sold (AIFF, zip, PDF, VST presets) beside the post media's.
import { describe, expect, it } from "vitest";
import { PRODUCT_FILE_MAX_BYTES } from "@shared/marketplace-api";
import { MARKET_TEXTS, UPLOAD_TEXTS } from "@shared/messages";
import { productFileExtension, productFileMime, validateProductFile } from "@shared/rules/product-file";
import { bytesMatchMime, sniffMime } from "@shared/rules/sniff-mime";

const text = (s: string) => new TextEncoder().encode(s);

describe("validateProductFile", () => {
  it("accepts audio, zip, PDF and presets up to the limit", () => {
    expect(validateProductFile({ name: "stems.zip", type: "application/zip", size: PRODUCT_FILE_MAX_BYTES })).toEqual({ ok: true, mimeType: "application/zip" });
    expect(validateProductFile({ name: "guide.pdf", type: "application/pdf", size: 10 })).toEqual({ ok: true, mimeType: "application/pdf" });
    expect(validateProductFile({ name: "Take.WAV", type: "audio/wav", size: 10 })).toEqual({ ok: true, mimeType: "audio/wav" });
    // Browsers give preset files no type (or a generic one); the extension names them.
    expect(validateProductFile({ name: "bass.fxp", type: "", size: 10 })).toEqual({ ok: true, mimeType: "application/x-vst-preset" });
    expect(validateProductFile({ name: "bank.fxb", type: "application/octet-stream", size: 10 })).toEqual({ ok: true, mimeType: "application/x-vst-preset" });
  });

  it("refuses other types, sizes over the limit, empty files and unsafe names", () => {
    expect(validateProductFile({ name: "setup.exe", type: "application/x-msdownload", size: 10 })).toEqual({ ok: false, message: MARKET_TEXTS.fileInvalidType });
    expect(validateProductFile({ name: "page.zip", type: "text/html", size: 10 })).toEqual({ ok: false, message: MARKET_TEXTS.fileInvalidType });
    expect(validateProductFile({ name: "stems.zip", type: "application/zip", size: PRODUCT_FILE_MAX_BYTES + 1 })).toEqual({ ok: false, message: MARKET_TEXTS.fileTooLarge });
    expect(validateProductFile({ name: "stems.zip", type: "application/zip", size: 0 })).toEqual({ ok: false, message: UPLOAD_TEXTS.invalidFile });
    expect(validateProductFile({ name: "../stems.zip", type: "application/zip", size: 10 })).toEqual({ ok: false, message: UPLOAD_TEXTS.invalidFileName });
  });

  it("names the stored file by its type, keeping a preset bank's own extension", () => {
    expect(productFileExtension("application/x-zip-compressed", "a.zip")).toBe("zip");
    expect(productFileExtension("audio/x-aiff", "a.aif")).toBe("aiff");
    expect(productFileExtension(productFileMime("", "bank.fxb"), "bank.fxb")).toBe("fxb");
    expect(productFileExtension("text/html", "a.html")).toBeNull();
  });
});

describe("magic bytes of product files", () => {
  it("recognises zip, PDF, AIFF and VST presets, and matches them to their declared types only", () => {
    expect(sniffMime(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0]))).toBe("application/zip");
    expect(sniffMime(new Uint8Array([0x50, 0x4b, 0x05, 0x06, 0, 0]))).toBe("application/zip");
    expect(sniffMime(text("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniffMime(text("FORM\u0000\u0000\u0010\u0000AIFFCOMM"))).toBe("audio/aiff");
    expect(sniffMime(text("CcnK\u0000\u0000\u0001\u0000FxCk"))).toBe("application/x-vst-preset");
    expect(bytesMatchMime(text("%PDF-1.4"), "application/pdf")).toBe(true);
    expect(bytesMatchMime(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), "application/x-zip-compressed")).toBe(true);
    // A zip is not an image, and a PDF is not a zip.
    expect(bytesMatchMime(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), "image/jpeg")).toBe(false);
    expect(bytesMatchMime(text("%PDF-1.4"), "application/zip")).toBe(false);
  });
});
