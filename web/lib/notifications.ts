// The notification preferences and push subscription calls (issue #30; the contract is
// shared/notifications-api.ts). They live in lib, like web/lib/safety.ts, because more than one
// feature needs them: the /settings section (web/features/notifications), the permission cards
// shown in the conversation and order screens (web/components/push-moment-card.tsx), and the
// sign-out that ends this device's subscription (web/features/auth).
//
// Called through the api client's fetch (401 → one refresh → one retry) and `unwrap` (error
// envelope → ApiClientError with the server's words), with the contract's types. They are not
// spelled through the typed hc client because the Worker's routes are written beside these
// screens; once they are in AppType, each call becomes `api.api.notifications.preferences.$get()`.
import { queryOptions } from "@tanstack/react-query";
import type {
  NotificationPreferences,
  PushSubscriptionBody,
  RemovePushSubscriptionBody,
  UpdateNotificationPreferencesBody,
} from "@shared/notifications-api";
import { fetchWithRefresh, unwrap } from "./api-client";

/** One JSON call; a 204 answers undefined. */
function call<T>(method: "GET" | "PUT" | "POST" | "DELETE", path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const sent = fetchWithRefresh(path, {
    method,
    credentials: "same-origin",
    signal,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  return unwrap<T>(sent.then((res) => (res.status === 204 ? { ok: true, status: 204, json: async () => undefined as T } : res)));
}

export const notificationCalls = {
  preferences: (signal?: AbortSignal): Promise<NotificationPreferences> => call("GET", "/api/notifications/preferences", undefined, signal),
  updatePreferences: (body: UpdateNotificationPreferencesBody): Promise<NotificationPreferences> => call("PUT", "/api/notifications/preferences", body),
  subscribe: (body: PushSubscriptionBody): Promise<{ id: string }> => call("POST", "/api/push/subscriptions", body),
  unsubscribe: (body: RemovePushSubscriptionBody): Promise<void> => call("DELETE", "/api/push/subscriptions", body),
};

export const notificationKeys = {
  all: ["notifications"] as const,
  preferences: () => [...notificationKeys.all, "preferences"] as const,
  /** What this device can do and has done about push, per signed-in account (push-device.ts). */
  device: (userId: string) => [...notificationKeys.all, "device", userId] as const,
};

export const preferencesQuery = () =>
  queryOptions({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => notificationCalls.preferences(signal),
  });
