import { MARKET_LIMITS } from "../constants";

// The catalogue: services and products (second document §2, §5, §8). The §8 toasts and the
// not-found screens in the spec's words; the validation messages the spec leaves open are ours.
// The screens' own texts are MARKET_SCREEN_TEXTS.

const withThousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const MARKET_PRICE_RANGE = `between $${(MARKET_LIMITS.priceMinCents / 100).toFixed(2)} and $${withThousands(MARKET_LIMITS.priceMaxCents / 100)}`;

export const MARKET_TEXTS = {
  serviceNotFound: "Service not found",
  productNotFound: "Product not found",
  loginToPurchase: "Please log in to make a purchase",
  loadServices: "Failed to fetch services",
  loadProducts: "Failed to fetch products",
  serviceCreated: "Service created successfully",
  serviceUpdated: "Service updated successfully",
  serviceDeleted: "Service deleted successfully",
  productCreated: "Product created successfully",
  productUpdated: "Product updated successfully",
  productDeleted: "Product deleted successfully",
  createProductFailed: "Failed to create product",
  updateProductFailed: "Failed to update product",
  deleteProductFailed: "Failed to delete product",
  // Ours: the spec names these failures only for products; services get the same words.
  createServiceFailed: "Failed to create service",
  updateServiceFailed: "Failed to update service",
  deleteServiceFailed: "Failed to delete service",
  editOthersService: "You can only change your own services",
  editOthersProduct: "You can only change your own products",
  nameRequired: "Please enter a name",
  nameTooLong: `Name must be at most ${MARKET_LIMITS.nameMax} characters`,
  descriptionTooLong: `Description must be at most ${MARKET_LIMITS.descriptionMax} characters`,
  serviceCategoryInvalid: "Please choose a service category",
  productCategoryInvalid: "Please choose a product category",
  pricingModelInvalid: "Please choose a pricing model",
  productTypeInvalid: "Please choose digital or physical",
  priceRequired: "Please enter a price",
  priceInvalid: "Price must be an amount in dollars and cents",
  priceOutOfRange: `Price must be ${MARKET_PRICE_RANGE}`,
  turnaroundInvalid: `Turnaround must be a whole number of days from 0 to ${MARKET_LIMITS.turnaroundDaysMax}`,
  packageJsonInvalid: "Package details must be valid JSON",
  packagesRequired: "Please add at least one package",
  tooManyPackages: `Add at most ${MARKET_LIMITS.packagesMax} packages`,
  packageSessionsInvalid: `Sessions must be a whole number from 1 to ${MARKET_LIMITS.packageSessionsMax}`,
  packageDescriptionTooLong: `Package descriptions must be at most ${MARKET_LIMITS.packageDescriptionMax} characters`,
  packageEmpty: "Each package needs sessions, a price or a description",
  fileOnlyDigital: "Only digital products have a file",
  imageInvalidType: { title: "Invalid file type", description: "Please select an image file" },
  imageTooLarge: { title: "File too large", description: `Please select an image under ${MARKET_LIMITS.productImageMaxMb}MB` },
  imageUploadFailed: { title: "Upload failed", description: "Failed to upload product image" },
  fileInvalidType: "Please select an audio file, a zip of stems, a preset or a PDF",
  fileTooLarge: `File size must be less than ${MARKET_LIMITS.productFileMaxMb}MB for product files`,
  uploadNotUsable: "This upload cannot be attached",
  deleteStorageFailed: "Could not remove the stored files. Please try again.",
  /** The note on a digital product's detail page (second document §2 Product detail). */
  fileAfterPurchase: "Digital file will be available after purchase",
} as const;