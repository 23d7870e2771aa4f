// The guard's waiting screen (spec §2: a spinner with the text Loading... while the session is
// read).
import { LOADING_TEXT } from "../../../../shared/messages";
import { Spinner } from "../../../components/ui/spinner";

export function AuthLoading() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="size-8" label={LOADING_TEXT} />
      <p aria-hidden>{LOADING_TEXT}</p>
    </div>
  );
}
