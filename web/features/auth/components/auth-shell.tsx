// The frame around every /auth screen: the wordmark, a Back to Home link (spec §2) and a card
// sized for phones first. `AuthFrame` needs no router, so that the build can prerender it into
// the page a first visit to /auth gets (web/features/auth/prerender.tsx, decision record 0075);
// inside the app, `AuthShell` hands it the router's Link.
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import type { ComponentProps, ComponentType, ReactNode } from "react";
import { AUTH_SCREEN_TEXTS } from "@shared/messages";
import { Wordmark } from "@web/components/brand/logo";
import { Card } from "@web/components/ui/card";

type HomeLinkProps = Pick<ComponentProps<"a">, "className" | "children">;

export function AuthFrame({ homeLink: HomeLink, children }: { homeLink: ComponentType<HomeLinkProps>; children: ReactNode }) {
  return (
    <main className="relative flex min-h-dvh flex-col overflow-hidden px-4 pt-safe pb-10">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 -top-24 mx-auto h-72 max-w-lg rounded-full bg-primary/10 blur-3xl"
      />
      {/* Over the glow the light theme's muted text fell to 4.4:1; these lines use a deeper tone. */}
      <div className="relative mx-auto flex w-full max-w-md items-center justify-between py-4">
        <HomeLink className="inline-flex items-center gap-1.5 rounded-full py-2 pr-3 text-sm font-medium text-foreground/75 transition hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden />
          {AUTH_SCREEN_TEXTS.frame.backToHome}
        </HomeLink>
      </div>
      <div className="relative mx-auto flex w-full max-w-md flex-1 flex-col">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <Wordmark className="text-2xl" />
          <p className="text-sm text-foreground/75">{AUTH_SCREEN_TEXTS.frame.tagline}</p>
        </div>
        <Card className="p-5 sm:p-6">{children}</Card>
      </div>
    </main>
  );
}

function RouterHomeLink(props: HomeLinkProps) {
  return <Link to="/" {...props} />;
}

export function AuthShell({ children }: { children: ReactNode }) {
  return <AuthFrame homeLink={RouterHomeLink}>{children}</AuthFrame>;
}
