// The guard's waiting screen (spec §2: a spinner with the text Loading... while the session is
// read).
import { SHELL_TEXTS } from "@shared/messages";
import { Spinner } from "@web/components/ui/spinner";

export function AuthLoading() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="size-8" label={SHELL_TEXTS.loading} />
      <p aria-hidden>{SHELL_TEXTS.loading}</p>
    </div>
  );
}
