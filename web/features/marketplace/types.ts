// What a Buy Now button hands to whoever opens the purchase (second document §3 purchase item:
// type, id, name, price). The price is the seller's, in cents, for display only: the server reads
// the real one from its own row (DESIGN.md).
export interface PurchaseItem {
  itemType: "service" | "product";
  itemId: string;
  itemName: string;
  priceCents: number;
}

/** Filled by the route: opens the purchase dialog for an item. */
export type OnBuy = (item: PurchaseItem) => void;
