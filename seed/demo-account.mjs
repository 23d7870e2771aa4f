// The demo account's sign-in, printed by `npm start` and hashed into the seed by seed/run.ts.
// The email is the seed's demo user (seed/world/data.ts); the password passes every sign-up rule
// (strength scoring and the breached list) so the same rules can be shown working on it. Local
// data only: nothing here is a production credential.
export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "Backline-Demo-2024!";
