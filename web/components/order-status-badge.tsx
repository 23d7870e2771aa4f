// An order's state as a badge: green once it is done, red when it never got paid or was paid back,
// neutral while something is still to happen. Shared by the order screens and /payments, like the
// card dispute's badge beside it (issue #26): amber while it is open, green when won, red when the
// bank took the money back.
import { ShieldAlert } from "lucide-react";
import type { DisputeState } from "@shared/checkout-api";
import type { OrderStatus } from "@shared/constants";
import { CHECKOUT_SCREEN_TEXTS, PAYOUTS_SCREEN_TEXTS } from "@shared/messages";
import { Badge } from "./ui/badge";

// Outlined with dark text in each colour: the tinted fills of the shared badge fall under the
// WCAG contrast ratio for small green and red text (axe flagged the success tint).
const DONE = "bg-transparent border border-emerald-600/60 text-emerald-800 dark:text-emerald-300";
const ENDED = "bg-transparent border border-red-600/60 text-red-800 dark:text-red-300";
const CLASSES: Record<OrderStatus, string> = {
  pending: "bg-transparent border border-border text-foreground",
  paid: "bg-accent text-accent-foreground",
  in_progress: "bg-accent text-accent-foreground",
  shipped: "bg-accent text-accent-foreground",
  delivered: "bg-accent text-accent-foreground",
  completed: DONE,
  failed: ENDED,
  expired: "bg-secondary text-secondary-foreground",
  refunded: ENDED,
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge className={CLASSES[status]} data-testid="order-status">
      {CHECKOUT_SCREEN_TEXTS.statusLabels[status]}
    </Badge>
  );
}

const DISPUTE_CLASSES: Record<DisputeState, string> = {
  open: "bg-transparent border border-amber-600/60 text-amber-800 dark:text-amber-300",
  won: DONE,
  lost: ENDED,
};

export function OrderDisputeBadge({ dispute }: { dispute: DisputeState | null }) {
  if (!dispute) return null;
  return (
    <Badge className={DISPUTE_CLASSES[dispute]} data-testid="order-dispute">
      <ShieldAlert aria-hidden /> {PAYOUTS_SCREEN_TEXTS.orders.disputeLabels[dispute]}
    </Badge>
  );
}
