// The landing page, prerendered at build time (decision record 0056), so that a first visit to /
// does not download the whole app (router, query client, zod schemas, every feature) to show a
// static page: the Worker answers / with landing.html, into which this plugin writes:
// - the LandingPage component rendered to HTML (plain anchors instead of router links),
// - the page's own stylesheet inline instead of a render-blocking request (web/landing/landing.css),
// - the two web fonts cut down to the characters the page shows, the display face preloaded
//   (their @font-face rules use swap),
// The script left on the page is web/landing/boot.ts, which loads the rest after the load event. Under `vite dev` nothing is written and the
// boot script starts the app instead.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { type ComponentType, createElement } from "react";
import Beasties from "beasties";
import { renderToStaticMarkup } from "react-dom/server";
import subsetFont from "subset-font";
import { type Plugin, type Rollup, runnerImport } from "vite";

type OutputBundle = Rollup.OutputBundle;

const PLACEHOLDER = "<!--landing-page-->";
const LANDING_PAGE = path.join(import.meta.dirname, "../features/landing/landing-page.tsx");
const AUTH_PAGE = path.join(import.meta.dirname, "../features/auth/prerender.tsx");
const AUTH_SIGN_IN_ISLAND = path.join(import.meta.dirname, "../features/auth/sign-in-island.ts");
/**
 * The font the first screen's headings and wordmark are set in (23 KB). Body text (Inter, 48 KB)
 * is not preloaded: it paints at once in the fallback face and swaps when Inter arrives. Measured
 * on /auth (`npm run bench:lighthouse`): LCP 1.74 s with both preloaded, 0.99 s without Inter's,
 * at a layout shift of 0.014 when the face swaps (decision record 0075).
 */
const PRELOADED_FONTS = [/\/space-grotesk-latin-wght-normal-[\w-]+\.woff2$/];

/** Renders a component of web/ to HTML, run through Vite so that its TSX and aliases resolve. */
async function renderPage(file: string, exportName: string): Promise<string> {
  // Typed by hand: the config is compiled with the Node project, which does not include web/.
  // The pages import through the @web/@shared aliases that vite.config.ts sets; this runner reads no config file.
  const alias = { "@web": path.join(import.meta.dirname, ".."), "@shared": path.join(import.meta.dirname, "../../shared") };
  const { module } = await runnerImport<Record<string, ComponentType>>(file, { configFile: false, logLevel: "error", resolve: { alias } });
  const page = module[exportName];
  if (!page) throw new Error(`${file} exports no ${exportName}`);
  return renderToStaticMarkup(createElement(page));
}

/** Replaces the page's stylesheet links with <style> elements: no render-blocking request. */
function inlineStylesheets(html: string, bundle: OutputBundle): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
    const asset = bundle[fileName];
    if (!asset || asset.type !== "asset") return tag;
    return `<style>${String(asset.source)}</style>`;
  });
}

/** Preload links for the Latin subsets of the fonts the first screen sets text in. */
function fontPreloads(fileNames: string[]): string {
  return fileNames
    .map((fileName) => `/${fileName}`)
    .filter((url) => PRELOADED_FONTS.some((pattern) => pattern.test(url)))
    .map((url) => `<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin>`)
    .join("\n    ");
}

/** The Latin faces the landing page sets text in: Inter (48 KB) and Space Grotesk (22 KB). */
const LANDING_FONTS = [/^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/, /^assets\/space-grotesk-latin-wght-normal-[\w-]+\.woff2$/];
const PRINTABLE_ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join("");
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: "\u00a0" };

/** Every character the prerendered page shows, plus printable ASCII for anything the script adds. */
function pageCharacters(markup: string): string {
  const text = markup.replace(/<[^>]*>/g, "").replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity);
  return [...new Set(PRINTABLE_ASCII + text)].join("");
}

/**
 * Swaps the landing page's Latin fonts for copies cut down to the characters it shows (decision
 * record 0075): measured with
 * `npm run bench:lighthouse`, the two faces were about 0.4 s of the page's LCP on Lighthouse's
 * mobile network; cut, Inter is 28 KB and Space Grotesk 13 KB, variable weight axis kept. A
 * character outside the cut (none on this page) falls back per glyph. The app's pages keep the
 * full files, so a visitor who goes on downloads those as before.
 */
async function subsetLandingFonts(context: Rollup.PluginContext, bundle: OutputBundle, html: string, markup: string): Promise<string> {
  const characters = pageCharacters(markup);
  let page = html;
  for (const pattern of LANDING_FONTS) {
    const fileName = Object.keys(bundle).find((name) => pattern.test(name));
    const font = fileName ? bundle[fileName] : undefined;
    if (!fileName || font?.type !== "asset" || typeof font.source === "string") throw new Error(`landing.html: no font matches ${pattern}`);
    const subset = await subsetFont(font.source, characters, { targetFormat: "woff2" });
    const hash = createHash("sha256").update(subset).digest("base64url").slice(0, 8);
    const subsetName = fileName.replace(/^assets\/([\w-]+?)-wght-normal-[\w-]+\.woff2$/, `assets/landing-$1-${hash}.woff2`);
    context.emitFile({ type: "asset", fileName: subsetName, source: subset });
    if (!page.includes(`/${fileName}`)) throw new Error(`landing.html: ${fileName} is not used`);
    page = page.replaceAll(`/${fileName}`, `/${subsetName}`);
  }
  return page;
}

export function landingPrerender(): Plugin {
  let markup: string | null = null;
  return {
    name: "backline:landing-prerender",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async buildStart() {
      markup = await renderPage(LANDING_PAGE, "LandingPage");
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        if (!context.filename.endsWith("landing.html") || !context.bundle) return html;
        if (!markup || !html.includes(PLACEHOLDER)) throw new Error("landing.html: the prerendered page has nowhere to go");
        const bundle = context.bundle;
        let page = html.replace(PLACEHOLDER, () => markup ?? "");
        // The stylesheet Vite linked for the boot script's CSS becomes a <style> element.
        page = inlineStylesheets(page, bundle);
        return page.replace("</title>", `</title>\n    ${fontPreloads(Object.keys(bundle))}`);
      },
    },
    generateBundle: {
      order: "post",
      async handler(_options, bundle) {
        const landing = bundle["landing.html"];
        if (landing?.type !== "asset" || !markup) throw new Error("landing.html or its prerendered page is missing");
        landing.source = await subsetLandingFonts(this, bundle, String(landing.source), markup);
      },
    },
  };
}

/** The routes a first visit to /auth shows: the frame and the sign-in screen. */
const AUTH_ROUTES = [/\/web\/routes\/auth\.tsx(\?|$)/, /\/web\/routes\/auth\.index\.tsx(\?|$)/];

/**
 * The chunks of the /auth routes and everything they import (decision record 0075): preloaded
 * with the entry's own imports, so that the router's first load finds them present and Vite's
 * preload helper appends nothing (about twenty <link> insertions, one long task).
 */
function authRouteChunks(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === "chunk");
  const roots = chunks.filter((chunk) => chunk.moduleIds.some((id) => AUTH_ROUTES.some((route) => route.test(id))) && !chunk.isEntry);
  if (roots.length < AUTH_ROUTES.length) throw new Error("auth-page.html: the /auth routes' chunks are missing");
  const wanted = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (wanted.has(fileName) || chunk?.type !== "chunk" || chunk.isEntry) return;
    wanted.add(fileName);
    chunk.imports.forEach(visit);
  };
  roots.forEach((chunk) => visit(chunk.fileName));
  return [...wanted].map((fileName) => `/${fileName}`);
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;

/**
 * auth-page.html starts the app's scripts only once its frame is on screen (decision record 0075).
 * Lighthouse's mobile LCP counts every request that finished before the observed paint: from the
 * HTML, even at low priority, the entry (100 KB) sometimes finished first, and LCP was then
 * 1.9–2.2 s instead of 1.0 s. The entry's <script> and module preloads are taken out of the page
 * and given to a small loader, written by the build beside them, which waits for the first
 * contentful paint to be reported (or 1 s: a tab opened in the background does not paint), then
 * adds the preloads six per task: first the entry's imports, after which it imports the entry,
 * then those of the /auth routes' chunks. The loader itself (2 KB) is fetched at low priority,
 * like the entry before it: at the default priority the whole stylesheet and Inter finished
 * before the first paint more often (four runs of five, LCP 1.57 s, against two of five at low
 * priority).
 */
function authLoader(html: string, bundle: OutputBundle): { page: string; fileName: string; source: string } {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error("auth-page.html: index.html has no entry script");
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? "");
  const entryImports = preloads.length;
  for (const href of authRouteChunks(bundle)) if (href !== entry && !preloads.includes(href)) preloads.push(href);
  const source = `// auth-page.html's loader, written by the build (web/landing/prerender.config.ts, decision record 0075).
const entry = ${JSON.stringify(entry)};
// The entry's own imports first, then the /auth routes' chunks.
const preloads = ${JSON.stringify(preloads)};
const entryImports = ${entryImports};
// Each <link> starts its request as it is inserted, about half a millisecond apiece here: thirty
// at once were one task of 15–30 ms, so they go in a few per task.
const perTask = 6;
let started = false;
let observer;
// An entry that fails to load (a dropped connection, a blocked script) leaves the frame in place;
// the frame's own CSS shows a reload after 8 s (reveal-after-stall), so the failure is not thrown.
const load = () => import(entry).catch((error) => console.warn("Backline could not start", error));
async function start() {
  if (started) return;
  started = true;
  observer?.disconnect();
  for (let from = 0; from < preloads.length; from += perTask) {
    if (from > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    const links = document.createDocumentFragment();
    for (const href of preloads.slice(from, from + perTask)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.fetchPriority = "low";
      link.crossOrigin = "";
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
    if (from < entryImports && from + perTask >= entryImports) load();
  }
  if (entryImports === 0) load();
}
try {
  observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length > 0) setTimeout(start, 0);
  });
  observer.observe({ type: "paint", buffered: true });
} catch {
  // No paint timing here: the timer below alone.
}
setTimeout(start, 1000);
`;
  const fileName = `assets/auth-loader-${createHash("sha256").update(source).digest("base64url").slice(0, 8)}.js`;
  const page = html
    .replace(MODULE_PRELOAD, "")
    .replace(ENTRY_SCRIPT, () => `<script type="module" fetchpriority="low" crossorigin src="/${fileName}"></script>`);
  return { page, fileName, source };
}

/**
 * Beasties as every prerendered page uses it: the rules whose selectors match the page, merged and
 * compressed, plus the dark theme's tokens and variants (the theme script adds `dark` before the
 * first paint); fonts are left to the page.
 */
function criticalCutter(): Beasties {
  return new Beasties({
    reduceInlineStyles: true,
    mergeStylesheets: true,
    inlineFonts: false,
    preloadFonts: false,
    pruneSource: false,
    compress: true,
    logLevel: "warn",
    allowRules: [/^:root$/, /^\.dark$/, /:where\(\.dark/],
  });
}

/**
 * The app's stylesheet on auth-page.html cut to the rules the prerendered frame uses, with the
 * whole sheet loaded beside it without blocking anything (decision record 0075). Inline in full it
 * was 95 KB that the parser, the first style pass and every later <link> insertion walked on the
 * main thread before the app had run. Beasties keeps the rules whose selectors match the page, so
 * some that only the theme script or a font decides are kept by hand: the dark theme's tokens and
 * variants (the script adds `dark` to <html> before the first paint) and every @font-face (the
 * families sit behind custom properties that Beasties does not follow). The full sheet comes as
 * `media="print"`, which the browser fetches at the lowest priority and applies to nothing; the
 * app switches it to all media before it replaces the frame (web/main.tsx).
 */
async function criticalStyles(page: string, sheetName: string, sheet: string, { appSheet = true } = {}): Promise<string> {
  const beasties = criticalCutter();
  const cut = await beasties.process(page);
  const faces = sheet.match(/@font-face\{[^}]*\}/g) ?? [];
  if (faces.length === 0 || !cut.includes("<style>")) throw new Error("auth-page.html: the critical styles lost their fonts or their <style>");
  const withFaces = cut.replace("<style>", () => `<style>${faces.join("")}`);
  if (!appSheet) return withFaces;
  return withFaces.replace("</head>", () => `  <link rel="stylesheet" href="/${sheetName}" media="print" data-app-styles>\n  </head>`);
}

/**
 * The page a first visit to /auth gets (decision record 0075): the app's index.html with the
 * frame of the /auth screens prerendered into #root (web/features/auth/prerender.tsx), the app's
 * stylesheets inline and the fonts it sets text in preloaded, so that the first paint needs
 * nothing but this response. The app's scripts start after the first paint (see authLoader).
 * The Worker serves the page for /auth and the screens under it (worker/routes/site.ts); the
 * app replaces the frame when the route is ready (web/main.tsx).
 * Under `vite dev` nothing is written.
 */
export function authPrerender(): Plugin {
  let markup: string | null = null;
  let signInMarkup: string | null = null;
  let islandRef: string | null = null;
  return {
    name: "backline:auth-prerender",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async buildStart() {
      markup = await renderPage(AUTH_PAGE, "AuthPagePrerender");
      signInMarkup = await renderPage(AUTH_PAGE, "AuthSignInPrerender");
      islandRef = this.emitFile({ type: "chunk", id: AUTH_SIGN_IN_ISLAND, name: "auth-sign-in-island" });
    },
    generateBundle: {
      order: "post",
      async handler(_options, bundle) {
        const index = bundle["index.html"];
        if (index?.type !== "asset" || !markup) throw new Error("auth-page.html: index.html or the prerendered frame is missing");
        const html = String(index.source);
        if (!html.includes('<div id="root"></div>')) throw new Error("auth-page.html: index.html has no empty #root");
        const sheetName = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"/.exec(html)?.[1];
        const sheet = sheetName ? bundle[sheetName] : undefined;
        if (!sheetName || sheet?.type !== "asset") throw new Error("auth-page.html: index.html links no stylesheet of the bundle");
        const loader = authLoader(inlineStylesheets(html, bundle), bundle);
        this.emitFile({ type: "asset", fileName: loader.fileName, source: loader.source });
        const page = loader.page
          .replace("</title>", `</title>\n    ${fontPreloads(Object.keys(bundle))}`)
          .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="auth">${markup ?? ""}</div>`);
        this.emitFile({ type: "asset", fileName: "auth-page.html", source: await criticalStyles(page, sheetName, String(sheet.source)) });
        // /auth itself (the Sign In tab) is a page that needs no app (decision record 0098): the
        // form and its island (web/features/auth/sign-in-island.ts), loaded at once, and neither
        // the app's loader nor its stylesheet. Measured on Lighthouse's mobile preset, the app's
        // takeover after the first paint was most of the page's TBT (median 143 ms, the stylesheet's
        // parse and the entry's evaluation; 0 ms without them).
        if (!islandRef || !signInMarkup) throw new Error("auth-signin-page.html: the sign-in island or its markup is missing");
        const island = this.getFileName(islandRef);
        // The island's own imports are preloaded beside it, so the form goes live one round trip
        // sooner on a slow network (they would otherwise be found only once the island is parsed).
        const islandImports: string[] = [];
        const walk = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== "chunk") return;
          for (const imported of chunk.imports) {
            if (islandImports.includes(imported)) continue;
            islandImports.push(imported);
            walk(imported);
          }
        };
        walk(island);
        const islandPreloads = islandImports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join("\n    ");
        const signInPage = inlineStylesheets(html, bundle)
          .replace(MODULE_PRELOAD, "")
          .replace(ENTRY_SCRIPT, "")
          .replace("</title>", `</title>\n    ${fontPreloads(Object.keys(bundle))}`)
          .replace("</head>", () => `  <script type="module" crossorigin src="/${island}"></script>\n    ${islandPreloads}\n  </head>`)
          .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="auth">${signInMarkup ?? ""}</div>`);
        const entry = ENTRY_SCRIPT.exec(html)?.[1];
        if (!entry || signInPage.includes(entry) || signInPage.includes(loader.fileName)) throw new Error("auth-signin-page.html: the app's entry is still on the page");
        this.emitFile({ type: "asset", fileName: "auth-signin-page.html", source: await criticalStyles(signInPage, sheetName, String(sheet.source), { appSheet: false }) });
      },
    },
  };
}

const SHARED_PAGE_SAMPLES = path.join(import.meta.dirname, "../../worker/ssr/samples.ts");

/**
 * The app's stylesheet cut to the rules the shared pages' markup uses (decision record 0097):
 * Beasties keeps the rules whose selectors match the samples of every page kind the Worker
 * renders (worker/ssr/samples.ts), plus what the theme script and the fonts decide, kept by hand
 * as on /auth (criticalStyles). The whole sheet is not linked: a visitor's page may never need it,
 * and the island adds it when the app starts.
 */
async function sharedPageStyles(sheet: string): Promise<string> {
  const alias = { "@web": path.join(import.meta.dirname, ".."), "@shared": path.join(import.meta.dirname, "../../shared") };
  const { module } = await runnerImport<{ sampleMarkup: () => string }>(SHARED_PAGE_SAMPLES, { configFile: false, logLevel: "error", resolve: { alias } });
  const beasties = criticalCutter();
  const cut = await beasties.process(`<!doctype html><html class="dark"><head><style>${sheet}</style></head><body>${module.sampleMarkup()}</body></html>`);
  const css = /<style>([\s\S]*?)<\/style>/.exec(cut)?.[1];
  const faces = sheet.match(/@font-face\{[^}]*\}/g) ?? [];
  if (!css || faces.length === 0) throw new Error("shared-page.html: the critical styles lost their rules or their fonts");
  return faces.join("") + css;
}

/**
 * The template of the pages a shared link opens (decision record 0097), shared-page.html: the
 * app's head with the critical CSS inline, the display font preloaded, the theme script (inlined
 * by inlineThemeScript) and the island script, and in <meta name="backline-app"> the files the
 * island loads when the app starts: the entry of index.html, its module preloads and its
 * stylesheet. The Worker writes each page into it (worker/routes/shared-pages.ts). Under
 * `vite dev` nothing is written and the Worker serves the app's page.
 */
export function sharedPagePrerender(): Plugin {
  return {
    name: "backline:shared-page-prerender",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle: {
      order: "post",
      async handler(_options, bundle) {
        const page = bundle["shared-page.html"];
        const index = bundle["index.html"];
        if (page?.type !== "asset" || index?.type !== "asset") throw new Error("shared-page.html or index.html is missing");
        const indexHtml = String(index.source);
        const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1];
        const sheetName = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"/.exec(indexHtml)?.[1];
        const sheet = sheetName ? bundle[sheetName] : undefined;
        if (!entry || !sheetName || sheet?.type !== "asset") throw new Error("shared-page.html: index.html names no entry or stylesheet of the bundle");
        const preloads = [...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? "");
        const files = JSON.stringify({ entry, styles: `/${sheetName}`, preloads }).replace(/"/g, "&quot;");
        const css = await sharedPageStyles(String(sheet.source));
        let html = String(page.source);
        // The island's own stylesheet, if Vite linked one, is not wanted: the page's CSS is inline.
        html = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, "");
        if (!html.includes("</head>")) throw new Error("shared-page.html has no head");
        html = html.replace("</head>", () => `  ${fontPreloads(Object.keys(bundle))}\n    <meta name="backline-app" content="${files}">\n    <style>${css}</style>\n  </head>`);
        page.source = html;
      },
    },
  };
}

const THEME_SCRIPT_TAG = '<script src="/theme-init.js"></script>';
const THEME_SCRIPT = path.join(import.meta.dirname, "../../public/theme-init.js");

/**
 * Inlines public/theme-init.js into every page the build writes (decision record 0075). It must
 * run before the first paint, so as a file it was a render-blocking request on every first visit
 * (about 150 ms on Lighthouse's mobile network). The Worker's CSP allows exactly this script by
 * its hash (worker/middleware/security-headers.ts), computed from the same file. Under `vite dev`
 * the page keeps loading the file.
 */
export function inlineThemeScript(): Plugin {
  return {
    name: "backline:inline-theme-script",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transformIndexHtml: {
      order: "pre",
      async handler(html, context) {
        if (!html.includes(THEME_SCRIPT_TAG)) throw new Error(`${context.filename}: the theme script tag is missing`);
        const script = await readFile(THEME_SCRIPT, "utf8");
        return html.replace(THEME_SCRIPT_TAG, () => `<script>${script}</script>`);
      },
    },
  };
}
