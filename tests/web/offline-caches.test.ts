// The service worker's saved feed belongs to one account (decision 0062): a session read that
// names another account, or nobody, empties the caches before any screen fills them again.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { API_CACHE, MEDIA_CACHE } from "@shared/offline-caches";
import { forgetOfflineData, keepOfflineDataFor } from "@web/lib/offline-caches";

const deleted: string[] = [];

beforeEach(() => {
  deleted.length = 0;
  localStorage.clear();
  vi.stubGlobal("caches", {
    delete: async (name: string) => {
      deleted.push(name);
      return true;
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("offline caches follow the signed-in account", () => {
  it("keeps the caches while the same account reads its session again", async () => {
    await keepOfflineDataFor("user-a");
    deleted.length = 0;
    await keepOfflineDataFor("user-a");
    expect(deleted).toEqual([]);
  });

  it("empties the feed and media caches when another account signs in", async () => {
    await keepOfflineDataFor("user-a");
    deleted.length = 0;
    await keepOfflineDataFor("user-b");
    expect(deleted.sort()).toEqual([API_CACHE, MEDIA_CACHE].sort());
    deleted.length = 0;
    await keepOfflineDataFor("user-b");
    expect(deleted).toEqual([]);
  });

  it("empties them for a visitor, and again for whoever signs in next", async () => {
    await keepOfflineDataFor("user-a");
    deleted.length = 0;
    await keepOfflineDataFor(null);
    expect(deleted.sort()).toEqual([API_CACHE, MEDIA_CACHE].sort());
    deleted.length = 0;
    await keepOfflineDataFor("user-a");
    expect(deleted.sort()).toEqual([API_CACHE, MEDIA_CACHE].sort());
  });

  it("forgets the owner on sign-out, so the next account never inherits the caches", async () => {
    await keepOfflineDataFor("user-a");
    await forgetOfflineData();
    deleted.length = 0;
    await keepOfflineDataFor("user-a");
    expect(deleted.length).toBe(2);
  });
});
