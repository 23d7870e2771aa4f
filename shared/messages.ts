// Every user-facing text of the app, written once: the specifications' §8 error catalogues and
// success toasts, the validation messages of §5, the texts the spec leaves to us, and the app
// shell's screens. The Worker puts these in error envelopes and the SPA in toasts and screens, so
// the two can never drift apart or from the spec. Rules and schemas in shared/ take their
// messages from here too; nothing else spells a user-facing sentence.
//
// One namespace per area, each in its own file under shared/messages/ so that the bundler can put
// an area's texts in the chunk of the screens that show them: the app shell carries only the
// shell's texts, not the whole catalogue (decision record 0065). Import from this
// module, never from a file under shared/messages/. A toast is `{ title, description? }`. Texts
// with a placeholder are functions, so the caller cannot forget to fill it in.
export * from "./messages/toast";
export * from "./messages/shell";
export * from "./messages/ui";
export * from "./messages/account";
export * from "./messages/auth-screen";
export * from "./messages/profile";
export * from "./messages/profile-screen";
export * from "./messages/market";
export * from "./messages/market-screen";
export * from "./messages/posts";
export * from "./messages/post-screen";
export * from "./messages/comments";
export * from "./messages/moments";
export * from "./messages/revisions";
export * from "./messages/revisions-screen";
export * from "./messages/loudness";
export * from "./messages/upload";
export * from "./messages/upload-screen";
export * from "./messages/content-screen";
export * from "./messages/social";
export * from "./messages/social-screen";
export * from "./messages/security";
export * from "./messages/settings-screen";
export * from "./messages/request";
export * from "./messages/search";
export * from "./messages/search-screen";
export * from "./messages/checkout";
export * from "./messages/fee";
export * from "./messages/checkout-screen";
export * from "./messages/messaging";
export * from "./messages/native";
export * from "./messages/reviews";
export * from "./messages/payments";
export * from "./messages/payouts-screen";
export * from "./messages/money";
export * from "./messages/payouts";
export * from "./messages/analytics";
export * from "./messages/portfolio";
export * from "./messages/booking";
export * from "./messages/landing";
export * from "./messages/leaving";
export * from "./messages/moderation";
export * from "./messages/safety";
export * from "./messages/notifications";
export * from "./messages/notification-settings";
export * from "./messages/notifications-screen";
