// The one door to the push services (issue #30; decision record 0096): the queue consumer hands
// a device and a payload to `sendPush` and acts on the outcome, never learning which service it
// spoke to. It never throws: a failure is an outcome, so one bad device cannot fail a batch.
import { logger } from "../../../lib/logger";
import { sendApns } from "./apns";
import { sendFcm } from "./fcm";
import type { PushTarget, SendOutcome, SendPush } from "./types";
import { sendWebPush } from "./web-push";

export { isAllowedPushEndpoint } from "./web-push";
export type { SendPush } from "./types";

/**
 * Kinds whose "not configured" line this isolate has written. A deploy without, say, APNs keys
 * skips every iOS push; one line per isolate says so without burying the log.
 */
const reportedSkips = new Set<PushTarget["kind"]>();

export const sendPush: SendPush = async (env, target, payload, options, fetcher = fetch) => {
  let outcome: SendOutcome;
  try {
    switch (target.kind) {
      case "web":
        outcome = await sendWebPush(env, target, payload, options, fetcher);
        break;
      case "fcm":
        outcome = await sendFcm(env, target, payload, options, fetcher);
        break;
      case "apns":
        outcome = await sendApns(env, target, payload, options, fetcher);
        break;
      default: {
        const unknown: never = target.kind;
        return { result: "failed", status: 0, error: `unknown push kind ${String(unknown)}` };
      }
    }
  } catch (error) {
    // A bug or a key the runtime would not import: not worth retrying, and never the batch's end.
    logger.error("push send threw", { kind: target.kind, subscriptionId: target.id, error });
    return { result: "failed", status: 0, error: String(error) };
  }
  if (outcome.result === "skipped" && !reportedSkips.has(target.kind)) {
    reportedSkips.add(target.kind);
    logger.warn("push skipped: service not configured", { kind: target.kind, reason: outcome.reason });
  }
  return outcome;
};
