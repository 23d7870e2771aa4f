// /services (second document §2 Services; §4 the form dialog, create and edit; §5 Service form;
// §8 the service toasts; §9 the owner's price line): skeletons, the empty state that opens the
// dialog, the fetch failure toast, creating an hourly service and a package with the structured
// editor, the form's validation, editing, delete after the question, and Buy Now's purchase
// dialog with the 5% fee.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@web/lib/query-client";
import "../upload/jsdom-polyfills";
import { SIGNED_IN, apiError, deferred, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { installIntersectionObserver } from "../posts/fixtures";
import { makeService, page } from "./fixtures";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
});
afterEach(resetApp);

const pastDoubleTapWindow = () => new Promise((resolve) => setTimeout(resolve, 320));

function routes(overrides: Record<string, unknown> = {}) {
  return { "GET /api/auth/session": SIGNED_IN, "GET /api/services": page([makeService()]), ...overrides };
}

describe("/services", () => {
  it("shows skeletons while the grid loads, then the owner's cards with their price line, turnaround and badge", async () => {
    const answer = deferred<Response>();
    mockApi(routes({ "GET /api/services": () => answer.promise }));
    renderApp("/services");
    expect(await screen.findAllByTestId("card-skeleton")).not.toHaveLength(0);
    await act(async () =>
      answer.resolve(
        json(
          page([
            makeService({ id: "s2", name: "Beat package", pricingModel: "package", priceCents: null, packages: [{ sessions: 3, priceCents: 30000, description: "Three beats" }], needsScheduling: true, turnaroundDays: 1 }),
            makeService(),
          ]),
        ),
      ),
    );
    const cards = await screen.findAllByTestId("owner-service-card");
    expect(cards).toHaveLength(2);
    // §9: the owner's list names a package 'Package pricing'; other models show the price and suffix.
    expect(within(cards[0]!).getByTestId("service-price")).toHaveTextContent("Package pricing");
    expect(within(cards[0]!).getByText("Scheduling Required")).toBeInTheDocument();
    expect(within(cards[0]!).getByText("Delivery in 1 day")).toBeInTheDocument();
    expect(within(cards[1]!).getByTestId("service-price")).toHaveTextContent("$120/session");
    expect(within(cards[1]!).getByText("Delivery in 5 days")).toBeInTheDocument();
    expect(within(cards[1]!).getByRole("link", { name: "Mix a single" })).toHaveAttribute("href", "/service/s1");
    expect(screen.queryByTestId("card-skeleton")).not.toBeInTheDocument();
  });

  it("says 'No services created yet', and 'Create Your First Service' opens the empty form", async () => {
    const user = userEvent.setup();
    mockApi(routes({ "GET /api/services": page([]) }));
    renderApp("/services");
    const empty = await screen.findByTestId("catalogue-empty");
    expect(within(empty).getByRole("heading", { name: "No services created yet" })).toBeInTheDocument();
    await user.click(within(empty).getByRole("button", { name: "Create Your First Service" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Service" });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue("");
  });

  it("shows the destructive 'Failed to fetch services' toast and an inline retry when the grid fails", async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi(routes({ "GET /api/services": () => (fail ? apiError(500, "internal", "An unexpected error occurred") : json(page([makeService()]))) }));
    renderApp("/services");
    expect(await screen.findByText("Failed to fetch services", { selector: "[data-sonner-toast] *" })).toBeInTheDocument();
    fail = false;
    await user.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("owner-service-card")).toBeInTheDocument();
  });

  it("creates an hourly service: dollars typed, the whole form sent, 'Service created successfully', the dialog closes and the grid refetches", async () => {
    const user = userEvent.setup();
    let created = false;
    const api = mockApi(
      routes({
        "GET /api/services": () => json(page(created ? [makeService({ id: "s9", name: "Vocal tuning", pricingModel: "hourly", priceCents: 4550 })] : [])),
        "POST /api/services": () => {
          created = true;
          return json(makeService({ id: "s9", name: "Vocal tuning", pricingModel: "hourly", priceCents: 4550 }), 201);
        },
      }),
    );
    renderApp("/services");
    await user.click(await screen.findByRole("button", { name: "Add Service" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Service" });
    await user.type(within(dialog).getByLabelText(/^Name/), "Vocal tuning");
    await user.type(within(dialog).getByLabelText("Description"), "Natural tuning, no robots.");
    await user.selectOptions(within(dialog).getByLabelText("Category"), "mixing");
    await user.click(within(dialog).getByLabelText(/Needs scheduling/));
    await user.type(within(dialog).getByLabelText(/^Price/), "45.50");
    await user.type(within(dialog).getByLabelText("Turnaround (days)"), "3");
    await user.click(within(dialog).getByRole("button", { name: "Create Service" }));

    expect(await screen.findByText("Service created successfully")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Create Service" })).not.toBeInTheDocument());
    expect(api.callsTo("POST", "/api/services")[0]!.body).toEqual({
      name: "Vocal tuning",
      description: "Natural tuning, no robots.",
      category: "mixing",
      needsScheduling: true,
      pricingModel: "hourly",
      price: "45.50",
      packageDetails: null,
      turnaroundDays: "3",
    });
    expect(await screen.findByRole("link", { name: "Vocal tuning" })).toBeInTheDocument();
  });

  it("refuses a form without name, category and price, with every message at once and nothing sent", async () => {
    const user = userEvent.setup();
    const api = mockApi(routes({ "GET /api/services": page([]) }));
    renderApp("/services");
    await user.click(await screen.findByRole("button", { name: "Add Service" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Service" });
    await user.click(within(dialog).getByRole("button", { name: "Create Service" }));
    expect(await within(dialog).findByText("Please enter a name")).toBeInTheDocument();
    expect(within(dialog).getByText("Please choose a service category")).toBeInTheDocument();
    expect(within(dialog).getByText("Please enter a price")).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveAttribute("aria-invalid", "true");
    // A price with three decimals is not dollars and cents.
    await user.type(within(dialog).getByLabelText(/^Price/), "4.555");
    await user.click(within(dialog).getByRole("button", { name: "Create Service" }));
    expect(await within(dialog).findByText("Price must be an amount in dollars and cents")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/services")).toHaveLength(0);
  });

  it("creates a package with the structured editor: rows added and removed, no price field, packages sent as a list", async () => {
    const user = userEvent.setup();
    const api = mockApi(routes({ "GET /api/services": page([]), "POST /api/services": json(makeService({ pricingModel: "package" }), 201) }));
    renderApp("/services");
    await user.click(await screen.findByRole("button", { name: "Add Service" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Service" });
    await user.type(within(dialog).getByLabelText(/^Name/), "Beat bundle");
    await user.selectOptions(within(dialog).getByLabelText("Category"), "production");
    await user.click(within(dialog).getByRole("radio", { name: "Package" }));
    expect(within(dialog).queryByLabelText(/^Price \(USD\)/, { selector: "input[name=price]" })).not.toBeInTheDocument();

    const editor = within(dialog).getByTestId("package-editor");
    // The only row cannot be removed; a second one can.
    expect(within(editor).getByRole("button", { name: "Remove option 1" })).toBeDisabled();
    await user.click(within(editor).getByRole("button", { name: "Add option" }));
    // The app ignores a second tap on the same button within 300 ms (a double tap, touch-guards.ts).
    await pastDoubleTapWindow();
    await user.click(within(editor).getByRole("button", { name: "Add option" }));
    expect(within(editor).getAllByTestId("package-option")).toHaveLength(3);
    await user.click(within(editor).getByRole("button", { name: "Remove option 3" }));
    const rows = within(editor).getAllByTestId("package-option");
    expect(rows).toHaveLength(2);
    await user.type(within(rows[0]!).getByLabelText("Sessions"), "1");
    await user.type(within(rows[0]!).getByLabelText("Price (USD)"), "150");
    await user.type(within(rows[0]!).getByLabelText("What's included"), "One beat");
    await user.type(within(rows[1]!).getByLabelText("Sessions"), "3");
    await user.type(within(rows[1]!).getByLabelText("Price (USD)"), "400");
    await user.click(within(dialog).getByRole("button", { name: "Create Service" }));

    expect(await screen.findByText("Service created successfully")).toBeInTheDocument();
    const body = api.callsTo("POST", "/api/services")[0]!.body as Record<string, unknown>;
    expect(body.pricingModel).toBe("package");
    expect(body.price).toBeNull();
    expect(body.packageDetails).toEqual([
      { sessions: "1", price: "150", description: "One beat" },
      { sessions: "3", price: "400", description: "" },
    ]);
  });

  it("shows a package row's own message next to it", async () => {
    const user = userEvent.setup();
    const api = mockApi(routes({ "GET /api/services": page([]) }));
    renderApp("/services");
    await user.click(await screen.findByRole("button", { name: "Add Service" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Service" });
    await user.type(within(dialog).getByLabelText(/^Name/), "Beat bundle");
    await user.selectOptions(within(dialog).getByLabelText("Category"), "production");
    await user.click(within(dialog).getByRole("radio", { name: "Package" }));
    const row = within(dialog).getAllByTestId("package-option")[0]!;
    await user.type(within(row).getByLabelText("Sessions"), "0");
    await user.click(within(dialog).getByRole("button", { name: "Create Service" }));
    expect(await within(row).findByText("Sessions must be a whole number from 1 to 100")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/services")).toHaveLength(0);
  });

  it("edits a service: the dialog opens filled in, PUT sends the whole form, 'Service updated successfully'", async () => {
    const user = userEvent.setup();
    const api = mockApi(routes({ "PUT /api/services/s1": json(makeService({ name: "Mix a single (stems)" })) }));
    renderApp("/services");
    const card = await screen.findByTestId("owner-service-card");
    await user.click(within(card).getByRole("button", { name: "Edit Mix a single" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Service" });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue("Mix a single");
    expect(within(dialog).getByLabelText(/^Price/)).toHaveValue(120);
    expect(within(dialog).getByRole("radio", { name: "Per session" })).toBeChecked();
    expect(within(dialog).getByLabelText("Turnaround (days)")).toHaveValue(5);
    await user.clear(within(dialog).getByLabelText(/^Name/));
    await user.type(within(dialog).getByLabelText(/^Name/), "Mix a single (stems)");
    await user.click(within(dialog).getByRole("button", { name: "Save Service" }));
    expect(await screen.findByText("Service updated successfully")).toBeInTheDocument();
    expect(api.callsTo("PUT", "/api/services/s1")[0]!.body).toMatchObject({ name: "Mix a single (stems)", price: "120", pricingModel: "per_session", turnaroundDays: "5" });
  });

  it("shows 'Failed to update service' when the save fails, and keeps the dialog open", async () => {
    const user = userEvent.setup();
    mockApi(routes({ "PUT /api/services/s1": apiError(500, "internal", "An unexpected error occurred") }));
    renderApp("/services");
    const card = await screen.findByTestId("owner-service-card");
    await user.click(within(card).getByRole("button", { name: "Edit Mix a single" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Service" });
    await user.click(within(dialog).getByRole("button", { name: "Save Service" }));
    expect(await screen.findByText("Failed to update service")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Edit Service" })).toBeInTheDocument();
  });

  it("deletes only after the question, then says 'Service deleted successfully'", async () => {
    const user = userEvent.setup();
    let deleted = false;
    const api = mockApi(
      routes({
        "GET /api/services": () => json(page(deleted ? [] : [makeService()])),
        "DELETE /api/services/s1": () => {
          deleted = true;
          return json({ ok: true });
        },
      }),
    );
    renderApp("/services");
    const card = await screen.findByTestId("owner-service-card");
    await user.click(within(card).getByRole("button", { name: "Delete Mix a single" }));
    const question = await screen.findByRole("alertdialog", { name: "Delete this service?" });
    expect(question).toHaveTextContent('Are you sure you want to delete "Mix a single"? This action cannot be undone.');
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(api.callsTo("DELETE", "/api/services/s1")).toHaveLength(0);

    await user.click(within(card).getByRole("button", { name: "Delete Mix a single" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Service deleted successfully")).toBeInTheDocument();
    expect(api.callsTo("DELETE", "/api/services/s1")).toHaveLength(1);
    expect(await screen.findByText("No services created yet")).toBeInTheDocument();
  });

  it("opens the purchase dialog from Buy Now with the price, the 5% fee and the total; no price means Buy Now is disabled", async () => {
    const user = userEvent.setup();
    mockApi(
      routes({
        "GET /api/services": page([
          makeService({ priceCents: 4500 }),
          makeService({ id: "s2", name: "Empty package", pricingModel: "package", priceCents: null, packages: [{ sessions: 2, priceCents: null, description: "Ask me" }] }),
        ]),
      }),
    );
    renderApp("/services");
    const [priced, unpriced] = await screen.findAllByTestId("owner-service-card");
    expect(within(unpriced!).getByTestId("buy-now")).toBeDisabled();
    expect(within(unpriced!).getByTestId("buy-now")).toHaveAttribute("title", "Contact for pricing");
    await user.click(within(priced!).getByRole("button", { name: "Buy Now" }));
    const dialog = await screen.findByTestId("purchase-dialog");
    expect(dialog).toHaveTextContent("Mix a single");
    expect(dialog).toHaveTextContent("$45.00");
    expect(dialog).toHaveTextContent("$2.25");
    expect(within(dialog).getByTestId("purchase-total")).toHaveTextContent("$47.25");
  });
});
