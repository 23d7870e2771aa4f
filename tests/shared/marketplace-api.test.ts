// The catalogue's shared request schemas (spec marketplace-messaging-account §4 and §5 service
// and product forms): typed dollars become cents, the spec's package JSON is still accepted, and
// what a client may not decide (owner, cents, storage keys) is dropped.
import { describe, expect, it } from "vitest";
import { MARKET_TEXTS } from "@shared/messages";
import { packageDetailsSchema, priceSchema, productInputSchema, serviceInputSchema, turnaroundDaysSchema } from "@shared/marketplace-api";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

const hourly = { name: "Mixing", category: "mixing", pricingModel: "hourly", price: "45.50", turnaroundDays: "3" } as const;

describe("service input", () => {
  it("turns typed dollars into cents and the turnaround into whole days", () => {
    expect(serviceInputSchema.parse(hourly)).toEqual({
      name: "Mixing",
      description: null,
      category: "mixing",
      needsScheduling: false,
      pricingModel: "hourly",
      priceCents: 4550,
      packages: null,
      turnaroundDays: 3,
    });
  });

  it("ignores an owner id, a price in cents and anything else the client adds", () => {
    const parsed = serviceInputSchema.parse({ ...hourly, userId: "someone-else", priceCents: 1, price: 45.5 });
    expect(parsed.priceCents).toBe(4550);
    expect(parsed).not.toHaveProperty("userId");
  });

  it("requires a price unless the model is package", () => {
    expect(firstMessage(serviceInputSchema.safeParse({ ...hourly, price: "" }))).toBe(MARKET_TEXTS.priceRequired);
    expect(firstMessage(serviceInputSchema.safeParse({ ...hourly, price: null }))).toBe(MARKET_TEXTS.priceRequired);
    expect(firstMessage(serviceInputSchema.safeParse({ ...hourly, price: "4.555" }))).toBe(MARKET_TEXTS.priceInvalid);
    expect(firstMessage(serviceInputSchema.safeParse({ ...hourly, price: "0" }))).toBe(MARKET_TEXTS.priceOutOfRange);
    expect(firstMessage(serviceInputSchema.safeParse({ ...hourly, price: "100000.01" }))).toBe(MARKET_TEXTS.priceOutOfRange);
    expect(serviceInputSchema.parse({ ...hourly, price: "100000" }).priceCents).toBe(10_000_000);
    expect(serviceInputSchema.parse({ ...hourly, price: "0.50" }).priceCents).toBe(50);
  });

  it("stores a package's packages and no price, in every shape the spec allows", () => {
    const base = { name: "Album", category: "production", pricingModel: "package", price: "99" } as const;
    const expected = [{ sessions: 10, priceCents: 150_000, description: "Ten sessions" }];
    expect(serviceInputSchema.parse({ ...base, packageDetails: [{ sessions: 10, price: "1500", description: "Ten sessions" }] })).toMatchObject({
      priceCents: null,
      packages: expected,
    });
    expect(serviceInputSchema.parse({ ...base, packageDetails: { sessions: 10, price: 1500, description: "Ten sessions" } }).packages).toEqual(expected);
    expect(serviceInputSchema.parse({ ...base, packageDetails: '{"sessions": 10, "price": 1500, "description": "Ten sessions"}' }).packages).toEqual(expected);
    expect(serviceInputSchema.parse({ ...base, packageDetails: [{ description: "Ask me" }] }).packages).toEqual([{ sessions: null, priceCents: null, description: "Ask me" }]);
  });

  it("refuses broken or empty packages", () => {
    const base = { name: "Album", category: "production", pricingModel: "package" } as const;
    expect(firstMessage(serviceInputSchema.safeParse(base))).toBe(MARKET_TEXTS.packagesRequired);
    expect(firstMessage(serviceInputSchema.safeParse({ ...base, packageDetails: "{sessions: 10" }))).toBe(MARKET_TEXTS.packageJsonInvalid);
    expect(firstMessage(serviceInputSchema.safeParse({ ...base, packageDetails: [] }))).toBe(MARKET_TEXTS.packagesRequired);
    expect(firstMessage(serviceInputSchema.safeParse({ ...base, packageDetails: [{}] }))).toBe(MARKET_TEXTS.packageEmpty);
    expect(firstMessage(packageDetailsSchema.safeParse([{ sessions: 0 }]))).toBe(MARKET_TEXTS.packageSessionsInvalid);
    expect(firstMessage(packageDetailsSchema.safeParse(Array.from({ length: 6 }, () => ({ sessions: 1 }))))).toBe(MARKET_TEXTS.tooManyPackages);
    expect(firstMessage(packageDetailsSchema.safeParse("42"))).toBe(MARKET_TEXTS.packageJsonInvalid);
  });

  it("names the missing or wrong field", () => {
    expect(firstMessage(serviceInputSchema.safeParse({ ...hourly, name: "  " }))).toBe(MARKET_TEXTS.nameRequired);
    expect(firstMessage(serviceInputSchema.safeParse({ ...hourly, category: "dancing" }))).toBe(MARKET_TEXTS.serviceCategoryInvalid);
    expect(firstMessage(serviceInputSchema.safeParse({ ...hourly, pricingModel: "free" }))).toBe(MARKET_TEXTS.pricingModelInvalid);
    expect(firstMessage(turnaroundDaysSchema.safeParse("1.5"))).toBe(MARKET_TEXTS.turnaroundInvalid);
    expect(firstMessage(turnaroundDaysSchema.safeParse(366))).toBe(MARKET_TEXTS.turnaroundInvalid);
    expect(turnaroundDaysSchema.parse("")).toBeNull();
    expect(priceSchema.parse("$1,250")).toBe(125_000);
  });
});

describe("product input", () => {
  const beat = { name: "Night beat", category: "beats", price: "19.99", type: "digital" } as const;

  it("keeps attachments absent, cleared or named by upload id, and drops storage keys", () => {
    expect(productInputSchema.parse(beat)).toEqual({
      name: "Night beat",
      description: null,
      category: "beats",
      priceCents: 1999,
      type: "digital",
      imageUploadId: undefined,
      fileUploadId: undefined,
    });
    const parsed = productInputSchema.parse({ ...beat, imageUploadId: null, fileUploadId: "up_1", fileKey: "product-files/x", imageKey: "x" });
    expect(parsed).toMatchObject({ imageUploadId: null, fileUploadId: "up_1" });
    expect(parsed).not.toHaveProperty("fileKey");
  });

  it("requires a price and gives files to digital products only", () => {
    expect(firstMessage(productInputSchema.safeParse({ ...beat, price: "" }))).toBe(MARKET_TEXTS.priceRequired);
    expect(firstMessage(productInputSchema.safeParse({ ...beat, type: "physical", fileUploadId: "up_1" }))).toBe(MARKET_TEXTS.fileOnlyDigital);
    expect(productInputSchema.parse({ ...beat, type: "physical" }).fileUploadId).toBeNull();
    expect(firstMessage(productInputSchema.safeParse({ ...beat, type: "vinyl" }))).toBe(MARKET_TEXTS.productTypeInvalid);
    expect(firstMessage(productInputSchema.safeParse({ ...beat, category: "mixing" }))).toBe(MARKET_TEXTS.productCategoryInvalid);
  });
});
