// The public URL of a stored R2 object: routes/media.ts serves every key of the MEDIA bucket at
// /media/<key>. Written once here, so post rows, avatars and the seed's demo world agree.

/** `/media/<key>`; keys are chosen by the server and hold only URL-safe characters. */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}
