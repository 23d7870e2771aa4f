// Spec §1: page content fades out and in over 300 ms when the path changes.
import { useRouterState } from "@tanstack/react-router";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { UI_TIMINGS } from "@shared/constants";

/**
 * Replays a fade on the wrapper whenever the pathname changes. It uses the Web Animations API
 * instead of re-keying the subtree, so layouts that persist across pages (the bottom navigation,
 * a playing audio element) are not remounted. The outgoing page is already gone when the
 * pathname changes, so the "out" half is the jump to transparent and the 300 ms is the fade in.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);

  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = ref.current;
    if (!element || typeof element.animate !== "function") return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const animation = element.animate(
      [{ opacity: 0 }, { opacity: 1 }],
      { duration: UI_TIMINGS.pageTransitionMs, easing: "ease-out" },
    );
    return () => animation.cancel();
  }, [pathname]);

  return (
    <div ref={ref} data-pathname={pathname} className="min-h-dvh">
      {children}
    </div>
  );
}
