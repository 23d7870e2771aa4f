// Browser APIs jsdom lacks that the posts and upload screens use. Imported by those tests only,
// so the shared setup file stays untouched.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (typeof globalThis.ResizeObserver === "undefined") {
  globalThis.ResizeObserver = NoopResizeObserver as unknown as typeof ResizeObserver;
}

let objectUrls = 0;
if (typeof URL.createObjectURL !== "function") {
  URL.createObjectURL = () => `blob:test/${(objectUrls += 1)}`;
  URL.revokeObjectURL = () => {};
}

// Pointer capture is used by Radix menus and drag handlers; jsdom has none of it.
const proto = Element.prototype as unknown as Record<string, unknown>;
proto.setPointerCapture ??= () => {};
proto.releasePointerCapture ??= () => {};
proto.hasPointerCapture ??= () => false;
proto.scrollIntoView ??= () => {};
