// Draws the native app's icons and splash screens from the brand mark (public/favicon.svg), so the
// store apps look like the installed PWA. Run after changing the mark: `npm run native:assets`.
//
// Every PNG the Capacitor CLI generated in android/ and ios/ is redrawn at its own size, by kind:
// launcher icons (square, round, adaptive foreground), splash screens, and the iOS App Store icon.
// @capacitor/assets would do the same from a source image, but it pulls in a second image toolchain
// for a job that sharp (already here through miniflare) does from the vector in a few lines.
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
/** The dark theme colour (spec §1: #0a0a0a), behind every icon and splash. */
const BACKGROUND = "#0a0a0a";

const mark = await readFile(path.join(root, "public/favicon.svg"), "utf8");
const defs = mark.match(/<defs>[\s\S]*<\/defs>/)?.[0];
const bars = mark.match(/<g fill="url\(#g\)">[\s\S]*?<\/g>/)?.[0];
if (!defs || !bars) throw new Error("public/favicon.svg no longer has the <defs> and bars this script draws from");

/**
 * The mark's 64×64 drawing inside a larger square canvas of `canvas` units (64 = edge to edge), so
 * the bars can be shrunk into a platform's safe zone. `shape` is what sits behind the bars.
 */
function markSvg(size, { canvas = 64, shape = "square", glow = true } = {}) {
  const offset = (canvas - 64) / 2;
  const backdrop = {
    square: `<rect x="${-offset}" y="${-offset}" width="${canvas}" height="${canvas}" fill="${BACKGROUND}"/>`,
    rounded: `<rect width="64" height="64" rx="15" fill="${BACKGROUND}"/>`,
    circle: `<circle cx="32" cy="32" r="${canvas / 2}" fill="${BACKGROUND}"/>`,
    none: "",
  }[shape];
  const glowShape = glow && shape !== "none" ? backdrop.replace(`fill="${BACKGROUND}"`, 'fill="url(#glow)"') : "";
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${-offset} ${-offset} ${canvas} ${canvas}">${defs}${backdrop}${glowShape}${bars}</svg>`,
  );
}

/** The bars centred on a solid background, a third of the shorter side tall. */
async function splash(width, height) {
  const logo = Math.round(Math.min(width, height) / 3);
  const icon = await sharp(markSvg(logo, { shape: "none" })).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: BACKGROUND } })
    .composite([{ input: icon, gravity: "centre" }])
    .png()
    .toBuffer();
}

/** What one generated PNG should show, by its name. */
async function draw(file, width, height) {
  const name = path.basename(file);
  if (name === "splash.png" || name.startsWith("splash-")) return splash(width, height);
  // Android's legacy launcher icon keeps the PWA icon's rounded square.
  if (name === "ic_launcher.png") return sharp(markSvg(width, { shape: "rounded" })).png().toBuffer();
  if (name === "ic_launcher_round.png") return sharp(markSvg(width, { shape: "circle", canvas: 72 })).png().toBuffer();
  // The adaptive icon's foreground: the launcher masks 108 dp down to a 66 dp circle, so the bars
  // are drawn at 64/100 of the layer with a transparent rest (the background is a colour resource).
  if (name === "ic_launcher_foreground.png") return sharp(markSvg(width, { shape: "none", canvas: 100 })).png().toBuffer();
  // The App Store icon: full bleed (iOS rounds the corners itself) and without an alpha channel.
  if (name.startsWith("AppIcon")) return sharp(markSvg(width, { shape: "square", canvas: 80 })).flatten({ background: BACKGROUND }).removeAlpha().png().toBuffer();
  throw new Error(`No drawing defined for ${file}`);
}

async function pngsUnder(dir) {
  const entries = await readdir(path.join(root, dir), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".png"))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

const files = [...(await pngsUnder("android/app/src/main/res")), ...(await pngsUnder("ios/App/App/Assets.xcassets"))];
for (const file of files) {
  const { width, height } = await sharp(path.join(root, file)).metadata();
  await writeFile(path.join(root, file), await draw(file, width, height));
  console.log(`${file} ${width}×${height}`);
}

// The adaptive icon's background layer is a colour resource rather than an image.
const backgroundXml = path.join(root, "android/app/src/main/res/values/ic_launcher_background.xml");
const xml = await readFile(backgroundXml, "utf8");
await writeFile(backgroundXml, xml.replace(/(<color name="ic_launcher_background">)[^<]*(<\/color>)/, `$1${BACKGROUND.toUpperCase()}$2`));
