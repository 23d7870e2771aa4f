// People in the API's answers (shared/people.ts; decision record 0078): the profile columns a
// person is shown by and the one mapper from them to a PersonRef. Every person shape of the API
// (a post's or comment's author, a seller, a conversation's other user, a party to an order or a
// review) is built here, so every list shows a person the same way (spec §3: the embedded author).
import type { SellerSummary } from "@shared/marketplace-api";
import type { PartyRef, PersonLine, PersonRef } from "@shared/people";
import { profiles } from "../schema";

/** Columns to select (nested under a key) from a left join on `profiles`. */
export const personColumns = { username: profiles.username, displayName: profiles.displayName, avatarUrl: profiles.avatarUrl };

/** What a left join on `profiles` gives for a person: nulls for a user without a profile. */
export interface PersonProfile {
  username: string | null;
  displayName: string | null;
  avatarUrl?: string | null;
  verified?: boolean | null;
}

/** A user and their profile columns as a PersonRef: a user without a profile yet is still addressable. */
function toPersonRef(userId: string, profile: PersonProfile | null | undefined): PersonRef {
  return {
    userId,
    username: profile?.username ?? "",
    displayName: profile?.displayName ?? profile?.username ?? "",
    avatarUrl: profile?.avatarUrl ?? null,
    verified: Boolean(profile?.verified),
  };
}

/** The same person without the badge. */
export function toPersonLine(userId: string, profile: PersonProfile | null | undefined): PersonLine {
  const person = toPersonRef(userId, profile);
  return { userId: person.userId, username: person.username, displayName: person.displayName, avatarUrl: person.avatarUrl };
}

/** The seller's line of a detail page from a left join on profiles (a user without one still has a line). */
export function toSeller(userId: string, row: { username: string | null; displayName: string | null; avatarUrl: string | null }): SellerSummary {
  const line = toPersonLine(userId, row);
  // The detail page's seller line shows the username for an empty display name too.
  return { ...line, displayName: line.displayName || line.username };
}

/** A party to an order, an offer or a review: the id as `id` and the profile fields as stored (null without a profile). */
export function toPartyRef(id: string, profile: PersonProfile | null | undefined): PartyRef {
  return { id, username: profile?.username ?? null, displayName: profile?.displayName ?? null, avatarUrl: profile?.avatarUrl ?? null };
}

/** A party to a booking: a PartyRef without the picture (the booking screens show none). */
export function toBookingParty(id: string, profile: PersonProfile | null | undefined): Omit<PartyRef, "avatarUrl"> {
  const { avatarUrl: _avatarUrl, ...party } = toPartyRef(id, profile);
  return party;
}

/** Author columns to spread into a select that left-joins `profiles` on the row's user id. */
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

/** The author of a post, a comment or a service found by search. */
export function toAuthor(row: AuthorColumns): PersonRef {
  return toPersonRef(row.userId, {
    username: row.authorUsername,
    displayName: row.authorDisplayName,
    avatarUrl: row.authorAvatarUrl,
    verified: row.authorVerified,
  });
}
