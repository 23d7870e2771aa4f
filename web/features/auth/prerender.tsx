// What a first visit to /auth shows before the app has loaded (decision record 0075):
// the build renders this into auth-page.html, so the frame, the wordmark and the tagline paint
// from the HTML instead of after the router, the session check and the form's code. The card holds
// a placeholder shaped like the sign-in form rather than the form itself: a form that cannot
// submit yet would take typing that the app's first render then throws away. The app replaces
// all of it once the /auth route is ready (web/main.tsx), with the same frame in the same place.
import type { ComponentProps } from "react";
import { AUTH_SCREEN_TEXTS, SHELL_TEXTS } from "@shared/messages";
import { Skeleton } from "@web/components/ui/skeleton";
import { AuthFrame } from "./components/auth-shell";

function HomeAnchor(props: Pick<ComponentProps<"a">, "className" | "children">) {
  return <a href="/" {...props} />;
}

function FieldPlaceholder() {
  return (
    <div className="flex flex-col gap-2">
      <Skeleton className="h-4 w-20 rounded-md" />
      <Skeleton className="h-11" />
    </div>
  );
}

export function AuthPagePrerender() {
  return (
    <AuthFrame homeLink={HomeAnchor}>
      <div className="flex flex-col gap-5" aria-busy="true">
        <span className="sr-only">{SHELL_TEXTS.loading}</span>
        <Skeleton className="h-12 rounded-full" />
        <div className="flex flex-col gap-4">
          <FieldPlaceholder />
          <FieldPlaceholder />
          <Skeleton className="-mt-1 h-5 w-32 self-end rounded-md" />
          <Skeleton className="h-13 rounded-full" />
        </div>
        <Skeleton className="h-4 rounded-md" />
        <Skeleton className="h-11 rounded-full" />
      </div>
      {/* Never a dead end (issue #29 item 3): without scripts, or when they failed to load, the
          frame says so and offers a reload; the app's first render replaces all of this. */}
      <noscript>
        <p className="mt-5 text-center text-sm text-foreground">{AUTH_SCREEN_TEXTS.frame.noScript}</p>
      </noscript>
      <p className="reveal-after-stall mt-5 text-center text-sm text-foreground/75" data-stalled>
        {AUTH_SCREEN_TEXTS.frame.stalled}{" "}
        <a href="" className="font-medium text-primary underline underline-offset-4">
          {AUTH_SCREEN_TEXTS.frame.reload}
        </a>
      </p>
    </AuthFrame>
  );
}
