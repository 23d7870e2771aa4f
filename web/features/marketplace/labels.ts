// How the catalogue's stored values read on screen: "per_session" as "Per session", "beats" as
// "Beats". The stored value stays the spec's; only its display changes.
export function categoryLabel(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).replaceAll("_", " ");
}
