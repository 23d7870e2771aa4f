// /orders/$orderId and the dashboard's Purchases and Sales tabs ("Orders with a
// lifecycle"): each side sees the steps the server allows it and nothing else, each step sends
// what it should and shows the order the server answers, files go up through the upload client
// before a delivery, downloads follow a signed link, and a stranger's order is 'Order not found'.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OrderDetail } from "@shared/checkout-api";
import { queryClient } from "@web/lib/query-client";
import { SIGNED_IN, apiError, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { installIntersectionObserver } from "../posts/fixtures";
import { makeDashboard } from "../profiles/fixtures";
import { findToast } from "../social/helpers";
import { installFakeXhr } from "../upload/fake-xhr";
import "../upload/jsdom-polyfills";
import { makeOrder, makeOrderSummary } from "./fixtures";

vi.mock("wavesurfer.js", async () => (await import("../posts/wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
});
afterEach(resetApp);

const physicalSale = (overrides: Partial<OrderDetail> = {}) =>
  makeOrder({ role: "seller", kind: "physical", productType: "physical", itemName: "Tour T-shirt", hasProductFile: false, counterpart: { id: "u3", username: "rae", displayName: "Rae Kim", avatarUrl: null }, ...overrides });
const servicePurchase = (overrides: Partial<OrderDetail> = {}) =>
  makeOrder({ itemType: "service", itemId: "s1", kind: "service", productType: null, itemName: "Mix a single", hasProductFile: false, ...overrides });

function openOrder(order: OrderDetail, routes: Record<string, unknown> = {}) {
  const api = mockApi({ "GET /api/auth/session": SIGNED_IN, [`GET /api/orders/${order.id}`]: order, ...routes });
  const rendered = renderApp(`/orders/${order.id}`);
  return { api, ...rendered };
}

async function actions() {
  return within(await screen.findByTestId("order-actions"));
}

describe("/orders/$orderId", () => {
  it("shows the order, the other side, the amounts and the history oldest first", async () => {
    openOrder(makeOrder({ status: "paid" }));
    const detail = await screen.findByTestId("order-detail");
    expect(within(detail).getByRole("heading", { level: 1, name: "Midnight Drums (beat)" })).toBeInTheDocument();
    expect(within(detail).getByTestId("order-status")).toHaveTextContent("Paid");
    expect(detail).toHaveTextContent("TEST MODE");
    expect(detail).toHaveTextContent("Total$47.25");
    const seller = within(detail).getByTestId("order-counterpart");
    expect(seller).toHaveTextContent("Seller");
    expect(seller).toHaveTextContent("Jonah Brooks");
    expect(seller).toHaveAttribute("href", "/profile/u2");
    const history = within(within(detail).getByTestId("order-history")).getAllByRole("listitem");
    expect(history.map((entry) => entry.textContent?.split(" · ")[0])).toEqual(["Awaiting payment", "Paid"]);
    expect(history[1]).toHaveTextContent("Automatic");
  });

  it("lets the seller ship a physical order with a tracking note, and nothing a buyer does", async () => {
    const user = userEvent.setup();
    const { api } = openOrder(physicalSale({ actions: ["ship", "refund"] }), {
      "POST /api/orders/o1/ship": physicalSale({ status: "shipped", actions: ["refund"], autoCompleteAt: Date.UTC(2026, 11, 6) }),
    });
    const panel = await actions();
    expect(panel.queryByRole("button", { name: "Confirm received" })).toBeNull();
    expect(panel.queryByRole("button", { name: /Download/ })).toBeNull();
    expect(screen.getByTestId("order-counterpart")).toHaveTextContent("Buyer");

    await user.type(panel.getByLabelText("Tracking note (optional)"), "UPS 1Z999");
    await user.click(panel.getByRole("button", { name: "Mark as shipped" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/orders/o1/ship")).toHaveLength(1));
    expect(api.callsTo("POST", "/api/orders/o1/ship")[0]!.body).toEqual({ note: "UPS 1Z999" });
    expect(await findToast("Order updated")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("order-status")).toHaveTextContent("Shipped"));
    expect(screen.getByTestId("order-auto-complete")).toHaveTextContent("Completes automatically on December 6, 2026");
    expect(screen.queryByRole("button", { name: "Mark as shipped" })).toBeNull();
  });

  it("asks before a refund and shows the server's refusal", async () => {
    const user = userEvent.setup();
    let refunds = 0;
    const { api } = openOrder(physicalSale({ actions: ["ship", "refund"] }), {
      "POST /api/orders/o1/refund": () => {
        refunds += 1;
        return refunds === 1 ? apiError(409, "conflict", "This order cannot be changed that way now") : json(physicalSale({ status: "refunded", actions: [] }));
      },
    });
    const panel = await actions();
    await user.click(panel.getByRole("button", { name: "Refund" }));
    const confirm = screen.getByRole("alertdialog");
    expect(confirm).toHaveTextContent("Refund this order? The buyer gets the full amount back and loses access to any files.");
    expect(api.callsTo("POST", "/api/orders/o1/refund")).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "Refund" }));
    expect(await findToast("This order cannot be changed that way now")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Refund" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(screen.getByTestId("order-status")).toHaveTextContent("Refunded"));
    expect(screen.queryByTestId("order-actions")).toBeNull();
  });

  it("lets the seller deliver a service with a note and files sent through the upload client first", async () => {
    const user = userEvent.setup();
    const sale = servicePurchase({ role: "seller", status: "paid", actions: ["deliver", "attach-file", "refund"] });
    const xhr = installFakeXhr((call) => ({ status: 201, body: { id: `f-${call.url}`, name: "mix-v1.wav", size: 9, contentType: "audio/wav", createdAt: 1, deliveredAt: null } }));
    const { api } = openOrder(sale, {
      "POST /api/orders/o1/deliver": () => {
        // The file is already on the server when the delivery is sent.
        expect(xhr.calls).toHaveLength(1);
        return json(
          servicePurchase({
            role: "seller",
            status: "delivered",
            actions: ["refund"],
            files: [{ id: "f1", name: "mix-v1.wav", size: 9, contentType: "audio/wav", createdAt: 1, deliveredAt: 2 }],
          }),
        );
      },
    });
    const form = within(await screen.findByTestId("deliver-form"));
    await user.type(form.getByLabelText("Delivery note"), "First mix, notes welcome");
    await user.upload(form.getByLabelText("Files (optional)"), new File(["RIFFdata!"], "mix-v1.wav", { type: "audio/wav" }));
    await user.click(form.getByRole("button", { name: "Send delivery" }));

    await waitFor(() => expect(api.callsTo("POST", "/api/orders/o1/deliver")).toHaveLength(1));
    expect(xhr.calls[0]).toMatchObject({ method: "POST", url: "/api/orders/o1/files?name=mix-v1.wav", size: 9, headers: { "content-type": "audio/wav" } });
    expect(api.callsTo("POST", "/api/orders/o1/deliver")[0]!.body).toEqual({ note: "First mix, notes welcome" });
    await waitFor(() => expect(screen.getByTestId("order-status")).toHaveTextContent("Delivered"));
    // The seller sees what was sent, without a download button (downloads are the buyer's).
    expect(within(screen.getByTestId("order-files")).getByText("mix-v1.wav")).toBeInTheDocument();
    expect(screen.queryByTestId("download-file")).toBeNull();
  });

  it("does not deliver when a file fails to upload", async () => {
    const user = userEvent.setup();
    installFakeXhr(() => ({ status: 413, body: { error: { code: "payload_too_large", message: "Please select a file under 100MB", requestId: "t" } } }));
    const { api } = openOrder(servicePurchase({ role: "seller", status: "in_progress", actions: ["deliver", "attach-file", "refund"] }));
    const form = within(await screen.findByTestId("deliver-form"));
    await user.upload(form.getByLabelText("Files (optional)"), new File(["x"], "huge.zip", { type: "application/zip" }));
    await user.click(form.getByRole("button", { name: "Send delivery" }));
    expect(await findToast("Please select a file under 100MB")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/orders/o1/deliver")).toHaveLength(0);
  });

  it("lets the buyer of a delivered service download its files, request a revision or accept it", async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const delivered = servicePurchase({
      status: "delivered",
      actions: ["complete", "request-revision", "download"],
      autoCompleteAt: Date.UTC(2026, 10, 25),
      files: [{ id: "f1", name: "mix-v1.wav", size: 9, contentType: "audio/wav", createdAt: 1, deliveredAt: 2 }],
    });
    const { api } = openOrder(delivered, {
      "POST /api/orders/o1/download-link": { url: "/api/downloads/tok123", expiresAt: Date.now() + 300_000 },
      "POST /api/orders/o1/request-revision": servicePurchase({ status: "in_progress", actions: [] }),
    });
    const panel = await actions();
    expect(panel.queryByRole("button", { name: "Mark as shipped" })).toBeNull();
    expect(panel.queryByRole("button", { name: "Refund" })).toBeNull();
    expect(panel.getByRole("button", { name: "Accept delivery" })).toBeInTheDocument();
    // A service has no product file: only the delivered files download.
    expect(screen.queryByTestId("download-product")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Download mix-v1.wav" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/api/downloads/tok123"));
    expect(api.callsTo("POST", "/api/orders/o1/download-link")[0]!.body).toEqual({ fileId: "f1" });

    await user.type(panel.getByLabelText("What should change?"), "More vocals");
    await user.click(panel.getByRole("button", { name: "Request revision" }));
    await waitFor(() => expect(screen.getByTestId("order-status")).toHaveTextContent("In progress"));
    expect(api.callsTo("POST", "/api/orders/o1/request-revision")[0]!.body).toEqual({ note: "More vocals" });
  });

  it("lets the buyer confirm a shipped order", async () => {
    const user = userEvent.setup();
    const shipped = makeOrder({ kind: "physical", productType: "physical", status: "shipped", hasProductFile: false, actions: ["complete"] });
    const { api } = openOrder(shipped, { "POST /api/orders/o1/complete": makeOrder({ kind: "physical", status: "completed", actions: [] }) });
    await user.click((await actions()).getByRole("button", { name: "Confirm received" }));
    await waitFor(() => expect(screen.getByTestId("order-status")).toHaveTextContent("Completed"));
    expect(api.callsTo("POST", "/api/orders/o1/complete")).toHaveLength(1);
  });

  it("lets the buyer accept a delivered service", async () => {
    const user = userEvent.setup();
    const { api } = openOrder(servicePurchase({ status: "delivered", actions: ["complete", "request-revision"] }), {
      "POST /api/orders/o1/complete": servicePurchase({ status: "completed", actions: [] }),
    });
    await user.click((await actions()).getByRole("button", { name: "Accept delivery" }));
    await waitFor(() => expect(screen.getByTestId("order-status")).toHaveTextContent("Completed"));
    expect(api.callsTo("POST", "/api/orders/o1/complete")).toHaveLength(1);
  });

  it("downloads a paid digital product through a signed link", async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const { api } = openOrder(makeOrder({ status: "paid", actions: ["download"] }), {
      "POST /api/orders/o1/download-link": { url: "/api/downloads/tok9", expiresAt: Date.now() + 300_000 },
    });
    await user.click(await screen.findByRole("button", { name: "Download · Product file" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/api/downloads/tok9"));
    expect(api.callsTo("POST", "/api/orders/o1/download-link")[0]!.body).toEqual({});
  });

  it("says the download is not available when the server refuses the link", async () => {
    const user = userEvent.setup();
    openOrder(makeOrder({ status: "paid", actions: ["download"] }), {
      "POST /api/orders/o1/download-link": apiError(403, "forbidden", "This download is not available"),
    });
    await user.click(await screen.findByRole("button", { name: "Download · Product file" }));
    expect(await findToast("This download is not available")).toBeInTheDocument();
  });

  it("answers 'Order not found' for someone else's order", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/orders/o7": apiError(404, "not_found", "Order not found") });
    renderApp("/orders/o7");
    const missing = await screen.findByTestId("order-not-found");
    expect(within(missing).getByRole("heading", { name: "Order not found" })).toBeInTheDocument();
    expect(screen.queryByTestId("order-actions")).toBeNull();
  });
});

describe("the dashboard's Purchases and Sales tabs", () => {
  it("lists purchases with what was paid, linking to each order, and an empty Sales tab", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/profile/dashboard": makeDashboard(),
      "GET /api/orders": (call: { search: string }) =>
        json(
          new URLSearchParams(call.search).get("role") === "buyer"
            ? { items: [makeOrderSummary(), makeOrderSummary({ id: "o2", itemName: "Mix a single", status: "delivered", kind: "service", totalCents: 21000 })], nextCursor: null }
            : { items: [], nextCursor: null },
        ),
    });
    const { router } = renderApp("/dashboard");
    await user.click(await screen.findByRole("tab", { name: "Purchases" }));
    expect(router.state.location.search).toEqual({ tab: "purchases" });
    const rows = await screen.findAllByTestId("order-row");
    expect(rows.map((row) => row.getAttribute("href"))).toEqual(["/orders/o1", "/orders/o2"]);
    expect(rows[0]).toHaveTextContent("Seller: Jonah Brooks");
    expect(rows[0]).toHaveTextContent("$47.25");
    expect(within(rows[1]!).getByTestId("order-status")).toHaveTextContent("Delivered");

    await user.click(screen.getByRole("tab", { name: "Sales" }));
    expect(await screen.findByTestId("orders-empty-seller")).toHaveTextContent("No sales yet");
    expect(api.calls.filter((c) => c.path === "/api/orders").map((c) => new URLSearchParams(c.search).get("role"))).toEqual(["buyer", "seller"]);
  });
});
