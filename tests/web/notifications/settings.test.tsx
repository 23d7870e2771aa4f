// /settings "Notifications" (issue #30 item 4): the defaults as the server sends them, one switch
// saving only what it changed, the rollback and toast when the server refuses, quiet hours saved
// as minutes with the browser's time zone, and the "Push on this device" switch in each state.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NOTIFICATION_SCREEN_TEXTS } from "@shared/messages";
import { EMAIL_ON_BY_DEFAULT, NOTIFICATION_CATEGORIES, type NotificationPreferences, type UpdateNotificationPreferencesBody } from "@shared/notifications-api";
import { NotificationSettings } from "@web/features/notifications/components/notification-settings";
import { apiError, json, mockApi } from "../auth/helpers";
import { findToast, renderSocial } from "../social/helpers";
import { SUBSCRIPTION_JSON, VAPID_KEY, installFakePush, uninstallFakePush } from "./fake-push";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

const T = NOTIFICATION_SCREEN_TEXTS;
const USER = "u-settings";

function defaults(overrides: Partial<NotificationPreferences> = {}): NotificationPreferences {
  return {
    categories: Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, { push: true, email: EMAIL_ON_BY_DEFAULT.includes(c) }])) as NotificationPreferences["categories"],
    quietHours: null,
    timeZone: "UTC",
    vapidPublicKey: VAPID_KEY,
    devices: 0,
    ...overrides,
  };
}

/** The server's side of PUT, written out here rather than borrowed from the code under test. */
function stored(current: NotificationPreferences, change: UpdateNotificationPreferencesBody): NotificationPreferences {
  const categories = structuredClone(current.categories);
  for (const [category, flags] of Object.entries(change.categories ?? {})) Object.assign(categories[category as keyof typeof categories], flags);
  return {
    ...current,
    categories,
    ...(change.quietHours === undefined ? {} : { quietHours: change.quietHours }),
    ...(change.timeZone === undefined ? {} : { timeZone: change.timeZone }),
  };
}

/** An API that keeps the preferences and answers PUT with them (or with `failPut`). */
function preferencesApi(initial = defaults(), { failPut = false } = {}) {
  let current = initial;
  const api = mockApi({
    "GET /api/notifications/preferences": () => json(current),
    "PUT /api/notifications/preferences": (call: { body: unknown }) => {
      if (failPut) return apiError(500, "internal", "An unexpected error occurred");
      current = stored(current, call.body as UpdateNotificationPreferencesBody);
      return json(current);
    },
    "POST /api/push/subscriptions": json({ id: "s1" }, 201),
    "DELETE /api/push/subscriptions": () => new Response(null, { status: 204 }),
  });
  return { ...api, current: () => current, puts: () => api.callsTo("PUT", "/api/notifications/preferences").map((c) => c.body) };
}

async function renderSettings() {
  renderSocial(<NotificationSettings userId={USER} />);
  const section = await screen.findByTestId("notification-settings");
  await within(section).findByRole("switch", { name: T.categories.pushFor("Messages") });
  return section;
}

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  uninstallFakePush();
  vi.restoreAllMocks();
});

describe("preferences", () => {
  it("shows every category with a Push and an Email switch, as the defaults say", async () => {
    preferencesApi();
    const section = await renderSettings();
    for (const category of NOTIFICATION_CATEGORIES) {
      const label = T.categories.labels[category];
      const row = within(section).getByTestId(`category-${category}`);
      expect(within(row).getByText(label)).toBeInTheDocument();
      expect(within(row).getByRole("switch", { name: T.categories.pushFor(label) })).toBeChecked();
      const email = within(row).getByRole("switch", { name: T.categories.emailFor(label) });
      if (EMAIL_ON_BY_DEFAULT.includes(category)) expect(email).toBeChecked();
      else expect(email).not.toBeChecked();
    }
    expect(within(section).getByRole("switch", { name: T.quietHours.label })).not.toBeChecked();
    expect(within(section).queryByLabelText(T.quietHours.from)).toBeNull();
  });

  it("saves exactly the switch that changed", async () => {
    const user = userEvent.setup();
    const api = preferencesApi();
    const section = await renderSettings();
    const likes = within(section).getByRole("switch", { name: "Push for likes" });
    await user.click(likes);
    expect(likes).not.toBeChecked();
    await waitFor(() => expect(api.puts()).toEqual([{ categories: { likes: { push: false } } }]));
    expect(api.current().categories.likes).toEqual({ push: false, email: false });
    // Everything else is as it was on the server.
    expect(api.current().categories.messages).toEqual({ push: true, email: true });
    expect(within(section).getByRole("switch", { name: "Push for likes" })).not.toBeChecked();
  });

  it("puts the switch back and says so when the server refuses", async () => {
    const user = userEvent.setup();
    const api = preferencesApi(defaults(), { failPut: true });
    const section = await renderSettings();
    const email = within(section).getByRole("switch", { name: "Email for orders" });
    await user.click(email);
    expect(await findToast(T.settings.saveFailed)).toBeInTheDocument();
    expect(email).toBeChecked();
    expect(api.puts()).toEqual([{ categories: { orders: { email: false } } }]);
    expect(api.current().categories.orders.email).toBe(true);
  });

  it("saves quiet hours as minutes after midnight with the browser's time zone", async () => {
    const user = userEvent.setup();
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...real.call(this), timeZone: "Europe/Berlin" };
    });
    const api = preferencesApi();
    const section = await renderSettings();

    await user.click(within(section).getByRole("switch", { name: T.quietHours.label }));
    await waitFor(() => expect(api.puts()).toEqual([{ quietHours: { startMinute: 22 * 60, endMinute: 7 * 60 }, timeZone: "Europe/Berlin" }]));
    const from = within(section).getByLabelText(T.quietHours.from);
    expect(from).toHaveValue("22:00");
    expect(within(section).getByLabelText(T.quietHours.until)).toHaveValue("07:00");
    expect(await within(section).findByText(T.quietHours.timeZone("Europe/Berlin"))).toBeInTheDocument();

    fireEvent.change(from, { target: { value: "23:30" } });
    await waitFor(() => expect(api.puts()).toHaveLength(2));
    expect(api.puts()[1]).toEqual({ quietHours: { startMinute: 23 * 60 + 30, endMinute: 7 * 60 }, timeZone: "Europe/Berlin" });
    // A cleared field saves nothing.
    fireEvent.change(from, { target: { value: "" } });
    expect(api.puts()).toHaveLength(2);

    await user.click(within(section).getByRole("switch", { name: T.quietHours.label }));
    await waitFor(() => expect(api.puts()[2]).toEqual({ quietHours: null, timeZone: "Europe/Berlin" }));
    expect(api.current().quietHours).toBeNull();
  });

  it("offers the device's zone when the saved one differs", async () => {
    const user = userEvent.setup();
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...real.call(this), timeZone: "America/New_York" };
    });
    const api = preferencesApi(defaults({ quietHours: { startMinute: 60, endMinute: 360 }, timeZone: "Europe/Berlin" }));
    const section = await renderSettings();
    expect(within(section).getByTestId("quiet-time-zone")).toHaveTextContent(T.quietHours.timeZone("Europe/Berlin"));
    await user.click(within(section).getByRole("button", { name: T.quietHours.useDeviceZone("America/New_York") }));
    await waitFor(() => expect(api.puts()).toEqual([{ timeZone: "America/New_York" }]));
    expect(await within(section).findByText(T.quietHours.timeZone("America/New_York"))).toBeInTheDocument();
  });

  it("says when the preferences cannot be loaded, and loads them on Retry", async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({ "GET /api/notifications/preferences": () => (fail ? apiError(500, "internal", "An unexpected error occurred") : json(defaults())) });
    renderSocial(<NotificationSettings userId={USER} />);
    const section = await screen.findByTestId("notification-settings");
    expect(within(section).getByRole("status", { name: T.settings.loading })).toBeInTheDocument();
    expect(await within(section).findByText(T.settings.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole("button", { name: T.settings.retry }));
    expect(await within(section).findByRole("switch", { name: "Push for messages" })).toBeInTheDocument();
  });
});

describe("push on this device", () => {
  const deviceSwitch = (section: HTMLElement) => within(section).getByRole("switch", { name: T.device.label });
  const hint = (section: HTMLElement) => within(section).getByTestId("device-push-hint");

  it("is unavailable, with the reason, in a browser without push", async () => {
    preferencesApi();
    const section = await renderSettings();
    await waitFor(() => expect(hint(section)).toHaveTextContent(T.device.unsupportedBrowser));
    expect(deviceSwitch(section)).toBeDisabled();
  });

  it("says how to unblock when the browser blocks notifications", async () => {
    installFakePush({ permission: "denied" });
    preferencesApi();
    const section = await renderSettings();
    await waitFor(() => expect(hint(section)).toHaveTextContent(T.device.blockedWeb));
    expect(deviceSwitch(section)).toBeDisabled();
  });

  it("cannot be turned on when the server has no VAPID key", async () => {
    installFakePush();
    preferencesApi(defaults({ vapidPublicKey: null }));
    const section = await renderSettings();
    await waitFor(() => expect(hint(section)).toHaveTextContent(T.device.unavailable));
    expect(deviceSwitch(section)).toBeDisabled();
  });

  it("asks for permission only when switched on, then subscribes; switched off, it unsubscribes", async () => {
    const user = userEvent.setup();
    const push = installFakePush();
    const api = preferencesApi();
    const section = await renderSettings();
    await waitFor(() => expect(hint(section)).toHaveTextContent(T.device.off));
    expect(push.requestPermission).not.toHaveBeenCalled();

    await user.click(deviceSwitch(section));
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(deviceSwitch(section)).toBeChecked());
    expect(hint(section)).toHaveTextContent(T.device.on);
    expect(api.callsTo("POST", "/api/push/subscriptions").map((c) => c.body)).toEqual([
      { kind: "web", endpoint: SUBSCRIPTION_JSON.endpoint, keys: SUBSCRIPTION_JSON.keys },
    ]);
    expect(await findToast(T.device.turnedOn)).toBeInTheDocument();

    await user.click(deviceSwitch(section));
    await waitFor(() => expect(deviceSwitch(section)).not.toBeChecked());
    expect(api.callsTo("DELETE", "/api/push/subscriptions").map((c) => c.body)).toEqual([{ endpoint: SUBSCRIPTION_JSON.endpoint }]);
    expect(push.state.subscription).toBeNull();
  });

  it("stays off and posts nothing when the browser's prompt is refused", async () => {
    const user = userEvent.setup();
    installFakePush({ answer: "denied" });
    const api = preferencesApi();
    const section = await renderSettings();
    await waitFor(() => expect(deviceSwitch(section)).toBeEnabled());
    await user.click(deviceSwitch(section));
    await waitFor(() => expect(hint(section)).toHaveTextContent(T.device.blockedWeb));
    expect(deviceSwitch(section)).not.toBeChecked();
    expect(api.callsTo("POST", "/api/push/subscriptions")).toEqual([]);
  });
});
