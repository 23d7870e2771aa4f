// The API answers a shared link's page was painted from (decision record 0097): the Worker writes
// them into the page as JSON (`<script type="application/json" id="shared-page-data">`, never
// run), and the route that takes the page over starts its queries from them, so that its first
// render is the finished screen rather than a skeleton, without asking the server again. Each is
// handed out once, to the route of the page's own kind and id: after that the app is on its own.
interface SharedPageData {
  kind: string;
  id: string;
  [field: string]: unknown;
}

let data: SharedPageData | null | undefined;

function read(): SharedPageData | null {
  if (data !== undefined) return data;
  data = null;
  const element = typeof document === "undefined" ? null : document.getElementById("shared-page-data");
  if (!element?.textContent) return data;
  try {
    const parsed = JSON.parse(element.textContent) as SharedPageData;
    if (typeof parsed.kind === "string" && typeof parsed.id === "string") data = parsed;
  } catch {
    // A page without usable data: the route fetches as usual.
  }
  element.remove();
  return data;
}

/**
 * The page's data for this route, once: `take("post", postId)` answers `{ post }` on the shared
 * page of that post and null anywhere else (or the second time).
 */
export function takePrerenderedData(kind: "post" | "profile" | "service" | "product", id: string): Record<string, unknown> | null {
  const current = read();
  if (!current || current.kind !== kind || current.id !== id) return null;
  data = null;
  return current;
}
