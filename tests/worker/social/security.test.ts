// One table of every social route (CONVENTIONS.md example 9): each write refuses visitors, forged
// or tampered sessions and cross-site requests, and nothing reaches the database; the public reads
// (a post's comments and its live room) stay open to visitors. A new route added to the contract
// belongs in ROUTES, so it cannot skip these checks.
import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { bookmarks, comments, follows, postLikes } from "../../../worker/db/schema";
import { as, db, expectError, json, listen, member, memberWithPost, type Member } from "./helpers";

interface Fixture {
  owner: Member & { postId: string };
  artist: Member;
  commentId: string;
}

interface RouteCase {
  name: string;
  method: string;
  path: (f: Fixture) => string;
  body?: unknown;
  /** Reads that visitors may make. */
  public?: boolean;
}

const ROUTES: RouteCase[] = [
  { name: "like", method: "PUT", path: (f) => `/api/posts/${f.owner.postId}/like`, body: { liked: true } },
  { name: "bookmark", method: "PUT", path: (f) => `/api/posts/${f.owner.postId}/bookmark`, body: { bookmarked: true } },
  { name: "bookmarks list", method: "GET", path: () => "/api/bookmarks" },
  { name: "add comment", method: "POST", path: (f) => `/api/posts/${f.owner.postId}/comments`, body: { content: "Hello there" } },
  { name: "delete comment", method: "DELETE", path: (f) => `/api/comments/${f.commentId}` },
  { name: "follow", method: "PUT", path: (f) => `/api/users/${f.artist.id}/follow`, body: { following: true } },
  { name: "follow status", method: "GET", path: (f) => `/api/users/${f.artist.id}/follow` },
  { name: "read comments", method: "GET", path: (f) => `/api/posts/${f.owner.postId}/comments`, public: true },
];

let fixture: Fixture;

async function tableCounts() {
  const n = async (table: typeof postLikes | typeof bookmarks | typeof comments | typeof follows) =>
    (await db().select({ n: count() }).from(table))[0]!.n;
  return { likes: await n(postLikes), bookmarks: await n(bookmarks), comments: await n(comments), follows: await n(follows) };
}

beforeAll(async () => {
  const owner = await memberWithPost();
  const artist = await member();
  const res = await as(owner, `/api/posts/${owner.postId}/comments`, { body: { content: "The one comment" } });
  const { id } = await json<{ id: string }>(res, 201);
  fixture = { owner, artist, commentId: id };
});

describe.each(ROUTES.filter((r) => !r.public))("$name ($method)", (route) => {
  const send = (who: Member | string | null, origin?: string | null) =>
    as(who, route.path(fixture), { method: route.method, ...(route.body !== undefined ? { body: route.body } : {}), ...(origin !== undefined ? { origin } : {}) });

  it("answers 401 to a visitor and writes nothing", async () => {
    const before = await tableCounts();
    await expectError(await send(null), 401, "Authentication required");
    expect(await tableCounts()).toEqual(before);
  });

  it("answers 401 to a forged or tampered session cookie", async () => {
    const before = await tableCounts();
    await expectError(await send("bl_access=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."), 401);
    const tampered = fixture.artist.cookie.slice(0, -3) + (fixture.artist.cookie.endsWith("AAA") ? "BBB" : "AAA");
    await expectError(await send(tampered), 401);
    expect(await tableCounts()).toEqual(before);
  });

  if (route.method !== "GET") {
    it("refuses a cross-site or Origin-less request from a signed-in user with 403", async () => {
      const before = await tableCounts();
      await expectError(await send(fixture.artist, "https://evil.example"), 403, "Cross-origin request refused");
      await expectError(await send(fixture.artist, null), 403, "Cross-origin request refused");
      expect(await tableCounts()).toEqual(before);
    });
  }
});

describe("public reads", () => {
  it("lets visitors read a post's comments and listen to its room", async () => {
    const list = await json<{ items: { id: string; viewer: { canDelete: boolean } }[] }>(await as(null, `/api/posts/${fixture.owner.postId}/comments`), 200);
    expect(list.items.map((c) => [c.id, c.viewer.canDelete])).toEqual([[fixture.commentId, false]]);
    const socket = await listen(fixture.owner.postId, null);
    expect((await socket.next("welcome")).postId).toBe(fixture.owner.postId);
    socket.close();
  });

});

describe("route coverage", () => {
  it("lists every social route the app serves", () => {
    // The app's own route table: a social route added without a row in ROUTES fails here.
    const social = /\/(like|bookmarks?|comments|follow)(\/|$)/;
    // A route with a validator appears once per handler; each counts once.
    const served = [
      ...new Set(app.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && social.test(r.path)).map((r) => `${r.method} ${r.path}`)),
    ].sort();
    const f: Fixture = {
      owner: { id: "", cookie: "", username: "", postId: ":postId" },
      artist: { id: ":userId", cookie: "", username: "" },
      commentId: ":commentId",
    };
    const listed = [...ROUTES.map((r) => `${r.method} ${r.path(f)}`), "GET /api/posts/:postId/comments/live"].sort();
    expect(served).toEqual(listed);
  });
});
