// Issue #26 on the catalogue's screens: Buy Now disabled with its reason while the seller cannot
// be paid (`sellerPayable` false) on the detail pages and the owner's cards, and no purchase ever
// asked for; the package choice of a package-priced service, whose chosen index the purchase
// sends; and the one-time notice to a seller who saves a paid item before payouts work.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PAYOUTS_SCREEN_TEXTS } from "@shared/messages";
import { queryClient } from "@web/lib/query-client";
import { payoutsNoticeKey } from "@web/features/marketplace/components/payouts-notice";
import "../upload/jsdom-polyfills";
import { SIGNED_IN, SIGNED_OUT, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { testModeSession } from "../checkout/fixtures";
import { installIntersectionObserver } from "../posts/fixtures";
import { makeProduct, makeProductDetail, makeService, makeServiceDetail, page } from "./fixtures";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
  localStorage.clear();
});
afterEach(() => {
  resetApp();
  localStorage.clear();
});

const B = PAYOUTS_SCREEN_TEXTS.buyNow;
const N = PAYOUTS_SCREEN_TEXTS.listingNotice;
const noContent = () => new Response(null, { status: 204 });
const PAYMENT = "/api/checkout/create-embedded-payment";

describe("Buy Now while the seller cannot be paid", () => {
  it("is disabled on a service page with the reason under it, and a click asks for nothing", async () => {
    const user = userEvent.setup();
    const api = mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/services/s1": makeServiceDetail({ sellerPayable: false }), "POST /api/services/s1/views": noContent });
    renderApp("/service/s1");
    const buy = await screen.findByTestId("buy-now");
    expect(buy).toHaveAttribute("aria-disabled", "true");
    expect(buy).toHaveAccessibleDescription(B.notPayable);
    expect(screen.getByTestId("buy-now-reason")).toBeVisible();
    await user.click(buy);
    expect(screen.queryByTestId("purchase-dialog")).toBeNull();
    expect(api.callsTo("POST", PAYMENT)).toEqual([]);
  });

  it("is disabled on a product page for a visitor too, who then meets no login prompt", async () => {
    const user = userEvent.setup();
    mockApi({ "GET /api/auth/session": SIGNED_OUT, "GET /api/products/p1": makeProductDetail({ sellerPayable: false }, null) });
    renderApp("/product/p1");
    const buy = await screen.findByTestId("buy-now");
    expect(buy).toHaveAttribute("aria-disabled", "true");
    expect(buy).toHaveAccessibleDescription(B.notPayable);
    await user.click(buy);
    expect(screen.queryByTestId("purchase-dialog")).toBeNull();
  });

  it("stays an ordinary Buy Now with no reason when the seller can be paid", async () => {
    const user = userEvent.setup();
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/products/p1": makeProductDetail({ sellerPayable: true }) });
    renderApp("/product/p1");
    const buy = await screen.findByTestId("buy-now");
    expect(buy).not.toHaveAttribute("aria-disabled");
    expect(buy).toBeEnabled();
    expect(screen.queryByTestId("buy-now-reason")).toBeNull();
    await user.click(buy);
    expect(await screen.findByTestId("purchase-dialog")).toBeInTheDocument();
  });

  it("leaves the owner their manage link, without the buyer's reason", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/services/s1": makeServiceDetail({ sellerPayable: false }, { isOwner: true }), "POST /api/services/s1/views": noContent });
    renderApp("/service/s1");
    expect(await screen.findByTestId("manage-item")).toBeInTheDocument();
    expect(screen.queryByTestId("buy-now")).toBeNull();
    expect(screen.queryByText(B.notPayable)).toBeNull();
  });

  it("tells the owner on their product cards why buyers cannot buy, and opens nothing", async () => {
    const user = userEvent.setup();
    const api = mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/products": page([makeProduct({ sellerPayable: false }), makeProduct({ id: "p2", name: "Tape Hiss", sellerPayable: true })]) });
    renderApp("/products");
    const buttons = await screen.findAllByTestId("buy-now");
    expect(buttons).toHaveLength(2);
    expect(buttons[0]).toHaveAttribute("aria-disabled", "true");
    expect(buttons[0]).toHaveAccessibleDescription(B.notPayableOwner);
    expect(buttons[1]).not.toHaveAttribute("aria-disabled");
    await user.click(buttons[0]!);
    expect(screen.queryByTestId("purchase-dialog")).toBeNull();
    expect(api.callsTo("POST", PAYMENT)).toEqual([]);
  });
});

describe("choosing a package", () => {
  const packaged = () =>
    makeServiceDetail({
      pricingModel: "package",
      priceCents: null,
      packages: [
        { sessions: 3, priceCents: 40000, description: "Three songs" },
        { sessions: null, priceCents: null, description: "Ask me about albums" },
        { sessions: 1, priceCents: 15000, description: "One song" },
      ],
    });

  it("preselects the cheapest, lets the buyer pick another by keyboard, shows its price and sends its index", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/services/s1": packaged(),
      "POST /api/services/s1/views": noContent,
      [`POST ${PAYMENT}`]: json(testModeSession({ priceCents: 40000, feeCents: 2000, totalCents: 42000 }), 201),
    });
    renderApp("/service/s1");
    await user.click(await screen.findByRole("button", { name: "Buy Now" }));
    const dialog = within(await screen.findByTestId("purchase-dialog"));
    const group = dialog.getByRole("group", { name: PAYOUTS_SCREEN_TEXTS.packages.legend });
    // The unpriced package cannot be bought, so it is not offered.
    const radios = within(group).getAllByRole("radio");
    expect(radios).toHaveLength(2);
    const three = within(group).getByRole("radio", { name: /3 sessions/ });
    const one = within(group).getByRole("radio", { name: /1 session/ });
    expect(one).toBeChecked();
    expect(three).not.toBeChecked();
    expect(dialog.getByTestId("purchase-total")).toHaveTextContent("$157.50");

    one.focus();
    await user.keyboard("{ArrowUp}");
    expect(three).toBeChecked();
    expect(dialog.getByTestId("purchase-total")).toHaveTextContent("$420.00");
    expect(dialog.getByTestId("purchase-estimate")).toHaveTextContent("$400.00");

    await user.click(dialog.getByRole("button", { name: "Pay by card" }));
    await dialog.findByTestId("purchase-card-form");
    expect(api.callsTo("POST", PAYMENT)).toHaveLength(1);
    expect(api.callsTo("POST", PAYMENT)[0]!.body).toMatchObject({ itemType: "service", itemId: "s1", packageIndex: 0, itemPrice: 400 });
    expect(dialog.getByTestId("purchase-item-name")).toHaveTextContent("3 sessions");
    // From here on the amounts are the server's.
    expect(dialog.getByTestId("purchase-breakdown")).toHaveTextContent("Total$420");
  });

  it("sends the cheapest package when the buyer keeps the preselection", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/services/s1": packaged(),
      "POST /api/services/s1/views": noContent,
      [`POST ${PAYMENT}`]: json(testModeSession(), 201),
    });
    renderApp("/service/s1");
    await user.click(await screen.findByRole("button", { name: "Buy Now" }));
    const dialog = within(await screen.findByTestId("purchase-dialog"));
    await user.click(dialog.getByRole("button", { name: "Pay by card" }));
    await waitFor(() => expect(api.callsTo("POST", PAYMENT)).toHaveLength(1));
    expect(api.callsTo("POST", PAYMENT)[0]!.body).toMatchObject({ packageIndex: 2 });
  });

  it("offers no choice and sends no package for a service with one price", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/services/s1": makeServiceDetail(),
      "POST /api/services/s1/views": noContent,
      [`POST ${PAYMENT}`]: json(testModeSession(), 201),
    });
    renderApp("/service/s1");
    await user.click(await screen.findByRole("button", { name: "Buy Now" }));
    const dialog = within(await screen.findByTestId("purchase-dialog"));
    expect(dialog.queryByTestId("package-picker")).toBeNull();
    await user.click(dialog.getByRole("button", { name: "Pay by card" }));
    await waitFor(() => expect(api.callsTo("POST", PAYMENT)).toHaveLength(1));
    expect(api.callsTo("POST", PAYMENT)[0]!.body).not.toHaveProperty("packageIndex");
  });
});

describe("the payouts notice after saving a paid item", () => {
  async function createService(user: ReturnType<typeof userEvent.setup>, name: string) {
    await user.click(await screen.findByRole("button", { name: "Add Service" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Service" });
    await user.type(within(dialog).getByLabelText(/^Name/), name);
    await user.selectOptions(within(dialog).getByLabelText("Category"), "mixing");
    await user.type(within(dialog).getByLabelText(/^Price/), "45");
    await user.click(within(dialog).getByRole("button", { name: "Create Service" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Create Service" })).not.toBeInTheDocument());
  }

  function servicesApi(sellerPayable: boolean) {
    return mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/services": page([]),
      "POST /api/services": () => json(makeService({ id: "s9", userId: "u1", sellerPayable }), 201),
    });
  }

  it("tells the seller once what buyers will see, with the way to /payments, and not again after dismissal", async () => {
    const user = userEvent.setup();
    servicesApi(false);
    renderApp("/services");
    await createService(user, "Vocal tuning");
    const notice = await screen.findByTestId("payouts-notice");
    expect(notice).toHaveTextContent(N.title);
    expect(notice).toHaveTextContent(N.body);
    expect(within(notice).getByRole("link", { name: N.setUp })).toHaveAttribute("href", "/payments");
    await user.click(within(notice).getByRole("button", { name: N.dismiss }));
    expect(screen.queryByTestId("payouts-notice")).toBeNull();
    expect(localStorage.getItem(payoutsNoticeKey("u1"))).not.toBeNull();

    await createService(user, "Tuning, again");
    expect(await screen.findByText("Service created successfully")).toBeInTheDocument();
    expect(screen.queryByTestId("payouts-notice")).toBeNull();
  });

  it("says nothing when buyers can already pay the seller", async () => {
    const user = userEvent.setup();
    servicesApi(true);
    renderApp("/services");
    await createService(user, "Vocal tuning");
    expect(await screen.findByText("Service created successfully")).toBeInTheDocument();
    expect(screen.queryByTestId("payouts-notice")).toBeNull();
  });

  it("says nothing to an account that dismissed it before", async () => {
    const user = userEvent.setup();
    localStorage.setItem(payoutsNoticeKey("u1"), "1");
    servicesApi(false);
    renderApp("/services");
    await createService(user, "Vocal tuning");
    expect(await screen.findByText("Service created successfully")).toBeInTheDocument();
    expect(screen.queryByTestId("payouts-notice")).toBeNull();
  });

  it("shows after a product is saved too", async () => {
    const user = userEvent.setup();
    mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/products": page([makeProduct({ sellerPayable: false })]),
      "PUT /api/products/p1": () => json(makeProduct({ sellerPayable: false, priceCents: 3000 })),
    });
    renderApp("/products");
    await user.click(await screen.findByRole("button", { name: /Edit Dusty Keys/ }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Product" });
    const price = within(dialog).getByLabelText(/^Price/);
    await user.clear(price);
    await user.type(price, "30");
    await user.click(within(dialog).getByRole("button", { name: /Save/ }));
    expect(await screen.findByTestId("payouts-notice")).toHaveTextContent(N.title);
  });
});
