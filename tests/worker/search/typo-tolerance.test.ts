// Typo tolerance and prefixes for people and tags (issue #32 item 4, decision record 0095): a
// name or tag typed with a letter wrong, doubled or swapped (or one left out, when the rest still
// shares a three-letter piece with the name: "mixng") still finds what was meant,
// through the names' and tags' trigram indexes and an edit distance; a prefix finds the word it
// starts; diacritics fold both ways. Near misses never crowd out real matches, and a word near
// nothing finds nothing.
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { HashtagList, SearchUserPage } from "@shared/search-api";
import { editDistance, fuzzyDistance, trigramMatchExpression } from "../../../worker/lib/fuzzy";
import { api, createUser, db, insertHashtag, insertPost, json, signedInUser, type SignedInUser } from "../helpers";
import { hashtags } from "../../../worker/db/schema";
import { eq } from "drizzle-orm";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let viewer: SignedInUser;

beforeAll(async () => {
  viewer = await signedInUser();
});

async function users(q: string): Promise<string[]> {
  const page = await json<SearchUserPage>(await api(`/api/search/users?${new URLSearchParams({ q })}`, { cookie: viewer.cookie }), 200);
  return page.items.map((u) => u.username);
}

async function tags(q: string): Promise<string[]> {
  const list = await json<HashtagList>(await api(`/api/search/hashtags?${new URLSearchParams({ q })}`, { cookie: viewer.cookie }), 200);
  return list.items.map((t) => t.name);
}

describe("people", () => {
  it('"kenjy" finds Kenji; near misses come only when the words match nobody', async () => {
    const kenji = await createUser({ username: "kenji_qsato", displayName: "Kenji Qsatō" });
    const kenny = await createUser({ username: "kenny_qbeats", displayName: "Kenny Qbeats" });
    // Kenny is one edit away too, but shares fewer pieces of the word: second.
    expect(await users("kenjy")).toEqual([kenji.username, kenny.username]);
    // A swapped pair of letters, and a doubled one.
    expect(await users("kneji")).toEqual([kenji.username]);
    expect(await users("qsatto")).toEqual([kenji.username]);
    // A word that matches someone shows the match, not guesses around it.
    expect(await users("kenny")).toEqual([kenny.username]);
    // A prefix is a match, not a guess.
    expect(await users("qbea")).toEqual([kenny.username]);
    // Every sort gets the near misses of words that match nobody.
    for (const sortBy of ["popular", "recent", "verified"]) {
      const page = await json<SearchUserPage>(await api(`/api/search/users?q=kenjy&sortBy=${sortBy}`, { cookie: viewer.cookie }), 200);
      expect(page.items.map((u) => u.username)[0]).toBe(kenji.username);
    }
  });

  it("folds diacritics both ways and tolerates a typo in one word of two", async () => {
    const jose = await createUser({ username: "jose_qalvarez", displayName: "José Qálvarez" });
    expect(await users("jose qalvarez")).toEqual([jose.username]);
    expect(await users("JOSÉ QALVAREZ")).toEqual([jose.username]);
    expect(await users("jose qalvarex")).toEqual([jose.username]);
  });

  it("a word near nothing finds nothing", async () => {
    await createUser({ username: "mira_qzorn", displayName: "Mira Qzorn" });
    expect(await users("qxyzzyq")).toEqual([]);
    // Three letters or fewer must be exact: a near miss of a short word is anyone.
    expect(await users("qzx")).toEqual([]);
  });
});

describe("tags", () => {
  async function tagWithUse(name: string, uses: number) {
    await insertHashtag(name);
    await db().update(hashtags).set({ usageCount: uses }).where(eq(hashtags.name, name));
  }

  it('"mixin" finds mixing by its prefix; "mixng" and "mxing" by a near miss; real matches first', async () => {
    await tagWithUse("qmixing", 40);
    await tagWithUse("qmixingtips", 5);
    await tagWithUse("qremix", 30);
    expect(await tags("qmixin")).toEqual(["qmixing", "qmixingtips"]);
    expect((await tags("qmixng"))[0]).toBe("qmixing");
    expect((await tags("qmxing"))[0]).toBe("qmixing");
    // A tag that contains the words outranks every near miss, however used.
    await tagWithUse("qmixngx", 1);
    expect((await tags("qmixng"))[0]).toBe("qmixngx");
  });

  it('"qtecno" finds qtechno; a word near nothing finds nothing', async () => {
    await tagWithUse("qtechno", 12);
    await tagWithUse("qtechnoparty", 3);
    expect((await tags("qtecno"))[0]).toBe("qtechno");
    expect(await tags("qzzvvq")).toEqual([]);
  });

  it("a tag nobody uses any more is not suggested", async () => {
    await insertHashtag("qorphanedtag");
    await insertPost((await createUser()).id, { caption: "nothing here" });
    expect(await tags("qorphanedtg")).toEqual([]);
  });
});

describe("the pieces", () => {
  it("edit distance counts a swap as one edit", () => {
    expect(editDistance("kenjy", "kenji")).toBe(1);
    expect(editDistance("kneji", "kenji")).toBe(1);
    expect(editDistance("tecno", "techno")).toBe(1);
    expect(editDistance("abc", "abc")).toBe(0);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("a name is near when every typed word is within its allowance of a word of it, or of its start", () => {
    expect(fuzzyDistance(["kenjy"], "kenji_sato Kenji Satō")).toBe(1);
    expect(fuzzyDistance(["jose", "alvarex"], "José Álvarez")).toBe(1);
    expect(fuzzyDistance(["mixng"], "mixingtips")).toBe(1);
    expect(fuzzyDistance(["kenjy"], "Kenneth")).toBeNull();
    expect(fuzzyDistance(["dj"], "DK")).toBeNull();
  });

  it("the trigram MATCH quotes every piece of the word and of its near variants and ORs them; short words have none", () => {
    const pieces = trigramMatchExpression("Kneji")!.split(" OR ");
    expect(pieces.slice(0, 3)).toEqual(['"kne"', '"nej"', '"eji"']);
    // "knji" (the e left out) and "kenji" (k and n swapped) share pieces with "kenji".
    expect(pieces).toEqual(expect.arrayContaining(['"nji"', '"ken"', '"enj"']));
    expect(trigramMatchExpression('a" OR b')).toBeNull();
    expect(trigramMatchExpression("Zoë")).toContain('"zoe"');
  });
});
