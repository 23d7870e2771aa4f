// The product form's values (second document §4, §5 Product form: name and price required, the
// file only for digital products). Like the service form, the fields carry the API body's names
// (shared/marketplace-api.ts ProductInput), so the shared productInputSchema checks them with the
// Worker's rules; the image and the file are chosen beside the form and attached by upload id.
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, Resolver } from "react-hook-form";
import type { ProductCategory, ProductType } from "@shared/constants";
import { productInputSchema, type MarketProduct, type ProductInput } from "@shared/marketplace-api";
import { MARKET_TEXTS } from "@shared/messages";
import { centsToDollarText } from "./service-form";

export interface ProductFormValues {
  name: string;
  description: string;
  category: ProductCategory | "";
  price: string;
  type: ProductType;
}

export function productFormDefaults(product: MarketProduct | null): ProductFormValues {
  if (!product) return { name: "", description: "", category: "", price: "", type: "digital" };
  return {
    name: product.name,
    description: product.description ?? "",
    category: product.category,
    price: centsToDollarText(product.priceCents),
    type: product.type,
  };
}

/** The body sent; upload ids are added only for an image or file chosen in this dialog. */
export function productBody(values: ProductFormValues, uploads: { imageUploadId?: string; fileUploadId?: string }): ProductInput {
  return {
    name: values.name,
    description: values.description,
    category: values.category as ProductCategory,
    price: values.price,
    type: values.type,
    ...(uploads.imageUploadId ? { imageUploadId: uploads.imageUploadId } : {}),
    ...(uploads.fileUploadId && values.type === "digital" ? { fileUploadId: uploads.fileUploadId } : {}),
  };
}

const checkBody = zodResolver(productInputSchema);

/** Checks the form with the shared schema and hands the typed values on unchanged. */
export const productFormResolver: Resolver<ProductFormValues> = async (values, context, options) => {
  const result = await checkBody(productBody(values, {}) as ProductFormValues & ProductInput, context, options as never);
  const errors = { ...(result.errors as FieldErrors<ProductFormValues>) };
  // The schema asks for the price only once every other field passes; the form asks at once.
  if (values.price.trim() === "" && !errors.price) errors.price = { type: "required", message: MARKET_TEXTS.priceRequired };
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return { values, errors: {} };
};
