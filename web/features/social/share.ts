// Sharing a post (spec §7 "Native share and copy-link are used for sharing; share links use
// /post/{id}"; §8 'Post shared!', 'Link copied!', 'Failed to share post. Please try again.',
// "Cancelling the native share dialog is silent").
import { POST_ERRORS, POST_SUCCESS, SOCIAL_SCREEN_TEXTS } from "@shared/messages";

export type ShareOutcome = "shared" | "copied" | "cancelled" | "failed";

/** The absolute share link of a post on this origin. */
function postShareUrl(postId: string, origin: string = globalThis.location?.origin ?? ""): string {
  return `${origin}/post/${encodeURIComponent(postId)}`;
}

export interface ShareTarget {
  postId: string;
  /** Used as the share sheet's title and text. */
  authorName: string;
  caption?: string | null;
}

function isAbort(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === "AbortError";
}

async function copy(url: string, nav: Navigator): Promise<ShareOutcome> {
  if (!nav.clipboard?.writeText) return "failed";
  try {
    await nav.clipboard.writeText(url);
    return "copied";
  } catch {
    return "failed";
  }
}

/**
 * The native share sheet where the browser has one; otherwise the link is copied. Closing the
 * sheet without choosing is "cancelled" (silent). A share sheet that fails for another reason
 * (no user gesture, a blocked target) falls back to copying, so the user still gets the link.
 */
export async function sharePost(target: ShareTarget, nav: Navigator = navigator): Promise<ShareOutcome> {
  const url = postShareUrl(target.postId);
  const data: ShareData = { title: SOCIAL_SCREEN_TEXTS.actions.shareTitle(target.authorName), text: target.caption?.trim() || undefined, url };
  if (typeof nav.share === "function" && (typeof nav.canShare !== "function" || nav.canShare(data))) {
    try {
      await nav.share(data);
      return "shared";
    } catch (error) {
      if (isAbort(error)) return "cancelled";
      return copy(url, nav);
    }
  }
  return copy(url, nav);
}

/** The toast for each outcome; null means stay silent. */
export function shareToast(outcome: ShareOutcome): { kind: "success" | "error"; text: string } | null {
  switch (outcome) {
    case "shared":
      return { kind: "success", text: POST_SUCCESS.postShared.title };
    case "copied":
      return { kind: "success", text: POST_SUCCESS.linkCopiedShort.title };
    case "failed":
      return { kind: "error", text: POST_ERRORS.sharePostFeed };
    case "cancelled":
      return null;
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}
