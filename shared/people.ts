// People, the one vocabulary every contract describes a user with (decision record 0078). A person
// is `PersonRef`; every other person shape of the API is a derivation of it, so a field means the
// same thing everywhere. The Worker builds them all in worker/db/queries/people.ts.

/**
 * A user as a list, a post or a comment shows them: addressable even without a profile (then the
 * username is "" and the display name falls back to it).
 */
export interface PersonRef {
  userId: string;
  username: string;
  displayName: string;
  /** `/media/avatars/…`, or null for the initials fallback. */
  avatarUrl: string | null;
  verified: boolean;
}

/** A person's line without the badge: a seller, the other user of a conversation, a new follower. */
export type PersonLine = Pick<PersonRef, "userId" | "username" | "displayName" | "avatarUrl">;

/**
 * A party to an order, an offer, a review or a booking. These contracts name the user's id `id`
 * and send null for the profile fields of a user without a profile; their JSON predates PersonRef
 * and stays as it is, so the shape is derived rather than replaced.
 */
export type PartyRef = { id: PersonRef["userId"] } & { [K in "username" | "displayName" | "avatarUrl"]: PersonRef[K] | null };
