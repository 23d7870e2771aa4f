// The catalogue contract shared by the Worker and the SPA (spec marketplace-messaging-account §2
// Services, Products, Service detail, Product detail; §3 service, product, purchase item; §4 and
// §5 the service and product forms; §6; §7 Services, Products, Service detail, Product detail;
// §8; §9 price display). Request schemas validate the forms in the SPA and the bodies in the
// Worker; every message is MARKET_TEXTS in shared/messages.ts; prices read through
// shared/rules/price.ts. Decision records 0034 (the contract) and 0035 (files and their removal).
//
// Routes (JSON unless said otherwise; every failure is the error envelope of shared/errors.ts;
// 401 'Authentication required' for visitors where a route needs a user). The owner is always
// the session's user: an owner id, a price in cents or a storage key in a body is ignored (zod
// strips unknown keys); prices are typed dollars and become cents on the server.
//
// Services:
//   GET    /api/services?cursor=&limit=        → OwnerServicePage: the signed-in user's services,
//                                                newest first (owner price lines: 'Package pricing').
//   POST   /api/services         ServiceInput  → 201 MarketService.
//   PUT    /api/services/:serviceId ServiceInput → 200 MarketService. The whole form is sent.
//   DELETE /api/services/:serviceId            → 200 { ok: true }.
//   GET    /api/services/:serviceId            → ServiceDetail (visitors allowed; public price
//                                                line 'Starting at'). 404 'Service not found'.
//   POST   /api/services/:serviceId/views      → 204 always (like post views): a signed-in viewer
//                                                other than the seller records a `service_view`.
//   PUT/DELETE of another user's service: 403 'You can only change your own services'; a
//   missing (or malformed) id: 404 'Service not found'.
//
// Products (the same shape of routes):
//   GET    /api/products?cursor=&limit=        → OwnerProductPage (with the file's name and size).
//   POST   /api/products         ProductInput  → 201 OwnerProduct.
//   PUT    /api/products/:productId ProductInput → 200 OwnerProduct.
//   DELETE /api/products/:productId            → 200 { ok: true }. The image and file are
//                                                removed from storage unless an order still needs
//                                                the file for a buyer's download (decision 0035).
//   GET    /api/products/:productId            → ProductDetail (visitors allowed; `hasFile`, never
//                                                a key or a URL of the file). 404 'Product not found'.
//   403 'You can only change your own products' for another user's product.
//
// The product image: POST /api/products/images with the raw image bytes as the body (its
//   Content-Type; at most PRODUCT_IMAGE_MAX_BYTES) → 201 ProductImageUpload. 415 'Please select an
//   image file' (magic bytes decide), 413 'Please select an image under 10MB', 400/503 'Failed to
//   upload product image', 429 'Upload Limit Reached' (the upload limit). Then `imageUploadId` in
//   ProductInput attaches it. An image never attached is removed by the upload clean-up.
// The digital file: the resumable multipart protocol of decision 0005 with
//   POST /api/uploads { contentType: PRODUCT_FILE_UPLOAD, mimeType, size, fileName } (types
//   PRODUCT_FILE_MIME_TYPES, at most PRODUCT_FILE_MAX_BYTES; magic bytes checked on part 1), the
//   same PUT parts / GET status / DELETE; then `fileUploadId` in ProductInput completes and
//   attaches it. The file lives in the private bucket and no URL serves it.
// Attaching: an upload id that is not the user's own, not of the right kind, or already used
//   answers 400 'This upload cannot be attached'; an unfinished file 400 'Upload incomplete'.
//
// Link previews (not API): /service/{id} and /product/{id} get the SPA's index.html with Open
// Graph and Twitter card tags, like profiles and posts.
import { z } from "zod";
import {
  MARKET_LIMITS,
  MB,
  PRICING_MODELS,
  PRODUCT_CATEGORIES,
  PRODUCT_TYPES,
  SERVICE_CATEGORIES,
} from "./constants";
import { MARKET_TEXTS, REQUEST_TEXTS } from "./messages";
import type { ItemRating } from "./review-api";
import { parseDollarsToCents, type PriceDisplay } from "./rules/price";
import { idSchema, optionalCleanedText, singleLineText } from "./schemas/common";
import type { Page } from "./paging";
import type { ProductCard, ServiceCard } from "./catalogue";
import type { PersonLine } from "./people";

export const PRODUCT_IMAGE_MAX_BYTES = MARKET_LIMITS.productImageMaxMb * MB;
export const PRODUCT_FILE_MAX_BYTES = MARKET_LIMITS.productFileMaxMb * MB;
/** The `contentType` of POST /api/uploads that starts a digital product's file. */
export const PRODUCT_FILE_UPLOAD = "product_file";
/**
 * What a digital product's file may be (§3 product: beats, samples, loops, tracks, presets):
 * audio, a zip (stems, sample packs, preset banks), a PDF, or a VST preset (FXP/FXB). The bytes
 * are checked against these on the first part.
 */
export const PRODUCT_FILE_MIME_TYPES = [
  "audio/mpeg",
  "audio/wav",
  "audio/x-wav",
  "audio/flac",
  "audio/ogg",
  "audio/aiff",
  "audio/x-aiff",
  "audio/mp4",
  "audio/x-m4a",
  "application/zip",
  "application/x-zip-compressed",
  "application/pdf",
  "application/x-vst-preset",
] as const;
/** The `accept` attribute of the file picker: the types, plus the preset extensions browsers leave untyped. */
export const PRODUCT_FILE_ACCEPT = [...PRODUCT_FILE_MIME_TYPES, ".fxp", ".fxb", ".zip", ".aif", ".aiff"].join(",");
/** Product images, like avatars: JPEG, PNG, GIF or WebP. */
export const PRODUCT_IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;

// ---------------------------------------------------------------------------------------------
// Fields

const nameSchema = singleLineText(MARKET_LIMITS.nameMax, MARKET_TEXTS.nameTooLong, MARKET_TEXTS.nameRequired);
const descriptionSchema = optionalCleanedText(MARKET_LIMITS.descriptionMax, MARKET_TEXTS.descriptionTooLong);

function inPriceRange(cents: number): boolean {
  return cents >= MARKET_LIMITS.priceMinCents && cents <= MARKET_LIMITS.priceMaxCents;
}

/**
 * A price as the form holds it: typed dollars ("45", "45.50", "$1,250") or a number (step 0.01).
 * The output is integer cents, or null when empty; the range is $0.50 to $100,000.
 */
export const priceSchema = z
  .union([z.number({ error: MARKET_TEXTS.priceInvalid }), z.string({ error: MARKET_TEXTS.priceInvalid }).max(32, MARKET_TEXTS.priceInvalid)], {
    error: MARKET_TEXTS.priceInvalid,
  })
  .nullish()
  .transform((value, ctx): number | null => {
    if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) return null;
    const cents = parseDollarsToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: MARKET_TEXTS.priceInvalid });
      return z.NEVER;
    }
    if (!inPriceRange(cents)) {
      ctx.addIssue({ code: "custom", message: MARKET_TEXTS.priceOutOfRange });
      return z.NEVER;
    }
    return cents;
  });

/** A whole number typed in a field or sent as a number ("parsed as an integer", §5). */
function wholeNumber(min: number, max: number, message: string) {
  return z
    .union([z.number({ error: message }), z.string({ error: message }).max(12, message)], { error: message })
    .nullish()
    .transform((value, ctx): number | null => {
      if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) return null;
      const n = typeof value === "number" ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });
}

/** Turnaround in whole days (DESIGN.md: days everywhere), 0 to 365; empty means not stated. */
export const turnaroundDaysSchema = wholeNumber(0, MARKET_LIMITS.turnaroundDaysMax, MARKET_TEXTS.turnaroundInvalid);

/** One package as the structured editor (and the spec's JSON) writes it: {sessions, price, description}. */
const packageInputSchema = z
  .object(
    {
      sessions: wholeNumber(1, MARKET_LIMITS.packageSessionsMax, MARKET_TEXTS.packageSessionsInvalid).optional(),
      price: priceSchema.optional(),
      description: optionalCleanedText(MARKET_LIMITS.packageDescriptionMax, MARKET_TEXTS.packageDescriptionTooLong).optional(),
    },
    { error: MARKET_TEXTS.packageJsonInvalid },
  )
  .transform((p, ctx): ServicePackage => {
    const pack = { sessions: p.sessions ?? null, priceCents: p.price ?? null, description: p.description ?? null };
    if (pack.sessions === null && pack.priceCents === null && pack.description === null) {
      ctx.addIssue({ code: "custom", message: MARKET_TEXTS.packageEmpty });
      return z.NEVER;
    }
    return pack;
  });

const packageListSchema = z
  .array(packageInputSchema, { error: MARKET_TEXTS.packageJsonInvalid })
  .min(1, MARKET_TEXTS.packagesRequired)
  .max(MARKET_LIMITS.packagesMax, MARKET_TEXTS.tooManyPackages);

/**
 * Package details in every shape the spec allows: the structured editor's list, one package
 * object (the spec's example), or the JSON text of either (the spec's form typed JSON). The
 * output is always the list.
 */
export const packageDetailsSchema = z
  .union([
    z.string({ error: MARKET_TEXTS.packageJsonInvalid }).max(8_000, MARKET_TEXTS.packageJsonInvalid),
    z.array(z.unknown()),
    z.record(z.string(), z.unknown()),
  ], { error: MARKET_TEXTS.packageJsonInvalid })
  .transform((value, ctx): unknown => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: MARKET_TEXTS.packageJsonInvalid });
      return z.NEVER;
    }
  })
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(packageListSchema);

// ---------------------------------------------------------------------------------------------
// Request bodies

/**
 * POST /api/services and PUT /api/services/:id (§4, §5 Service form). Price is required unless
 * the model is package; a package carries its packages instead and its price is the cheapest
 * package's. Fields that do not belong to the chosen model are dropped, not stored.
 */
export const serviceInputSchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema.optional(),
    category: z.enum(SERVICE_CATEGORIES, { error: MARKET_TEXTS.serviceCategoryInvalid }),
    needsScheduling: z.boolean({ error: REQUEST_TEXTS.invalidRequest }).optional(),
    pricingModel: z.enum(PRICING_MODELS, { error: MARKET_TEXTS.pricingModelInvalid }),
    price: priceSchema.optional(),
    packageDetails: packageDetailsSchema.nullish(),
    turnaroundDays: turnaroundDaysSchema.optional(),
  })
  .transform((v, ctx) => {
    const isPackage = v.pricingModel === "package";
    if (!isPackage && (v.price ?? null) === null) {
      ctx.addIssue({ code: "custom", message: MARKET_TEXTS.priceRequired, path: ["price"] });
      return z.NEVER;
    }
    if (isPackage && (v.packageDetails ?? null) === null) {
      ctx.addIssue({ code: "custom", message: MARKET_TEXTS.packagesRequired, path: ["packageDetails"] });
      return z.NEVER;
    }
    return {
      name: v.name,
      description: v.description ?? null,
      category: v.category,
      needsScheduling: v.needsScheduling ?? false,
      pricingModel: v.pricingModel,
      priceCents: isPackage ? null : (v.price ?? null),
      packages: isPackage ? (v.packageDetails ?? null) : null,
      turnaroundDays: v.turnaroundDays ?? null,
    };
  });
export type ServiceInput = z.input<typeof serviceInputSchema>;
export type ServiceValues = z.output<typeof serviceInputSchema>;

/**
 * POST /api/products and PUT /api/products/:id (§4, §5 Product form). `imageUploadId` and
 * `fileUploadId` name uploads of this user: absent keeps what the product has (on create: none),
 * null removes it, an id attaches that upload. Only digital products have a file; a product
 * changed to physical loses its file.
 */
export const productInputSchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema.optional(),
    category: z.enum(PRODUCT_CATEGORIES, { error: MARKET_TEXTS.productCategoryInvalid }),
    price: priceSchema,
    type: z.enum(PRODUCT_TYPES, { error: MARKET_TEXTS.productTypeInvalid }),
    imageUploadId: idSchema.nullish(),
    fileUploadId: idSchema.nullish(),
  })
  .transform((v, ctx) => {
    if (v.price === null) {
      ctx.addIssue({ code: "custom", message: MARKET_TEXTS.priceRequired, path: ["price"] });
      return z.NEVER;
    }
    if (v.type === "physical" && typeof v.fileUploadId === "string") {
      ctx.addIssue({ code: "custom", message: MARKET_TEXTS.fileOnlyDigital, path: ["fileUploadId"] });
      return z.NEVER;
    }
    return {
      name: v.name,
      description: v.description ?? null,
      category: v.category,
      priceCents: v.price,
      type: v.type,
      imageUploadId: v.imageUploadId,
      fileUploadId: v.type === "physical" ? null : v.fileUploadId,
    };
  });
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductValues = z.output<typeof productInputSchema>;

// ---------------------------------------------------------------------------------------------
// Responses

/** One package as stored and shown (price in cents). */
export interface ServicePackage {
  sessions: number | null;
  priceCents: number | null;
  description: string | null;
}

/** The seller's line on a detail page: avatar, name and @username linking to /profile/{userId}. */
export type SellerSummary = PersonLine;

/**
 * A service as the owner's grid and the detail page show it: the public card (shared/catalogue.ts)
 * with the packages and a price line for where it is shown, in place of the card's label and rating.
 */
export interface MarketService extends Omit<ServiceCard, "priceLabel" | "rating"> {
  /** Packages only (else empty), in the order the seller wrote them. */
  packages: ServicePackage[];
  /**
   * §9's line for where the service is shown: the owner's list ('Package pricing') or a public
   * page ('Starting at $300'); `buyable` false means Buy Now is disabled ('Contact for pricing').
   */
  price: PriceDisplay;
  /**
   * Whether the seller can be paid now (payouts set up, decision record 0081). False disables Buy
   * Now with PAYOUT_TEXTS' reason, so no buyer meets a purchase that fails after the click.
   */
  sellerPayable: boolean;
  updatedAt: number;
}

/** A product as everyone may see it on its detail page: the public card with its price line and file flag. */
export interface MarketProduct extends Omit<ProductCard, "priceLabel" | "rating"> {
  price: PriceDisplay;
  /** A digital product with its file stored ('Digital file will be available after purchase'). */
  hasFile: boolean;
  /** Whether the seller can be paid now (see MarketService). */
  sellerPayable: boolean;
  updatedAt: number;
}

/** What the owner sees of the file (the edit form shows it); never its key. */
export interface ProductFileInfo {
  name: string;
  size: number;
  mimeType: string;
}

export interface OwnerProduct extends MarketProduct {
  file: ProductFileInfo | null;
}

/** Who is looking: null for visitors. The owner sees Edit instead of Buy Now. */
export interface ItemViewer {
  isOwner: boolean;
}

export interface ServiceDetail extends MarketService {
  seller: SellerSummary;
  viewer: ItemViewer | null;
  /** The service's reviews (average to one decimal and count); null without any. */
  rating: ItemRating | null;
}

export interface ProductDetail extends MarketProduct {
  seller: SellerSummary;
  viewer: ItemViewer | null;
  /** The product's reviews; null without any. */
  rating: ItemRating | null;
}

export type OwnerServicePage = Page<MarketService>;

export type OwnerProductPage = Page<OwnerProduct>;

/** POST /api/products/images: the id to put in `imageUploadId`, and a URL for the form's preview. */
export interface ProductImageUpload {
  uploadId: string;
  imageUrl: string;
}
