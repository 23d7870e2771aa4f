// The frame of the screens visitors may open from a shared link (/post/{id}, /profile/{id}):
// a header with a back link (the feed when signed in, the landing page otherwise), the wordmark
// and, for visitors, Sign In; and a call to join that brings the visitor back to the same page.
import { Link } from "@tanstack/react-router";
import { SHELL_TEXTS } from "@shared/messages";
import { appPaths } from "@web/lib/app-paths";
import { cn } from "@web/lib/cn";
import { BackLink } from "../back-link";
import { Wordmark } from "../brand/logo";
import { buttonVariants } from "../ui/button";

const T = SHELL_TEXTS.publicPage;

export interface PublicPageProps {
  signedIn: boolean;
  /** True while the session is read: neither the visitor's nor the member's controls show yet. */
  sessionPending: boolean;
  /** Where signing in comes back to: this page. */
  redirect: string;
  /** The page has its own back button (the catalogue's detail pages), so the header shows none. */
  hideBack?: boolean;
  /** Matches a page whose content is wider than the usual column (a two-column detail page). */
  wide?: boolean;
}

export function PublicHeader({ signedIn, sessionPending, redirect, hideBack = false, wide = false }: PublicPageProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/85 pt-safe backdrop-blur-xl">
      <div className={cn("mx-auto flex h-14 max-w-2xl items-center gap-2 px-2", hideBack && "px-3 sm:px-4", wide && "lg:max-w-5xl")}>
        {hideBack ? null : <BackLink to={signedIn ? appPaths.feed : appPaths.home} label={signedIn ? T.backToFeed : T.backToHome} />}
        <Link to={appPaths.home} aria-label={SHELL_TEXTS.header.home} className="rounded-lg">
          <Wordmark />
        </Link>
        {!signedIn && !sessionPending ? (
          <Link to="/auth" search={{ redirect }} className={buttonVariants({ size: "sm", className: "ml-auto" })}>
            {T.signIn}
          </Link>
        ) : null}
      </div>
    </header>
  );
}

export function SignInCallout({ redirect }: { redirect: string }) {
  return (
    <section className="rounded-[var(--radius-card)] border border-primary/25 bg-gradient-to-br from-orange-500/10 via-rose-500/5 to-transparent p-5" data-testid="sign-in-cta">
      <h2 className="font-display text-lg font-semibold tracking-tight">{T.joinTitle}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{T.joinBody}</p>
      <div className="mt-4 flex gap-2">
        <Link to="/auth" search={{ redirect }} className={buttonVariants({ className: "flex-1" })}>
          {T.signIn}
        </Link>
        <Link to="/auth" search={{ redirect, tab: "signup" }} className={buttonVariants({ variant: "outline", className: "flex-1" })}>
          {T.getStarted}
        </Link>
      </div>
    </section>
  );
}
