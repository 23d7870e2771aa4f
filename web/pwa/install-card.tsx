// Install card from spec §1: pinned near the bottom, title 'Install the app', why it is worth it,
// an Install button and a dismiss button. Hidden when the app cannot be installed or already
// runs standalone.
import { Download, X } from "lucide-react";
import { useState } from "react";
import { SHELL_TEXTS } from "@shared/messages";
import { LogoMark } from "@web/components/brand/logo";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { type InstallPromptStore, installPromptStore, useInstallState } from "./install-prompt-store";

const TEXTS = SHELL_TEXTS.installCard;

const INSTALL_CARD_DISMISSED_KEY = "backline:install-card-dismissed";

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(INSTALL_CARD_DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

export function InstallCard({
  store = installPromptStore,
  dismissible = true,
  className,
}: {
  store?: InstallPromptStore | null;
  dismissible?: boolean;
  className?: string;
}) {
  const { installable, installed, standalone } = useInstallState(store);
  // Dismissal lasts for the browsing session: asking again on every page would nag, asking
  // never again would bury the feature.
  const [dismissed, setDismissed] = useState(readDismissed);

  if (!store || !installable || installed || standalone || dismissed) return null;

  const dismiss = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(INSTALL_CARD_DISMISSED_KEY, "1");
    } catch {
      // Without storage the card simply comes back on the next load.
    }
  };

  return (
    <aside
      aria-labelledby="install-card-title"
      className={cn(
        // Sits above the bottom navigation (4 rem) and the home indicator on phones.
        "fixed inset-x-3 bottom-[calc(env(safe-area-inset-bottom,0px)+5rem)] z-50 mx-auto max-w-md animate-rise-in",
        "rounded-2xl border border-border bg-popover/95 p-4 text-popover-foreground shadow-2xl backdrop-blur-xl",
        "sm:right-6 sm:bottom-6 sm:left-auto sm:w-96",
        className,
      )}
    >
      <div className="flex items-start gap-3">
        <LogoMark className="size-12 shrink-0 rounded-xl shadow-lg" />
        <div className="min-w-0 flex-1">
          <h2 id="install-card-title" className="font-display font-semibold">
            {TEXTS.title}
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">{TEXTS.description}</p>
        </div>
        {dismissible ? (
          <button
            type="button"
            onClick={dismiss}
            aria-label={TEXTS.dismissLabel}
            className="-mt-1 -mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-muted-foreground transition hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      <div className="mt-3 flex gap-2">
        <Button className="flex-1" onClick={() => void store.promptInstall()}>
          <Download aria-hidden /> {TEXTS.install}
        </Button>
        {dismissible ? (
          <Button variant="ghost" onClick={dismiss}>
            {TEXTS.notNow}
          </Button>
        ) : null}
      </div>
    </aside>
  );
}
