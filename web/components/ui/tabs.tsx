import { Tabs as TabsPrimitive } from "radix-ui";
import { useEffect, useRef, type ComponentProps } from "react";
import { cn } from "@web/lib/cn";

export const Tabs = TabsPrimitive.Root;

/**
 * A row of tabs that scrolls sideways when it does not fit (the dashboard's six on a phone). The
 * active tab is kept in view, on opening (a `?tab=` link to the last one) and whenever it changes,
 * by scrolling the row only: the page itself does not move.
 */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const reveal = () => {
      const active = list.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
      if (!active) return;
      const start = active.offsetLeft;
      const end = start + active.offsetWidth;
      if (start < list.scrollLeft) list.scrollLeft = start;
      else if (end > list.scrollLeft + list.clientWidth) list.scrollLeft = end - list.clientWidth;
    };
    // The first reveal waits for the row's first layout: a ResizeObserver reports after layout, so
    // reading the tab's position there costs nothing, where reading it during the mount forced a
    // layout of the whole new screen inside React's commit (TBT on /auth, decision record 0075). It also
    // keeps the tab in view when the row's width changes (a phone turned sideways).
    const sized = new ResizeObserver(reveal);
    sized.observe(list);
    const changed = new MutationObserver(reveal);
    changed.observe(list, { subtree: true, attributeFilter: ["data-state"] });
    return () => {
      sized.disconnect();
      changed.disconnect();
    };
  }, []);
  return (
    <TabsPrimitive.List
      ref={ref}
      className={cn(
        // Relative, so each tab's offsetLeft is measured from the row.
        "relative inline-flex w-full items-center gap-1 overflow-x-auto rounded-full bg-muted p-1 text-muted-foreground [scrollbar-width:none]",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "inline-flex h-9 flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-full px-4 text-sm font-medium transition",
        "hover:text-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}

/**
 * The panel is a Tab stop after the tab list (Radix gives it tabindex 0), so it shows the focus
 * like every other stop does: a keyboard user must see where Tab went (WCAG 2.4.7).
 */
export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn("mt-4 rounded-xl focus-visible:outline-offset-4", className)} {...props} />;
}
