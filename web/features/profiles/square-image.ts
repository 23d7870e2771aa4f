// Profile pictures are shown as small circles (at most 96 CSS pixels, twice that on dense
// screens), so a 12-megapixel phone photo is cut to a centred square and scaled to 512 × 512 in
// the browser before it is sent: the upload is a few dozen kilobytes instead of megabytes, and
// the server stores one sensible size. WebP where the browser can encode it, JPEG otherwise.

/** The stored avatar's side, in pixels. */
const AVATAR_SIDE = 512;
const QUALITY = 0.88;

function canvasOf(side: number): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  return canvas;
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

/**
 * The centred square of `file`, scaled down to at most AVATAR_SIDE (never up). Rejects when the
 * browser cannot decode the image; the caller then sends the original and lets the server judge.
 */
export async function squareImage(file: Blob, side = AVATAR_SIDE): Promise<Blob> {
  // createImageBitmap applies the photo's EXIF orientation, so a portrait stays upright.
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const crop = Math.min(bitmap.width, bitmap.height);
    if (crop === 0) throw new Error("The image has no pixels");
    const target = Math.min(side, crop);
    const canvas = canvasOf(target);
    const context = canvas.getContext("2d");
    if (!context) throw new Error("No 2D canvas");
    context.imageSmoothingQuality = "high";
    // A transparent PNG would turn black in a JPEG: paint a white ground first.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, target, target);
    context.drawImage(bitmap, (bitmap.width - crop) / 2, (bitmap.height - crop) / 2, crop, crop, 0, 0, target, target);
    // Browsers without a WebP encoder answer PNG for "image/webp": only a real WebP is kept.
    const webp = await encode(canvas, "image/webp");
    if (webp && webp.type === "image/webp") return webp;
    const jpeg = await encode(canvas, "image/jpeg");
    if (!jpeg) throw new Error("The image could not be encoded");
    return jpeg;
  } finally {
    bitmap.close();
  }
}
