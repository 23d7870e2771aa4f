// Link previews for the catalogue: a navigation to /service/{id} or /product/{id}
// answers the SPA's index.html with Open Graph and Twitter card tags, like profiles and posts; an
// unknown id gets the page unchanged. Served through a stand-in ASSETS binding, as in
// tests/worker/profiles/link-previews.test.ts.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import indexHtml from "../../../index.html?raw";
import type { OwnerProduct, MarketService, ProductImageUpload } from "@shared/marketplace-api";
import { app } from "../../../worker/app";
import { api, jpegBytes, json, PRODUCT_BODY, signedInUser } from "../helpers";

const assets = {
  fetch: async () => new Response(indexHtml, { headers: { "content-type": "text/html; charset=utf-8" } }),
};

async function page(path: string) {
  const ctx = createExecutionContext();
  const res = await app.request(path, { headers: { accept: "text/html" } }, { ...env, ASSETS: assets, APP_ORIGIN: "https://backline.example" }, ctx);
  await waitOnExecutionContext(ctx);
  return res.text();
}

function metaOf(html: string, key: string): string[] {
  const pattern = new RegExp(`<meta (?:property|name)="${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}" content="([^"]*)"`, "g");
  return [...html.matchAll(pattern)].map((m) => m[1]!);
}

describe("catalogue link previews", () => {
  it("titles a service with its name and public price line, described by its text", async () => {
    const seller = await signedInUser();
    const service = await json<MarketService>(
      await api("/api/services", {
        cookie: seller.cookie,
        body: { name: "Album <production>", category: "production", pricingModel: "package", packageDetails: [{ price: "300" }] },
      }),
      201,
    );
    const html = await page(`/service/${service.id}`);
    expect(metaOf(html, "og:title")).toEqual(["Album &lt;production&gt; · Starting at $300"]);
    expect(metaOf(html, "og:description")).toEqual([`A service by @${seller.username} on Backline.`]);
    expect(metaOf(html, "og:url")).toEqual([`https://backline.example/service/${service.id}`]);
    expect(metaOf(html, "og:image")).toEqual(["https://backline.example/icons/icon-512.png"]);
  });

  it("shows a product's image as a large card", async () => {
    const seller = await signedInUser();
    const image = await json<ProductImageUpload>(
      await api("/api/products/images", { cookie: seller.cookie, raw: jpegBytes(2000), headers: { "content-type": "image/jpeg" } }),
      201,
    );
    const product = await json<OwnerProduct>(
      await api("/api/products", { cookie: seller.cookie, body: { ...PRODUCT_BODY, description: "Dark trap beat, 140 BPM", imageUploadId: image.uploadId } }),
      201,
    );
    const html = await page(`/product/${product.id}`);
    expect(metaOf(html, "og:title")).toEqual(["Night beat · $19.99"]);
    expect(metaOf(html, "og:description")).toEqual(["Dark trap beat, 140 BPM"]);
    expect(metaOf(html, "og:image")).toEqual([`https://backline.example${image.imageUrl}`]);
    expect(metaOf(html, "og:type")).toEqual(["product"]);
    expect(metaOf(html, "twitter:card")).toEqual(["summary_large_image"]);
  });

  it("leaves the page unchanged for ids that name nothing", async () => {
    for (const path of [`/service/${crypto.randomUUID()}`, `/product/${crypto.randomUUID()}`]) expect(await page(path), path).toBe(indexHtml);
  });
});
