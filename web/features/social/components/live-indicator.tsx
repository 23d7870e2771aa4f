// A quiet sign of the comment room's connection (spec §4 realtime channel states): a green dot
// and 'Live' when joined, 'Reconnecting…' after the connection dropped, 'Connecting…' before it
// first opens. Nothing when closed.
import { useRef } from "react";
import { SOCIAL_SCREEN_TEXTS } from "@shared/messages";
import type { ChannelState } from "@web/lib/live-socket";
import { cn } from "@web/lib/cn";

function liveLabel(state: ChannelState, droppedBefore: boolean): string | null {
  switch (state) {
    case "joined":
      return SOCIAL_SCREEN_TEXTS.live.joined;
    case "joining":
      return droppedBefore ? SOCIAL_SCREEN_TEXTS.live.reconnecting : SOCIAL_SCREEN_TEXTS.live.connecting;
    case "errored":
      return SOCIAL_SCREEN_TEXTS.live.reconnecting;
    case "leaving":
    case "closed":
      return null;
    default: {
      const unreachable: never = state;
      return unreachable;
    }
  }
}

export function LiveIndicator({ state }: { state: ChannelState }) {
  const dropped = useRef(false);
  if (state === "errored") dropped.current = true;
  if (state === "joined" || state === "closed") dropped.current = false;
  const label = liveLabel(state, dropped.current);
  if (!label) return null;
  const live = state === "joined";
  return (
    <span
      role="status"
      data-testid="live-indicator"
      data-state={state}
      className="inline-flex items-center gap-1.5 rounded-full bg-muted px-2 py-0.5 text-[11px] font-medium text-muted-foreground"
    >
      <span aria-hidden className={cn("size-1.5 rounded-full", live ? "bg-emerald-500 shadow-[0_0_0_3px] shadow-emerald-500/20" : "animate-pulse bg-amber-500")} />
      {label}
    </span>
  );
}
