// Who an IP-based limit counts (issue #27 item 8; decision record 0085). An IPv4 address is one
// client; an IPv6 client is handed a whole /64 (routers give each home or phone one, and SLAAC and
// privacy extensions pick a fresh address inside it at will), so every address of a /64 counts as
// one. An IPv4-mapped IPv6 address (::ffff:203.0.113.9) counts as the IPv4 address it carries.

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  const halves = ip.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  // A dotted IPv4 tail (::ffff:1.2.3.4) fills the last two groups.
  const last = tail.length > 0 ? tail : head;
  const dotted = last.at(-1)?.includes(".") ? last.pop()! : null;
  const extra: string[] = [];
  if (dotted) {
    const octets = dotted.split(".").map(Number);
    if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) return null;
    extra.push(((octets[0]! << 8) | octets[1]!).toString(16), ((octets[2]! << 8) | octets[3]!).toString(16));
  }
  const written = [...head, ...tail, ...extra].length;
  if (halves.length === 1 ? written !== 8 : written > 7) return null;
  const groups = [...head, ...(halves.length === 2 ? Array<string>(8 - written).fill("0") : []), ...tail, ...extra];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * The client an address stands for: an IPv4 address as it is, an IPv6 address as its /64
 * ("2001:db8:0:1::/64"), an IPv4-mapped one as its IPv4 address. Anything else is returned as
 * it came (a limit still counts it, just on its own).
 */
export function ipClient(ip: string): string {
  if (!ip.includes(":")) return ip;
  const groups = ipv6Groups(ip.trim().replace(/%.*$/, ""));
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/**
 * Who viewed, on which UTC day, as one opaque key: the day and a SHA-256 of the viewer (their
 * account, else their IP's client), so a view counts once per viewer per day without storing any
 * address (decision record 0085).
 */
export async function viewerDayKey(viewer: { userId: string | null; ip: string | null }, now: number): Promise<string> {
  const day = new Date(now).toISOString().slice(0, 10);
  const who = viewer.userId ? `user:${viewer.userId}` : `ip:${viewer.ip ? ipClient(viewer.ip) : "unknown"}`;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(who)));
  return `${day}:${Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
