// /products (second document §2 Products; §4 the form dialog; §5 Product form: name and price
// required, the file only for digital products; §8 the product toasts): the empty state, the
// failure toast, creating a digital product with an image and a file (both uploaded with real
// progress before the product is saved, their upload ids attached), refusing a non-image, the
// upload failure toast, editing without new files, and delete after the question.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@web/lib/query-client";
import { RESUME_STORAGE_KEY } from "@web/lib/upload-resume-store";
import "../upload/jsdom-polyfills";
import { SIGNED_IN, apiError, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { installIntersectionObserver } from "../posts/fixtures";
import { errorAnswer, installFakeXhr, partOk, type XhrAnswer, type XhrCall } from "../upload/fake-xhr";
import { makeProduct, page } from "./fixtures";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
});
afterEach(resetApp);

function routes(overrides: Record<string, unknown> = {}) {
  return { "GET /api/auth/session": SIGNED_IN, "GET /api/products": page([makeProduct()]), ...overrides };
}

const image = () => new File([new Uint8Array(300).fill(1)], "cover.jpg", { type: "image/jpeg" });
const stems = () => new File([new Uint8Array(10).fill(2)], "stems.zip", { type: "application/zip", lastModified: 1_700_000_000_000 });

/** The image answers its upload id; file parts answer like the Worker. */
function storage(call: XhrCall): XhrAnswer {
  if (call.url === "/api/products/images") return { status: 201, body: { uploadId: "img1", imageUrl: "/media/product-images/u1/img1.jpg" } };
  return partOk(call);
}

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Add Product" }));
  return screen.findByRole("dialog", { name: "Create Product" });
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText(/^Name/), "Night Drive Stems");
  await user.selectOptions(within(dialog).getByLabelText("Category"), "tracks");
  await user.type(within(dialog).getByLabelText(/^Price/), "19.99");
}

describe("/products", () => {
  it("says 'No products created yet' with 'Create Your First Product'", async () => {
    const user = userEvent.setup();
    mockApi(routes({ "GET /api/products": page([]) }));
    renderApp("/products");
    const empty = await screen.findByTestId("catalogue-empty");
    expect(within(empty).getByRole("heading", { name: "No products created yet" })).toBeInTheDocument();
    await user.click(within(empty).getByRole("button", { name: "Create Your First Product" }));
    expect(await screen.findByRole("dialog", { name: "Create Product" })).toBeInTheDocument();
  });

  it("shows 'Failed to fetch products' when the grid fails", async () => {
    mockApi(routes({ "GET /api/products": apiError(500, "internal", "An unexpected error occurred") }));
    renderApp("/products");
    expect(await screen.findByText("Failed to fetch products", { selector: "[data-sonner-toast] *" })).toBeInTheDocument();
  });

  it("shows each card's image, price, Digital badge and file name", async () => {
    mockApi(routes({ "GET /api/products": page([makeProduct(), makeProduct({ id: "p2", name: "Tour tee", type: "physical", imageUrl: null, hasFile: false, file: null, category: "merchandise", priceCents: 3000 })]) }));
    renderApp("/products");
    const [digital, physical] = await screen.findAllByTestId("owner-product-card");
    expect(within(digital!).getByTestId("product-price")).toHaveTextContent("$25");
    expect(within(digital!).getByText("Digital")).toBeInTheDocument();
    expect(within(digital!).getByText("dusty-keys.zip")).toBeInTheDocument();
    expect(digital!.querySelector("img")).toHaveAttribute("src", "/media/product-images/u1/p1.jpg");
    expect(within(physical!).getByText("Physical")).toBeInTheDocument();
    expect(within(physical!).getByTestId("product-price")).toHaveTextContent("$30");
  });

  it("creates a digital product: the image and the file are uploaded with progress, then the product is saved with their ids", async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const xhr = installFakeXhr(async (call) => {
      // Hold the file's part back so the progress bar can be seen half way.
      if (call.url.includes("/parts/")) await held;
      return storage(call);
    });
    const api = mockApi(
      routes({
        "GET /api/products": page([]),
        "POST /api/uploads": () => json({ uploadId: "up7", partSize: 10 * 1024 * 1024, partCount: 1 }, 201),
        "POST /api/products": () => json(makeProduct({ id: "p9", name: "Night Drive Stems" }), 201),
      }),
    );
    renderApp("/products");
    const dialog = await openCreate(user);
    await fillRequired(user, dialog);
    expect(within(dialog).getByRole("radio", { name: "Digital" })).toBeChecked();
    await user.upload(within(dialog).getByLabelText("Product image"), image());
    await waitFor(() => expect(within(dialog).getByTestId("image-preview").querySelector("img")).toHaveAttribute("src", expect.stringMatching(/^blob:/)));
    await user.upload(within(dialog).getByLabelText("Digital file"), stems());
    expect(within(dialog).getByTestId("chosen-file")).toHaveTextContent("stems.zip");
    await user.click(within(dialog).getByRole("button", { name: "Create Product" }));

    const bar = await within(dialog).findByRole("progressbar", { name: "Uploading file…" });
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "50"));
    await act(async () => release());

    expect(await screen.findByText("Product created successfully")).toBeInTheDocument();
    expect(xhr.calls.map((c) => [c.method, c.url])).toEqual([
      ["POST", "/api/products/images"],
      ["PUT", "/api/uploads/up7/parts/1"],
    ]);
    expect(xhr.calls[0]!.headers["content-type"]).toBe("image/jpeg");
    expect(api.callsTo("POST", "/api/uploads")[0]!.body).toEqual({ contentType: "product_file", mimeType: "application/zip", size: 10, fileName: "stems.zip" });
    expect(api.callsTo("POST", "/api/products")[0]!.body).toEqual({
      name: "Night Drive Stems",
      description: "",
      category: "tracks",
      price: "19.99",
      type: "digital",
      imageUploadId: "img1",
      fileUploadId: "up7",
    });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Create Product" })).not.toBeInTheDocument());
    // Attached, so nothing is left to resume.
    expect(sessionStorage.getItem(RESUME_STORAGE_KEY) ?? "").not.toContain("up7");
  });

  it("hides the file for a physical product and never sends one", async () => {
    const user = userEvent.setup();
    installFakeXhr(storage);
    const api = mockApi(routes({ "GET /api/products": page([]), "POST /api/products": json(makeProduct({ type: "physical" }), 201) }));
    renderApp("/products");
    const dialog = await openCreate(user);
    await fillRequired(user, dialog);
    await user.upload(within(dialog).getByLabelText("Digital file"), stems());
    await user.click(within(dialog).getByRole("radio", { name: "Physical" }));
    expect(within(dialog).queryByLabelText("Digital file")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Create Product" }));
    expect(await screen.findByText("Product created successfully")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/uploads")).toHaveLength(0);
    expect(api.callsTo("POST", "/api/products")[0]!.body).not.toHaveProperty("fileUploadId");
  });

  it("requires a name and a price and refuses a file that is not an image as the image", async () => {
    // The chooser's accept list would hide the PDF; a browser lets "All files" through anyway.
    const user = userEvent.setup({ applyAccept: false });
    const api = mockApi(routes({ "GET /api/products": page([]) }));
    renderApp("/products");
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole("button", { name: "Create Product" }));
    expect(await within(dialog).findByText("Please enter a name")).toBeInTheDocument();
    expect(within(dialog).getByText("Please choose a product category")).toBeInTheDocument();
    expect(within(dialog).getByText("Please enter a price")).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText("Product image"), new File(["%PDF"], "notes.pdf", { type: "application/pdf" }));
    expect(await screen.findByText("Please select an image file")).toBeInTheDocument();
    expect(within(dialog).getByTestId("image-preview").querySelector("img")).toBeNull();
    expect(api.callsTo("POST", "/api/products")).toHaveLength(0);
  });

  it("shows the server's refusal of the image ('Invalid file type') and saves nothing", async () => {
    const user = userEvent.setup();
    installFakeXhr((call) => (call.url === "/api/products/images" ? errorAnswer(415, "unsupported_media_type", "Please select an image file") : partOk(call)));
    const api = mockApi(routes({ "GET /api/products": page([]) }));
    renderApp("/products");
    const dialog = await openCreate(user);
    await fillRequired(user, dialog);
    await user.upload(within(dialog).getByLabelText("Product image"), image());
    await user.click(within(dialog).getByRole("button", { name: "Create Product" }));
    // Toasts outlive a test (sonner keeps one list), so the earlier test's may still be there.
    expect((await screen.findAllByText("Invalid file type", { selector: "[data-sonner-toast] *" })).length).toBeGreaterThan(0);
    expect(api.callsTo("POST", "/api/products")).toHaveLength(0);
    expect(screen.getByRole("dialog", { name: "Create Product" })).toBeInTheDocument();
  });

  it("edits a product: filled in with its current file shown, nothing uploaded when nothing new was chosen", async () => {
    const user = userEvent.setup();
    const xhr = installFakeXhr(storage);
    const api = mockApi(routes({ "PUT /api/products/p1": json(makeProduct({ priceCents: 3000 })) }));
    renderApp("/products");
    const card = await screen.findByTestId("owner-product-card");
    await user.click(within(card).getByRole("button", { name: "Edit Dusty Keys Vol. 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Product" });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue("Dusty Keys Vol. 2");
    expect(within(dialog).getByLabelText(/^Price/)).toHaveValue(25);
    expect(within(dialog).getByTestId("current-file")).toHaveTextContent("dusty-keys.zip");
    expect(within(dialog).getByTestId("image-preview").querySelector("img")).toHaveAttribute("src", "/media/product-images/u1/p1.jpg");
    await user.clear(within(dialog).getByLabelText(/^Price/));
    await user.type(within(dialog).getByLabelText(/^Price/), "30");
    await user.click(within(dialog).getByRole("button", { name: "Save Product" }));
    expect(await screen.findByText("Product updated successfully")).toBeInTheDocument();
    expect(xhr.calls).toHaveLength(0);
    expect(api.callsTo("PUT", "/api/products/p1")[0]!.body).toEqual({
      name: "Dusty Keys Vol. 2",
      description: "Forty lo-fi piano loops.",
      category: "samples",
      price: "30",
      type: "digital",
    });
  });

  it("deletes after the question with 'Product deleted successfully', or says 'Failed to delete product'", async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi(routes({ "DELETE /api/products/p1": () => (fail ? apiError(500, "internal", "An unexpected error occurred") : json({ ok: true })) }));
    renderApp("/products");
    const card = await screen.findByTestId("owner-product-card");
    await user.click(within(card).getByRole("button", { name: "Delete Dusty Keys Vol. 2" }));
    await user.click(within(await screen.findByRole("alertdialog", { name: "Delete this product?" })).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete product")).toBeInTheDocument();
    fail = false;
    await new Promise((resolve) => setTimeout(resolve, 320));
    await user.click(within(card).getByRole("button", { name: "Delete Dusty Keys Vol. 2" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Product deleted successfully")).toBeInTheDocument();
  });
});
