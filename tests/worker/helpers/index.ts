// The one set of helpers for Worker tests, so a test reads like what a user or an attacker does:
//
//   const ana = await signedInUser();                     // confirmed, with a profile, signed in
//   const res = await api("/api/posts", { body: { … }, cookie: ana.cookie });
//   await expectError(res, 403, "You can only delete your own posts");
//
// request.ts  requests through the Worker's fetch handler, and readers for the answers
// users.ts    the user factory and sign-in
// db.ts       drizzle on the test file's D1, rows inserted directly, counters, security events
// mail.ts     the dev outbox
// checkout.ts items and orders in D1, a fake Stripe, keyed requests and signed webhooks
// notifications.ts  what requests enqueued, a scripted push sender, the queue consumer on real batches
// media.ts    file bytes with real magic numbers, uploads and posts through the API
// revisions.ts  audio versions and revision notes through the API, and the security table's rows of them
// rate-limits.ts, comment-room.ts  the limiter and comment-room Durable Objects
// conversations.ts, live-channels.ts  conversations and messages through the API; chat and user-channel sockets
// room-handlers.ts   what the rooms' socket handlers throw (the runtime only logs it)
// route-security.ts  the common route tests (anonymous, other user, owner) behind the security table
// route-fuzz.ts      the fuzz suite's targets (app.routes), arbitraries, callers and properties
// search.ts          a word no other row contains, and search filters with their defaults
// push-devices.ts    browsers' push keys, device registrations through the API, notification rows
export * from "./checkout";
export * from "./comment-room";
export * from "./conversations";
export * from "./live-channels";
export * from "./db";
export * from "./mail";
export * from "./notifications";
export * from "./media";
export * from "./push-devices";
export * from "./rate-limits";
export * from "./request";
export * from "./revisions";
export * from "./room-handlers";
export * from "./route-fuzz";
export * from "./route-security";
export * from "./search";
export * from "./users";
