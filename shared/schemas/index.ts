// zod schemas shared by the Worker (`zValidator`) and the SPA's forms.
export * from "./common";
export * from "./auth";
export * from "./profile";
export * from "./post";
export * from "./comment";
export * from "./marketplace";
export * from "./message";
export * from "./security-event";
