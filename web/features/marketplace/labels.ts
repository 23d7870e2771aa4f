// How the catalogue's stored values read on screen: "per_session" as "Per session", "beats" as
// "Beats". The stored value stays the spec's; only its display changes. The rule is the catalogue
// card's, so the forms, the detail pages and every card read a category alike.
export { catalogueLabel as categoryLabel } from "@web/components/catalogue-card";
