// Paths of screens that other parts of the app build. They are typed as plain strings on
// purpose: TanStack Router accepts a string `to`, so shell links compile before those routes
// exist (until then they land on the 404 page), and keep compiling after.
export const appPaths: Readonly<Record<"home" | "auth" | "feed" | "search" | "upload" | "activity" | "dashboard" | "messages", string>> = {
  home: "/",
  auth: "/auth",
  feed: "/feed",
  search: "/search",
  upload: "/upload",
  activity: "/activity",
  dashboard: "/dashboard",
  messages: "/messages",
};

/** A user's profile screen. */
export function profilePath(userId: string): string {
  return `/profile/${encodeURIComponent(userId)}`;
}
