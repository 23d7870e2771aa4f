// Streaming helpers for uploads: look at the first bytes of a body without buffering the rest,
// and hold a body to an exact length, so a part is checked and stored in constant memory.

/** Thrown into a stream that carries more bytes than announced. */
export class TooManyBytesError extends Error {
  constructor(readonly limit: number) {
    super(`body exceeds ${limit} bytes`);
    this.name = "TooManyBytesError";
  }
}

/** Thrown into a stream that ends before the announced length. */
export class TooFewBytesError extends Error {
  constructor(
    readonly expected: number,
    readonly received: number,
  ) {
    super(`body ended after ${received} of ${expected} bytes`);
    this.name = "TooFewBytesError";
  }
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * Reads just enough chunks to see `minBytes` leading bytes (fewer if the body is shorter) and
 * returns them with a stream that replays those chunks and then continues with the rest of the
 * body. Only the first chunk or two are ever held in memory.
 */
export async function peekStream(
  body: ReadableStream<Uint8Array>,
  minBytes: number,
): Promise<{ head: Uint8Array; stream: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const buffered: Uint8Array[] = [];
  let total = 0;
  let done = false;
  while (total < minBytes) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      break;
    }
    buffered.push(next.value);
    total += next.value.byteLength;
  }
  const head = concat(buffered, total);
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = buffered.shift();
        if (chunk) {
          controller.enqueue(chunk);
          return;
        }
        if (done) {
          controller.close();
          return;
        }
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return { head, stream };
}

/**
 * Passes a body through unchanged but errors it with TooManyBytesError as soon as it carries
 * more than `length` bytes, or TooFewBytesError if it ends short. A client's Content-Length is
 * only a claim; this is what makes it binding.
 */
export function exactLength(body: ReadableStream<Uint8Array>, length: number): ReadableStream<Uint8Array> {
  let received = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > length) {
          controller.error(new TooManyBytesError(length));
          return;
        }
        controller.enqueue(chunk);
      },
      flush(controller) {
        if (received < length) controller.error(new TooFewBytesError(length, received));
      },
    }),
  );
}

/**
 * Gives a stream a known length for R2 (which refuses bodies of unknown length) while keeping
 * track of why the source failed, if it did: R2 only sees "the stream errored".
 */
export function toFixedLength(
  body: ReadableStream<Uint8Array>,
  length: number,
): { stream: ReadableStream<Uint8Array>; failure: () => unknown; done: Promise<void> } {
  const fixed = new FixedLengthStream(length);
  let failure: unknown = null;
  const done = body.pipeTo(fixed.writable).catch((error: unknown) => {
    failure = error;
  });
  return { stream: fixed.readable, failure: () => failure, done };
}
