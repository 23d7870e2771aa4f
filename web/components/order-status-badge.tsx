// An order's state as a badge: green once it is done, red when it never got paid or was paid back,
// neutral while something is still to happen. Shared by the order screens and /payments.
import type { OrderStatus } from "@shared/constants";
import { CHECKOUT_SCREEN_TEXTS } from "@shared/messages";
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
