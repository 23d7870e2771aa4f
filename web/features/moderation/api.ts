// Moderation for the SPA (issue #27 item 4; decision record 0083; the contract in
// shared/moderation-api.ts): the queue's key and query options, and the action. The report
// itself is sent by web/components/report-dialog.tsx, which every feature shows.
import { queryOptions } from "@tanstack/react-query";
import type { ModerationActionBody, ModerationActionResult, ModerationQueue } from "@shared/moderation-api";
import { api, unwrap } from "@web/lib/api-client";

export const moderationKeys = {
  all: ["moderation"] as const,
  queue: () => [...moderationKeys.all, "queue"] as const,
};

export const moderationCalls = {
  queue: (signal?: AbortSignal): Promise<ModerationQueue> => unwrap(api.api.moderation.queue.$get({}, { init: { signal } })),
  act: (body: ModerationActionBody): Promise<ModerationActionResult> => unwrap(api.api.moderation.actions.$post({ json: body })),
};

export function moderationQueueQueryOptions() {
  return queryOptions({ queryKey: moderationKeys.queue(), queryFn: ({ signal }) => moderationCalls.queue(signal) });
}
