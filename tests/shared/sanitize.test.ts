import { describe, expect, it } from "vitest";
import { cleanText, escapeHtml, stripDangerous } from "@shared/rules/sanitize";

describe("sanitiser", () => {
  it("escapes the five markup characters", () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;");
  });

  it("strips script-like protocols in any case, even split by whitespace", () => {
    expect(stripDangerous("javascript:alert(1)")).toBe("alert(1)");
    expect(stripDangerous("JaVaScRiPt:alert(1)")).toBe("alert(1)");
    expect(stripDangerous("java\tscript:alert(1)")).toBe("alert(1)");
    expect(stripDangerous("vbscript:msgbox")).toBe("msgbox");
    expect(stripDangerous("data:text/html;base64,xx")).toBe("text/html;base64,xx");
  });

  it("strips nested protocols that reappear after one pass", () => {
    expect(stripDangerous("javajavascript:script:alert(1)")).toBe("alert(1)");
  });

  it("strips event handlers but leaves words that only contain 'data' or 'on'", () => {
    expect(stripDangerous('<img src=x onerror="alert(1)">')).toBe('<img src=x "alert(1)">');
    expect(stripDangerous("onClick = go()")).toBe(" go()");
    expect(stripDangerous("metadata: fine, on stage tonight")).toBe("metadata: fine, on stage tonight");
  });

  it("cleanText keeps plain text for storage: no escaping, trimmed, controls removed", () => {
    expect(cleanText("  Tom & Jerry <3 \r\nline two\u0000 ")).toBe("Tom & Jerry <3 \nline two");
  });
});
