// An order's state as a badge: green once it is done, red when it never got paid or was paid back,
// neutral while something is still to happen.
import type { OrderStatus } from "../../../../shared/constants";
import { CHECKOUT_SCREEN_TEXTS } from "../../../../shared/messages";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";

const VARIANTS: Record<OrderStatus, BadgeVariant> = {
  pending: "outline",
  paid: "default",
  in_progress: "default",
  shipped: "default",
  delivered: "default",
  completed: "success",
  failed: "destructive",
  expired: "secondary",
  refunded: "destructive",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge variant={VARIANTS[status]} data-testid="order-status">
      {CHECKOUT_SCREEN_TEXTS.statusLabels[status]}
    </Badge>
  );
}
