// 404 page (marketplace-messaging-account.md §2): 'Oops! Page not found' with a Return to Home link.
import { Link } from "@tanstack/react-router";
import { House } from "lucide-react";
import { SHELL_TEXTS } from "@shared/messages";
import { buttonVariants } from "../ui/button";

const TEXTS = SHELL_TEXTS.notFound;

export function NotFoundPage() {
  return (
    <main className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden px-6 py-16 text-center">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-1/4 mx-auto h-64 max-w-md rounded-full bg-primary/20 blur-3xl"
      />
      <p aria-hidden className="relative font-display text-[7rem] leading-none font-bold tracking-tighter sm:text-[9rem]">
        <span className="bg-gradient-to-b from-amber-300 via-orange-500 to-rose-500 bg-clip-text text-transparent">404</span>
      </p>
      <FlatlineWave />
      <h1 className="relative mt-6 font-display text-2xl font-bold tracking-tight sm:text-3xl">{TEXTS.title}</h1>
      <p className="relative mt-3 max-w-sm text-muted-foreground">{TEXTS.description}</p>
      <Link to="/" className={buttonVariants({ className: "relative mt-8" })} data-haptic="medium">
        <House aria-hidden /> {TEXTS.returnHome}
      </Link>
    </main>
  );
}

/** A waveform that goes flat in the middle: the "signal lost" motif. */
function FlatlineWave() {
  const heights = [6, 14, 22, 10, 28, 16, 8, 2, 2, 2, 2, 2, 8, 18, 26, 12, 20, 8, 14, 6];
  return (
    <div aria-hidden className="relative mt-2 flex h-8 items-center gap-1">
      {heights.map((height, index) => (
        <span
          key={index}
          className="w-1.5 rounded-full bg-muted-foreground/40"
          style={{ height: `${height}px` }}
        />
      ))}
    </div>
  );
}
