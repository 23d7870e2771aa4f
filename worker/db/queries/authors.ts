// The author block embedded in posts and comments: one selection and one mapper, so every list
// shows a person the same way (spec §3: the embedded author profile).
import { profiles } from "../schema";

/** Columns to spread into a select that left-joins `profiles` on the row's user id. */
export const authorColumns = {
  authorUsername: profiles.username,
  authorDisplayName: profiles.displayName,
  authorAvatarUrl: profiles.avatarUrl,
  authorVerified: profiles.verified,
};

export interface AuthorColumns {
  userId: string;
  authorUsername: string | null;
  authorDisplayName: string | null;
  authorAvatarUrl: string | null;
  authorVerified: boolean | null;
}

/** A user without a profile yet still has an addressable author. */
export function toAuthor(row: AuthorColumns) {
  return {
    userId: row.userId,
    username: row.authorUsername ?? "",
    displayName: row.authorDisplayName ?? row.authorUsername ?? "",
    avatarUrl: row.authorAvatarUrl,
    verified: Boolean(row.authorVerified),
  };
}
