// The service form's values (second document §4, §5 Service form) and their check. The fields
// carry the names and shapes of the API body (shared/marketplace-api.ts ServiceInput): the price
// as typed dollars, turnaround as typed days, packages as the structured editor's rows. So the
// shared serviceInputSchema checks the form with the Worker's own rules and messages, and the
// form sends what was typed: the Worker turns dollars into cents itself.
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, Resolver } from "react-hook-form";
import type { PricingModel, ServiceCategory } from "@shared/constants";
import type { MarketService, ServiceInput, ServicePackage } from "@shared/marketplace-api";
import { serviceInputSchema } from "@shared/marketplace-api";
import { MARKET_TEXTS } from "@shared/messages";

export interface PackageRowValues {
  sessions: string;
  price: string;
  description: string;
}

export interface ServiceFormValues {
  name: string;
  description: string;
  category: ServiceCategory | "";
  needsScheduling: boolean;
  pricingModel: PricingModel;
  price: string;
  turnaroundDays: string;
  packageDetails: PackageRowValues[];
}

export const EMPTY_PACKAGE_ROW: PackageRowValues = { sessions: "", price: "", description: "" };

/** Cents as the price field shows them: "45", "45.50". */
export function centsToDollarText(cents: number | null): string {
  if (cents === null) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

function rowOf(pack: ServicePackage): PackageRowValues {
  return {
    sessions: pack.sessions === null ? "" : String(pack.sessions),
    price: centsToDollarText(pack.priceCents),
    description: pack.description ?? "",
  };
}

/** An empty form, or the service being edited as its fields hold it. */
export function serviceFormDefaults(service: MarketService | null): ServiceFormValues {
  if (!service) {
    return { name: "", description: "", category: "", needsScheduling: false, pricingModel: "hourly", price: "", turnaroundDays: "", packageDetails: [{ ...EMPTY_PACKAGE_ROW }] };
  }
  return {
    name: service.name,
    description: service.description ?? "",
    category: service.category,
    needsScheduling: service.needsScheduling,
    pricingModel: service.pricingModel,
    price: centsToDollarText(service.priceCents),
    turnaroundDays: service.turnaroundDays === null ? "" : String(service.turnaroundDays),
    packageDetails: service.packages.length > 0 ? service.packages.map(rowOf) : [{ ...EMPTY_PACKAGE_ROW }],
  };
}

/** The body sent: only the fields of the chosen model, as typed. */
export function serviceBody(values: ServiceFormValues): ServiceInput {
  const isPackage = values.pricingModel === "package";
  return {
    name: values.name,
    description: values.description,
    category: values.category as ServiceCategory,
    needsScheduling: values.needsScheduling,
    pricingModel: values.pricingModel,
    price: isPackage ? null : values.price,
    packageDetails: isPackage ? values.packageDetails : null,
    turnaroundDays: values.turnaroundDays,
  };
}

const checkBody = zodResolver(serviceInputSchema);

/**
 * Checks the form with the shared schema and hands the typed values on unchanged. The schema's
 * cross-field rule ('Please enter a price' unless package) only runs once every field passes;
 * the form asks for the price at the same time as for the name, so one submit shows every
 * missing field at once.
 */
export const serviceFormResolver: Resolver<ServiceFormValues> = async (values, context, options) => {
  const result = await checkBody(serviceBody(values) as ServiceFormValues & ServiceInput, context, options as never);
  const errors = { ...(result.errors as FieldErrors<ServiceFormValues>) };
  if (values.pricingModel !== "package" && values.price.trim() === "" && !errors.price) {
    errors.price = { type: "required", message: MARKET_TEXTS.priceRequired };
  }
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return { values, errors: {} };
};
