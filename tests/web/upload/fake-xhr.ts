// An XMLHttpRequest stand-in for the part uploads: it records each PUT (URL, size of the body),
// reports upload progress in two steps like a real browser does, and answers with whatever the
// test's handler returns ("network" simulates a dropped connection).
import { vi } from "vitest";

export interface XhrCall {
  method: string;
  url: string;
  size: number;
  headers: Record<string, string>;
}

export type XhrAnswer = { status: number; body: unknown } | "network";
export type XhrHandler = (call: XhrCall, body: Blob) => XhrAnswer | Promise<XhrAnswer>;

export function installFakeXhr(handler: XhrHandler) {
  const calls: XhrCall[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = "";
    withCredentials = false;
    private method = "GET";
    private url = "";
    private headers: Record<string, string> = {};
    private aborted = false;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    send(body: Blob) {
      const call = { method: this.method, url: this.url, size: body.size, headers: this.headers };
      calls.push(call);
      void (async () => {
        await Promise.resolve();
        if (this.aborted) return;
        this.upload.onprogress?.({ loaded: Math.floor(body.size / 2), total: body.size });
        const answer = await handler(call, body);
        if (this.aborted) return;
        if (answer === "network") {
          this.onerror?.();
          return;
        }
        this.upload.onprogress?.({ loaded: body.size, total: body.size });
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      })();
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return { calls, partNumbers: () => calls.map((c) => Number(c.url.split("/").pop())) };
}

export function partOk(call: XhrCall): XhrAnswer {
  const partNumber = Number(call.url.split("/").pop());
  return { status: 200, body: { partNumber, etag: `etag-${partNumber}`, receivedBytes: call.size } };
}

export function errorAnswer(status: number, code: string, message: string): XhrAnswer {
  return { status, body: { error: { code, message, requestId: "test" } } };
}
