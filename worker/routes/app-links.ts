// Verification files for the native app's deep links (decision record 0043): Android App Links
// read /.well-known/assetlinks.json and iOS universal links read
// /.well-known/apple-app-site-association from the app's own origin before they let the app open
// /post/{id}, /profile/{id} and the hand-offs under /app/ (decision record 0093). The files'
// contents are built in shared/native-app.ts, where tests/web/native-project.test.ts compares them
// with what the Android manifest and the iOS entitlements claim. Both name the signing identity of
// the store builds, which is deployment configuration (wrangler vars), so until it is set the
// files do not exist and the links simply open in the browser.
import { Hono } from "hono";
import { appleAppSiteAssociationFile, assetLinksFile } from "@shared/native-app";
import type { AppEnv, Bindings } from "../env";
import { REQUEST_TEXTS } from "@shared/messages";
import { ApiError } from "../lib/errors";

/** SHA-256 certificate fingerprints as Play Console and keytool print them (32 colon-separated bytes). */
const FINGERPRINT = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;
/** Apple Developer team ids are ten upper-case letters and digits. */
const TEAM_ID = /^[A-Z0-9]{10}$/;
/** The operating systems re-fetch these rarely; an hour keeps a configuration change quick to reach them. */
const CACHE_CONTROL = "public, max-age=3600";

/** The configured fingerprints; an empty list when none (or none valid) is set. */
function androidCertFingerprints(env: Pick<Bindings, "ANDROID_CERT_SHA256">): string[] {
  return (env.ANDROID_CERT_SHA256 ?? "")
    .split(",")
    .map((value) => value.trim().toUpperCase())
    .filter((value) => FINGERPRINT.test(value));
}

function appleTeamId(env: Pick<Bindings, "APPLE_TEAM_ID">): string | null {
  const value = env.APPLE_TEAM_ID?.trim() ?? "";
  return TEAM_ID.test(value) ? value : null;
}

export const appLinkRoutes = new Hono<AppEnv>()
  .get("/assetlinks.json", (c) => {
    const fingerprints = androidCertFingerprints(c.env);
    if (fingerprints.length === 0) throw new ApiError("not_found", REQUEST_TEXTS.notFound);
    c.header("cache-control", CACHE_CONTROL);
    return c.json(assetLinksFile(fingerprints));
  })
  .get("/apple-app-site-association", (c) => {
    const teamId = appleTeamId(c.env);
    if (!teamId) throw new ApiError("not_found", REQUEST_TEXTS.notFound);
    c.header("cache-control", CACHE_CONTROL);
    // Apple reads the file as JSON whatever its name; c.json sends application/json, as it asks.
    return c.json(appleAppSiteAssociationFile(teamId));
  });
