// The order page's New Booking: shown to the buyer of a paid order of a service that
// needs scheduling while the order has no active booking; it opens /booking with the order picked.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarPlus } from "lucide-react";
import { BOOKING_TEXTS } from "@shared/messages";
import { buttonVariants } from "@web/components/ui/button";
import { professionalToolPaths } from "@web/lib/app-paths";
import { bookingOverviewQueryOptions } from "../api";

export function NewBookingLink({ orderId }: { orderId: string }) {
  const overview = useQuery(bookingOverviewQueryOptions());
  const order = overview.data?.bookableOrders.find((o) => o.orderId === orderId);
  if (!order) return null;
  if (order.activeBookingId) {
    return (
      <Link to={professionalToolPaths.booking} className={buttonVariants({ variant: "outline" })} data-testid="order-booking-link">
        <CalendarPlus aria-hidden /> {BOOKING_TEXTS.title}
      </Link>
    );
  }
  return (
    <Link to={professionalToolPaths.booking} search={{ orderId }} className={buttonVariants()} data-testid="order-new-booking">
      <CalendarPlus aria-hidden /> {BOOKING_TEXTS.newBooking}
    </Link>
  );
}
