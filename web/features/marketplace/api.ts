// The catalogue's calls and caches (shared/marketplace-api.ts; second document §7 Services,
// Products, Service detail, Product detail). Each resource has a key factory and queryOptions;
// the owner's grids are cursor pages; a save or delete refreshes the owner's grid, the item's
// detail page, the seller's profile tabs and the dashboard, which all show the same item.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type {
  MarketService,
  OwnerProduct,
  OwnerProductPage,
  OwnerServicePage,
  ProductDetail,
  ProductInput,
  ServiceDetail,
  ServiceInput,
} from "@shared/marketplace-api";
import { api, ApiClientError, unwrap } from "@web/lib/api-client";
import { cursorPages, pageQuery } from "@web/lib/paging";
import { invalidateCatalogue, registerCatalogueCache } from "@web/lib/catalogue-cache";
import { sessionResumeStore } from "@web/lib/upload-resume-store";
import { productBody, type ProductFormValues } from "./product-form";
import { ProductUploadError, uploadProductFile, uploadProductImage, type Progress } from "./uploads";

const marketKeys = {
  all: ["market"] as const,
  ownServices: () => [...marketKeys.all, "own-services"] as const,
  ownProducts: () => [...marketKeys.all, "own-products"] as const,
  service: (serviceId: string) => [...marketKeys.all, "service", serviceId] as const,
  product: (productId: string) => [...marketKeys.all, "product", productId] as const,
};


const marketCalls = {
  ownServices: (cursor: string | null, signal?: AbortSignal): Promise<OwnerServicePage> =>
    unwrap(api.api.services.$get({ query: pageQuery(cursor) }, { init: { signal } })),
  ownProducts: (cursor: string | null, signal?: AbortSignal): Promise<OwnerProductPage> =>
    unwrap(api.api.products.$get({ query: pageQuery(cursor) }, { init: { signal } })),
  service: (serviceId: string, signal?: AbortSignal): Promise<ServiceDetail> =>
    unwrap(api.api.services[":serviceId"].$get({ param: { serviceId } }, { init: { signal } })),
  product: (productId: string, signal?: AbortSignal): Promise<ProductDetail> =>
    unwrap(api.api.products[":productId"].$get({ param: { productId } }, { init: { signal } })),
  createService: (json: ServiceInput): Promise<MarketService> => unwrap(api.api.services.$post({ json })),
  updateService: (serviceId: string, json: ServiceInput): Promise<MarketService> =>
    unwrap(api.api.services[":serviceId"].$put({ param: { serviceId }, json })),
  deleteService: (serviceId: string) => unwrap(api.api.services[":serviceId"].$delete({ param: { serviceId } })),
  createProduct: (json: ProductInput): Promise<OwnerProduct> => unwrap(api.api.products.$post({ json })),
  updateProduct: (productId: string, json: ProductInput): Promise<OwnerProduct> =>
    unwrap(api.api.products[":productId"].$put({ param: { productId }, json })),
  deleteProduct: (productId: string) => unwrap(api.api.products[":productId"].$delete({ param: { productId } })),
  /** Answers 204; a failure is only logged, like a post view (the visitor never notices). */
  recordServiceView: async (serviceId: string): Promise<void> => {
    try {
      const res = await api.api.services[":serviceId"].views.$post({ param: { serviceId } });
      if (!res.ok) console.warn(`Recording a view of service ${serviceId} failed with ${res.status}`);
    } catch (error) {
      console.warn(`Recording a view of service ${serviceId} failed:`, error);
    }
  },
};

/** True for the API's 404: the item does not exist (as opposed to failing to load). */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiClientError && error.status === 404;
}

// A missing item stays missing; retrying only delays 'Service not found'.
const retryUnlessMissing = (failures: number, error: unknown) => !isNotFound(error) && failures < 1;

export function ownServicesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: marketKeys.ownServices(),
    queryFn: ({ pageParam, signal }) => marketCalls.ownServices(pageParam, signal),
    ...cursorPages,
  });
}

export function ownProductsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: marketKeys.ownProducts(),
    queryFn: ({ pageParam, signal }) => marketCalls.ownProducts(pageParam, signal),
    ...cursorPages,
  });
}

export function serviceQueryOptions(serviceId: string) {
  return queryOptions({
    queryKey: marketKeys.service(serviceId),
    queryFn: ({ signal }) => marketCalls.service(serviceId, signal),
    retry: retryUnlessMissing,
  });
}

export function productQueryOptions(productId: string) {
  return queryOptions({
    queryKey: marketKeys.product(productId),
    queryFn: ({ signal }) => marketCalls.product(productId, signal),
    retry: retryUnlessMissing,
  });
}

export const recordServiceView = marketCalls.recordServiceView;

// The owner's grids and the detail pages here; the profile tabs and the dashboard register their
// own refresh (web/lib/catalogue-cache.ts).
registerCatalogueCache((queryClient) => queryClient.invalidateQueries({ queryKey: marketKeys.all }));

/** Everything that shows a seller's items refetches what is on screen. */
function refreshCatalogue(queryClient: QueryClient) {
  void invalidateCatalogue(queryClient);
}

export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ServiceInput }) => (id ? marketCalls.updateService(id, body) : marketCalls.createService(body)),
    onSuccess: () => refreshCatalogue(queryClient),
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceId: string) => marketCalls.deleteService(serviceId),
    onSuccess: (_answer, serviceId) => {
      queryClient.removeQueries({ queryKey: marketKeys.service(serviceId) });
      refreshCatalogue(queryClient);
    },
  });
}

export type SaveProductStep = { kind: "image" | "file"; progress: Progress };

interface SaveProductInput {
  id: string | null;
  values: ProductFormValues;
  /** A newly chosen image or file; null keeps what the product has. */
  image: File | null;
  file: File | null;
  onStep: (step: SaveProductStep) => void;
  signal?: AbortSignal;
}

/**
 * Sends a chosen image and file first, then saves the product with their upload ids, so the
 * product never points at something half-stored. A failed upload is marked with its kind.
 */
async function saveProduct({ id, values, image, file, onStep, signal }: SaveProductInput): Promise<OwnerProduct> {
  let imageUploadId: string | undefined;
  let fileUploadId: string | undefined;
  if (image) {
    try {
      imageUploadId = (await uploadProductImage(image, (progress) => onStep({ kind: "image", progress }), signal)).uploadId;
    } catch (error) {
      throw error instanceof DOMException ? error : new ProductUploadError("image", error);
    }
  }
  if (file) {
    try {
      fileUploadId = await uploadProductFile(file, (progress) => onStep({ kind: "file", progress }), signal);
    } catch (error) {
      throw error instanceof DOMException ? error : new ProductUploadError("file", error);
    }
  }
  const body = productBody(values, { imageUploadId, fileUploadId });
  const saved = await (id ? marketCalls.updateProduct(id, body) : marketCalls.createProduct(body));
  // The file is attached now; until here a failed save could resume it instead of sending it again.
  if (fileUploadId) sessionResumeStore.remove(fileUploadId);
  return saved;
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: () => refreshCatalogue(queryClient),
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => marketCalls.deleteProduct(productId),
    onSuccess: (_answer, productId) => {
      queryClient.removeQueries({ queryKey: marketKeys.product(productId) });
      refreshCatalogue(queryClient);
    },
  });
}
