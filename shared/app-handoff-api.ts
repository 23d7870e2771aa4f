// The app sign-in hand-off (decision record 0093): how a Google sign-in that the system browser
// finishes lands in the native app's WebView. The contract between the Worker and the SPA.
//
// The WebView makes a random verifier and keeps it; it sends only the verifier's SHA-256 (the
// challenge, RFC 7636's S256) when it starts. The Worker's Google callback, in the system
// browser, sets no cookie there: it mints a one-time code bound to that challenge and sends the
// browser to /app/auth-return?code=…, a link the operating system hands to the app. The app then
// redeems the code with the verifier, from its own WebView, where the session cookies land.
//
// Routes (JSON; every failure is the error envelope of shared/errors.ts):
//   POST /api/auth/app/google         body AppHandoffStartBody → { url } (200): Google's consent
//                                     page, for the app to open in the system browser. Anyone.
//                                     503 when Google sign-in is not configured; 429 past the
//                                     per-IP limit.
//   POST /api/auth/app/google/reauth  body AppHandoffStartBody → { url } (200): the same for the
//                                     fresh Google sign-in that deleting an account asks for
//                                     (decision record 0084). Signed in (401 otherwise); an
//                                     account without a Google link gets 400.
//   POST /api/auth/app/exchange       body AppHandoffExchangeBody → AppHandoffResult (200) and
//                                     the session (or the re-authentication proof) in cookies.
//                                     400 'This sign-in has expired or was already used…' for a
//                                     code that is unknown, spent, expired or not bound to this
//                                     verifier (the code is spent by any attempt); 403 'Your
//                                     account has been suspended…' for a suspended account.
//   All three are writes, so the Origin check refuses them from any other origin (403).
import { z } from "zod";
import { MINUTE_MS } from "./constants";
import { ACCOUNT_TEXTS, REQUEST_TEXTS } from "./messages";

/** How long a minted code can be redeemed: the operating system hands the link over in a moment. */
export const APP_HANDOFF_CODE_TTL_MS = MINUTE_MS;

/** How long the consent screen may take, as long as the web flow's state cookies live (10 minutes). */
export const APP_HANDOFF_START_TTL_MS = 10 * MINUTE_MS;

/** Verifiers are 32 random bytes, base64url: 43 characters (RFC 7636 allows 43 to 128). */
const verifierSchema = z.string(ACCOUNT_TEXTS.appHandoffInvalid).regex(/^[A-Za-z0-9_-]{43,128}$/, ACCOUNT_TEXTS.appHandoffInvalid);

/** The base64url SHA-256 of a verifier, as RFC 7636's S256 writes it: always 43 characters. */
export const handoffChallengeSchema = z.string(REQUEST_TEXTS.invalidRequest).regex(/^[A-Za-z0-9_-]{43}$/, REQUEST_TEXTS.invalidRequest);

export const appHandoffStartSchema = z.object({ challenge: handoffChallengeSchema });
export type AppHandoffStartBody = z.input<typeof appHandoffStartSchema>;

export const appHandoffExchangeSchema = z.object({
  /** 32 random bytes, base64url, from /app/auth-return?code=…. */
  code: z.string(ACCOUNT_TEXTS.appHandoffInvalid).regex(/^[A-Za-z0-9_-]{43}$/, ACCOUNT_TEXTS.appHandoffInvalid),
  verifier: verifierSchema,
});
export type AppHandoffExchangeBody = z.input<typeof appHandoffExchangeSchema>;

/** What a hand-off finishes: a sign-in, or the fresh Google sign-in before deleting the account. */
export const APP_HANDOFF_PURPOSES = ["sign_in", "reauth"] as const;
export type AppHandoffPurpose = (typeof APP_HANDOFF_PURPOSES)[number];
