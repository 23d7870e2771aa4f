// The landing page, prerendered at build time (decision record 0056). A first visit to / used to
// download the whole app (router, query client, zod schemas, every feature) to show a static page;
// now the Worker answers / with landing.html, into which this plugin writes:
// - the LandingPage component rendered to HTML (plain anchors instead of router links),
// - the page's own stylesheet inline instead of a render-blocking request (web/landing/landing.css),
// - preloads for the Latin subsets of the two web fonts (their @font-face rules use swap).
// The script left on the page is web/landing/boot.ts. Under `vite dev` nothing is written and the
// boot script starts the app instead.
import path from "node:path";
import { type ComponentType, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type Plugin, runnerImport } from "vite";

const PLACEHOLDER = "<!--landing-page-->";
const LANDING_PAGE = path.join(import.meta.dirname, "../features/landing/landing-page.tsx");
/** The fonts the first screen sets text in: body text and the hero's display face. */
const PRELOADED_FONTS = [/\/inter-latin-wght-normal-[\w-]+\.woff2$/, /\/space-grotesk-latin-wght-normal-[\w-]+\.woff2$/];

async function renderLanding(): Promise<string> {
  // Typed by hand: the config is compiled with the Node project, which does not include web/.
  const { module } = await runnerImport<{ LandingPage: ComponentType }>(LANDING_PAGE, {
    configFile: false,
    logLevel: "error",
  });
  return renderToStaticMarkup(createElement(module.LandingPage));
}

export function landingPrerender(): Plugin {
  let markup: string | null = null;
  return {
    name: "backline:landing-prerender",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async buildStart() {
      markup = await renderLanding();
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        if (!context.filename.endsWith("landing.html") || !context.bundle) return html;
        if (!markup || !html.includes(PLACEHOLDER)) throw new Error("landing.html: the prerendered page has nowhere to go");
        const bundle = context.bundle;
        let page = html.replace(PLACEHOLDER, () => markup ?? "");
        // The stylesheet Vite linked for the boot script's CSS becomes a <style> element.
        page = page.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const asset = bundle[fileName];
          if (!asset || asset.type !== "asset") return tag;
          return `<style>${String(asset.source)}</style>`;
        });
        const fonts = Object.keys(bundle)
          .map((fileName) => `/${fileName}`)
          .filter((url) => PRELOADED_FONTS.some((pattern) => pattern.test(url)));
        const preloads = fonts.map((url) => `<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin>`).join("\n    ");
        return page.replace("</title>", `</title>\n    ${preloads}`);
      },
    },
  };
}
