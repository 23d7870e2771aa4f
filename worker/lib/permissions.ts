// The permission rules of the spec's §6 table that more than one place applies, each written
// once. A rule here is a plain predicate over rows the server read itself, so the route guard
// (middleware/session.ts), the row mapper that sets a `viewer` flag (db/queries) and the comment
// room that tailors its frames per reader all answer the same question the same way.

/** Whether the reader owns a row (a post, an upload): the only one who may edit or delete it. */
export function isOwner(viewerId: string | null, ownerId: string): boolean {
  return viewerId !== null && viewerId === ownerId;
}

/** Who may delete a comment: its author and the owner of the post it is on; never a visitor. */
export function canDeleteComment(viewerId: string | null, comment: { userId: string; postOwnerId: string }): boolean {
  return isOwner(viewerId, comment.userId) || isOwner(viewerId, comment.postOwnerId);
}
