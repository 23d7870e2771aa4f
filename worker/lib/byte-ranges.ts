// Single byte ranges of R2 objects (RFC 9110 §14): the public media of /media/* and the private
// audio of an order's versions are both sought this way by the browser's player.

export type ByteRange = { offset: number; length?: number } | { suffix: number };

/**
 * Parses a Range header into R2's range form. Only one `bytes=` range is honoured; anything else
 * (several ranges, other units, malformed syntax) is ignored and the whole object is sent, as
 * RFC 9110 §14.2 allows. Whether the range fits the object is decided against its size (see
 * rangeUnsatisfiable). Positions past 2^53 are beyond any object: a last byte there means "to the
 * end" and a suffix that long means "all of it" (R2 throws on such numbers); a first byte there
 * stays, and is unsatisfiable.
 */
export function parseRange(header: string | undefined): ByteRange | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, start, end] = match;
  if (start === "" && end === "") return null;
  if (start === "") {
    const suffix = Number(end);
    return suffix > Number.MAX_SAFE_INTEGER ? { offset: 0 } : { suffix };
  }
  const offset = Number(start);
  if (end === "") return { offset };
  const last = Number(end);
  if (last < offset) return null;
  if (last >= Number.MAX_SAFE_INTEGER) return { offset };
  return { offset, length: last - offset + 1 };
}

/** RFC 9110 §14.1.1: a range is unsatisfiable when it starts past the end, or is an empty suffix. */
export function rangeUnsatisfiable(range: ByteRange, size: number): boolean {
  return "suffix" in range ? range.suffix === 0 : range.offset >= size;
}

/** The bytes of `range` within an object of `size` (a satisfiable range): first byte and count. */
function rangeWithin(range: ByteRange, size: number): { offset: number; length: number } {
  if ("suffix" in range) {
    const length = Math.min(range.suffix, size);
    return { offset: size - length, length };
  }
  return { offset: range.offset, length: Math.min(range.length ?? size - range.offset, size - range.offset) };
}

export type RangedRead =
  | { kind: "whole"; object: R2ObjectBody }
  | { kind: "partial"; object: R2ObjectBody; offset: number; length: number }
  | { kind: "unsatisfiable"; size: number }
  | { kind: "missing" };

/**
 * Reads an object, or the one range asked for. R2 throws on a range past the end (and miniflare
 * on some it cannot read); the object's size, not the error's text, decides whether that is the
 * client's 416 or a failure to pass on.
 */
export async function readRange(bucket: R2Bucket, key: string, range: ByteRange | null): Promise<RangedRead> {
  let object: R2ObjectBody | null;
  try {
    object = await bucket.get(key, range ? { range } : {});
  } catch (error) {
    if (!range) throw error;
    const head = await bucket.head(key);
    if (!head) return { kind: "missing" };
    if (!rangeUnsatisfiable(range, head.size)) throw error;
    return { kind: "unsatisfiable", size: head.size };
  }
  if (!object) return { kind: "missing" };
  if (!range) return { kind: "whole", object };
  if (rangeUnsatisfiable(range, object.size)) return { kind: "unsatisfiable", size: object.size };
  return { kind: "partial", object, ...rangeWithin(range, object.size) };
}
