// The /settings notifications section's data (issue #30 item 4). The calls and the preferences
// query are in web/lib/notifications.ts, shared with the permission cards.
//
// Each switch saves only what it changed. The screen shows the change at once and, should the
// server refuse, puts back exactly the fields that change touched (a second change made meanwhile
// stays) and says so in a toast. The server's answer replaces the cached copy only when no other
// change is still on its way, so a quick second tap never flickers back.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NotificationPreferences, UpdateNotificationPreferencesBody } from "@shared/notifications-api";
import { NOTIFICATION_SCREEN_TEXTS } from "@shared/messages";
import { notifyError } from "@web/components/ui/toast";
import { notificationCalls, notificationKeys } from "@web/lib/notifications";
import { applyChange, undoOf } from "./preferences";

const updateKey = [...notificationKeys.preferences(), "update"] as const;

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const key = notificationKeys.preferences();
  return useMutation({
    mutationKey: updateKey,
    mutationFn: (change: UpdateNotificationPreferencesBody) => notificationCalls.updatePreferences(change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<NotificationPreferences>(key);
      if (before) queryClient.setQueryData<NotificationPreferences>(key, applyChange(before, change));
      return { undo: before ? undoOf(before, change) : null };
    },
    onError: (error, _change, context) => {
      console.warn("Saving notification preferences failed:", error);
      const undo = context?.undo;
      if (undo) queryClient.setQueryData<NotificationPreferences>(key, (current) => (current ? applyChange(current, undo) : current));
      notifyError(NOTIFICATION_SCREEN_TEXTS.settings.saveFailed);
    },
    onSuccess: (answer) => {
      // This mutation still counts as running here.
      if (queryClient.isMutating({ mutationKey: updateKey }) <= 1) queryClient.setQueryData(key, answer);
    },
  });
}
