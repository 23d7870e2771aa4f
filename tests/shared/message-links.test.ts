// Links in direct messages become links that name their host (decision record 0085); anything
// that is not a safe http(s) address stays text.
import { describe, expect, it } from "vitest";
import { messageParts } from "@shared/rules/message-links";

describe("messageParts", () => {
  it("turns addresses with and without a scheme into links and keeps the text around them", () => {
    expect(messageParts("Mix: https://soundcloud.com/mara/take-3, stems at drive.google.com/file/d/abc.")).toEqual([
      { kind: "text", text: "Mix: " },
      { kind: "link", href: "https://soundcloud.com/mara/take-3", host: "soundcloud.com", label: "soundcloud.com/mara/take-3" },
      { kind: "text", text: ", stems at " },
      { kind: "link", href: "https://drive.google.com/file/d/abc", host: "drive.google.com", label: "drive.google.com/file/d/abc" },
      { kind: "text", text: "." },
    ]);
    expect(messageParts("www.dropbox.com")).toEqual([{ kind: "link", href: "https://www.dropbox.com/", host: "www.dropbox.com", label: "www.dropbox.com" }]);
  });

  it("leaves other schemes, credentials, e-mail addresses and file names as text", () => {
    for (const text of ["javascript:alert(1)", "ftp://files.example.com/x", "mail me at mara@example.com", "track.mp3 and e.g. this"]) {
      expect(messageParts(text)).toEqual([{ kind: "text", text }]);
    }
    // A link that would show one host and log in to another is not made a link.
    expect(messageParts("https://bank.com@evil.example")).toEqual([{ kind: "text", text: "https://bank.com@evil.example" }]);
  });

  it("shows the host in full and cuts a long path", () => {
    const [part] = messageParts(`https://soundcloud.com/${"a".repeat(80)}`);
    expect(part).toMatchObject({ kind: "link", host: "soundcloud.com" });
    expect(part?.kind === "link" && part.label).toBe(`soundcloud.com/${"a".repeat(32)}…`);
  });
});
