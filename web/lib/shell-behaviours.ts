// Installs every document-level shell behaviour at once; the root route calls this on mount.
import { installHaptics } from "./haptics";
import { applyTheme, watchSystemTheme } from "./theme";
import { installContextMenuGuard, installDoubleTapGuard, installZoomGuard } from "./touch-guards";

export function installShellBehaviours(root: Document = document): () => void {
  applyTheme();
  const cleanups = [
    watchSystemTheme(),
    // The double-tap guard goes first so a suppressed tap gives no haptic pulse either.
    installDoubleTapGuard(root),
    installHaptics(root),
    installContextMenuGuard(root),
    installZoomGuard(root),
  ];
  return () => {
    for (const cleanup of cleanups) cleanup();
  };
}
