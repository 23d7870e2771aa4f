// worker/lib/logger.ts (decision record 0011): one JSON object per line, with the logger's own
// fields (e.g. requestId) on every line and errors written as their text.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger, formatLogLine } from "../../../worker/lib/logger";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("formatLogLine", () => {
  it("writes level, message, the base fields and the call's fields", () => {
    const line = JSON.parse(formatLogLine("warn", "post view not recorded", { requestId: "req-1" }, { postId: "p1" }));
    expect(line).toEqual({ level: "warn", message: "post view not recorded", requestId: "req-1", postId: "p1" });
  });

  it("writes errors as their text with their stack once, and never lets a field replace the level or message", () => {
    const error = new TypeError("boom");
    const line = JSON.parse(formatLogLine("error", "failed", {}, { error, cause: new Error("under"), level: "info", message: "x" }));
    expect(line).toEqual({ level: "error", message: "failed", error: "TypeError: boom", cause: "Error: under", stack: error.stack });
    expect(line.stack).toContain("TypeError: boom");
  });

  it("keeps a stack the call gave, and writes none for lines without an Error", () => {
    expect(JSON.parse(formatLogLine("error", "failed", {}, { error: new Error("a"), stack: "given" })).stack).toBe("given");
    expect(JSON.parse(formatLogLine("info", "request", {}, { status: 200 }))).not.toHaveProperty("stack");
  });
});

describe("createLogger", () => {
  it("writes through the console method of the level, and `with` adds fields to every line", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const log = createLogger({ cron: "0 4 * * *" }).with({ job: "purge-security-events" });
    log.error("cron job failed", { error: "x" });
    log.info("done");
    expect(JSON.parse(error.mock.calls[0]![0] as string)).toEqual({
      level: "error",
      message: "cron job failed",
      cron: "0 4 * * *",
      job: "purge-security-events",
      error: "x",
    });
    expect(JSON.parse(info.mock.calls[0]![0] as string)).toMatchObject({ level: "info", message: "done", job: "purge-security-events" });
  });
});
