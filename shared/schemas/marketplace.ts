// Service and product forms (§5, second document) and the checkout request. The client never
// sends an owner id or a price to pay: checkout names the item and the server reads its row.
import { z } from "zod";
import { ITEM_TYPES, PRICING_MODELS, PRODUCT_CATEGORIES, PRODUCT_TYPES, SERVICE_CATEGORIES, TEXT_LIMITS } from "../constants";
import { parseDollarsToCents } from "../rules/price";
import { LONG_TEXT_TOO_LONG } from "../rules/post-text";
import { cleanedText, idSchema, priceCentsSchema, PRICE_REQUIRED } from "./common";

// The spec requires these fields but shows no messages for them; these are ours.
export const SERVICE_NAME_REQUIRED = "Service name is required";
export const PRODUCT_NAME_REQUIRED = "Product name is required";
export const NAME_TOO_LONG = `Name must be at most ${TEXT_LIMITS.itemName} characters`;
export const CATEGORY_REQUIRED = "Please choose a category";
export const PRICING_MODEL_REQUIRED = "Please choose a pricing model";
export const PRODUCT_TYPE_REQUIRED = "Please choose a product type";
export const PACKAGE_DETAILS_REQUIRED = "Package details are required for package pricing";
export const PACKAGE_DETAILS_INVALID_JSON = "Package details must be valid JSON";
export const TURNAROUND_INVALID = "Turnaround must be a whole number of days";
export const FILE_ONLY_FOR_DIGITAL = "Only digital products can have a downloadable file";
export const INVALID_FILE_KEY = "Invalid file";

export const MAX_TURNAROUND_DAYS = 365;
export const MAX_PACKAGE_SESSIONS = 1000;

const descriptionSchema = cleanedText(TEXT_LIMITS.longText, LONG_TEXT_TOO_LONG)
  .optional()
  .transform((v) => v ?? "");

/** Structured package details: the spec's example names sessions, price and description. */
export const packageDetailsSchema = z.object({
  sessions: z.int().min(1).max(MAX_PACKAGE_SESSIONS).optional(),
  priceCents: priceCentsSchema.optional(),
  description: cleanedText(TEXT_LIMITS.longText, LONG_TEXT_TOO_LONG).optional(),
});
export type PackageDetails = z.output<typeof packageDetailsSchema>;

/**
 * The form takes package details as JSON text, with the price in dollars as people write it
 * ({"sessions": 4, "price": 199.99, "description": "..."}); this turns it into the structured,
 * cents-based shape above.
 */
export function parsePackageDetailsJson(text: string): { ok: true; value: PackageDetails } | { ok: false; message: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: PACKAGE_DETAILS_INVALID_JSON };
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { ok: false, message: PACKAGE_DETAILS_INVALID_JSON };
  const { price, ...rest } = raw as Record<string, unknown>;
  const candidate: Record<string, unknown> = { ...rest };
  if (price !== undefined && price !== null) {
    const cents = typeof price === "string" || typeof price === "number" ? parseDollarsToCents(price) : null;
    candidate.priceCents = cents ?? price;
  }
  const parsed = packageDetailsSchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? PACKAGE_DETAILS_INVALID_JSON };
  return { ok: true, value: parsed.data };
}

/**
 * A service. Price is required unless the model is "package", which needs package details
 * instead; the output keeps only the one that applies (price null for packages, as stored).
 * Turnaround is whole days (DESIGN.md), or null when not given.
 */
export const serviceFormSchema = z
  .object({
    name: cleanedText(TEXT_LIMITS.itemName, NAME_TOO_LONG, SERVICE_NAME_REQUIRED),
    description: descriptionSchema,
    category: z.enum(SERVICE_CATEGORIES, { error: CATEGORY_REQUIRED }),
    pricingModel: z.enum(PRICING_MODELS, { error: PRICING_MODEL_REQUIRED }),
    priceCents: priceCentsSchema.nullish(),
    packageDetails: packageDetailsSchema.nullish(),
    turnaroundDays: z.int({ error: TURNAROUND_INVALID }).min(0, TURNAROUND_INVALID).max(MAX_TURNAROUND_DAYS, TURNAROUND_INVALID).nullish(),
    needsScheduling: z.boolean().optional().transform((v) => v ?? false),
  })
  .superRefine((value, ctx) => {
    if (value.pricingModel === "package") {
      if (!value.packageDetails) ctx.addIssue({ code: "custom", message: PACKAGE_DETAILS_REQUIRED, path: ["packageDetails"] });
    } else if (value.priceCents === undefined || value.priceCents === null) {
      ctx.addIssue({ code: "custom", message: PRICE_REQUIRED, path: ["priceCents"] });
    }
  })
  .transform((value) => {
    const isPackage = value.pricingModel === "package";
    return {
      ...value,
      priceCents: isPackage ? null : (value.priceCents ?? null),
      packageDetails: isPackage ? (value.packageDetails ?? null) : null,
      turnaroundDays: value.turnaroundDays ?? null,
    };
  });

/** A storage key the server issued for an upload earlier (checked against its owner there). */
export const uploadKeySchema = z
  .string({ error: INVALID_FILE_KEY })
  .min(1, INVALID_FILE_KEY)
  .max(512, INVALID_FILE_KEY)
  .regex(/^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*(?:\.[a-z0-9]{1,5})?$/, INVALID_FILE_KEY);

/** A product. The downloadable file is only for digital products. */
export const productFormSchema = z
  .object({
    name: cleanedText(TEXT_LIMITS.itemName, NAME_TOO_LONG, PRODUCT_NAME_REQUIRED),
    description: descriptionSchema,
    category: z.enum(PRODUCT_CATEGORIES, { error: CATEGORY_REQUIRED }),
    priceCents: priceCentsSchema,
    type: z.enum(PRODUCT_TYPES, { error: PRODUCT_TYPE_REQUIRED }),
    fileKey: uploadKeySchema.nullish().transform((v) => v ?? null),
    imageKey: uploadKeySchema.nullish().transform((v) => v ?? null),
  })
  .superRefine((value, ctx) => {
    if (value.type !== "digital" && value.fileKey !== null) {
      ctx.addIssue({ code: "custom", message: FILE_ONLY_FOR_DIGITAL, path: ["fileKey"] });
    }
  });

/** What the buyer sends to start a payment: which item, never its price. */
export const checkoutSchema = z.object({
  itemType: z.enum(ITEM_TYPES),
  itemId: idSchema,
});

export type ServiceFormInput = z.input<typeof serviceFormSchema>;
export type ServiceForm = z.output<typeof serviceFormSchema>;
export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductForm = z.output<typeof productFormSchema>;
export type Checkout = z.output<typeof checkoutSchema>;
