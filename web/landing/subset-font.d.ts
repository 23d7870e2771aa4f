// subset-font ships no types; this is the one call the landing prerender makes (its README).
declare module "subset-font" {
  interface SubsetOptions {
    /** The format of the result; the input's format is read from the buffer. */
    targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
  }
  export default function subsetFont(font: Uint8Array, text: string, options?: SubsetOptions): Promise<Uint8Array>;
}
