// What a Buy Now button hands to whoever opens the purchase (second document §3 purchase item:
// type, id, name, price). The price is the seller's, in cents, for display only: the server reads
// the real one from its own row (DESIGN.md).
export interface PurchaseItem {
  itemType: "service" | "product";
  itemId: string;
  itemName: string;
  priceCents: number;
  /**
   * A package-priced service's priced packages (issue #26 item 6): the buyer picks one before
   * paying, and the purchase names it by `index`, its place in the service's packages.
   */
  packages?: readonly PurchasePackage[];
}

/** One package the buyer may choose, with the words the service page shows for it. */
export interface PurchasePackage {
  index: number;
  title: string;
  description: string | null;
  priceCents: number;
}

/** Filled by the route: opens the purchase dialog for an item. */
export type OnBuy = (item: PurchaseItem) => void;
