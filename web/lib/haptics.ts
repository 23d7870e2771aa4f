// Haptic feedback (spec §1): light on buttons and links, medium on a primary-action control,
// heavy on a danger-action control. Controls opt into a strength with data-haptic; the Button
// primitive sets it from its variant, so most screens get the right feel without thinking. The
// pulse itself comes from the native bridge: the app's impact styles, or the browser's vibrate.
import { impact } from "./native-bridge";

export type HapticStrength = "light" | "medium" | "heavy";

const INTERACTIVE = 'button, a[href], [role="button"], [role="tab"], [role="menuitem"], [data-haptic]';

/** Reads the strength a clicked element asks for; "none" or a disabled control gives null. */
function hapticStrengthFor(target: EventTarget | null): HapticStrength | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest(INTERACTIVE);
  if (!control || control.matches(":disabled, [aria-disabled='true']")) return null;
  const requested = control.getAttribute("data-haptic");
  if (requested === "none") return null;
  if (requested === "medium" || requested === "heavy" || requested === "light") return requested;
  return "light";
}

/**
 * One delegated listener gives every button and link its feedback, so individual components
 * never wire it up by hand. Returns a cleanup function.
 */
export function installHaptics(root: Document = document): () => void {
  const onClick = (event: Event) => {
    const strength = hapticStrengthFor(event.target);
    if (strength) impact(strength);
  };
  root.addEventListener("click", onClick, true);
  return () => root.removeEventListener("click", onClick, true);
}
