// Paths of screens that other parts of the app build. They are typed as plain strings on
// purpose: TanStack Router accepts a string `to`, so shell links compile before those routes
// exist (until then they land on the 404 page), and keep compiling after.
export const appPaths: Readonly<Record<"home" | "auth" | "feed" | "search" | "upload" | "activity" | "dashboard" | "messages" | "payments", string>> = {
  home: "/",
  auth: "/auth",
  feed: "/feed",
  search: "/search",
  upload: "/upload",
  activity: "/activity",
  dashboard: "/dashboard",
  messages: "/messages",
  payments: "/payments",
};

/** A user's profile screen. */
export function profilePath(userId: string): string {
  return `/profile/${encodeURIComponent(userId)}`;
}

/** Service and product detail pages (second document §2). */
export function servicePath(serviceId: string): string {
  return `/service/${encodeURIComponent(serviceId)}`;
}

export function productPath(productId: string): string {
  return `/product/${encodeURIComponent(productId)}`;
}

/** The messages screen with a conversation opened (or created) with this user. */
export function messagesWithUserPath(userId: string): string {
  return `/messages?userId=${encodeURIComponent(userId)}`;
}

/** The dashboard's professional tools (second document §2 Dashboard), in the spec's order. */
export const professionalToolPaths: Readonly<Record<"portfolio" | "reviews" | "booking" | "analytics" | "services" | "products", string>> = {
  portfolio: "/portfolio",
  reviews: "/reviews",
  booking: "/booking",
  analytics: "/analytics",
  services: "/services",
  products: "/products",
};

/** An order's page: the order screens and /payments link to it. */
export function orderPath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}`;
}

/** A custom offer's page (decision record 0050): the offer message's link and /payments' offer lists. */
export function offerPath(offerId: string): string {
  return `/offers/${encodeURIComponent(offerId)}`;
}

/** An order's printable receipt, served by the Worker as HTML (decision record 0049). */
export function receiptPath(orderId: string): string {
  return `/api/payments/receipts/${encodeURIComponent(orderId)}`;
}
