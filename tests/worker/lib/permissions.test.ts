// worker/lib/permissions.ts: the comment-delete rule the route guard, the row mapper and the
// comment room all apply (decision record 0013).
import { describe, expect, it } from "vitest";
import { canDeleteComment, isOwner } from "../../../worker/lib/permissions";

describe("permissions", () => {
  it("a row is owned by its user only, never by a visitor", () => {
    expect(isOwner("u1", "u1")).toBe(true);
    expect(isOwner("u2", "u1")).toBe(false);
    expect(isOwner(null, "u1")).toBe(false);
  });

  it("a comment may be deleted by its author and by the post's owner, nobody else", () => {
    const comment = { userId: "author", postOwnerId: "owner" };
    expect(canDeleteComment("author", comment)).toBe(true);
    expect(canDeleteComment("owner", comment)).toBe(true);
    expect(canDeleteComment("someone", comment)).toBe(false);
    expect(canDeleteComment(null, comment)).toBe(false);
  });
});
