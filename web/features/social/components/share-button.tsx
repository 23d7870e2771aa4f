// Share (spec §2 feed: "actions for … share"; §7 native share and copy-link, /post/{id} links;
// §8 toasts). Anyone can share, signed in or not.
import { Share2 } from "lucide-react";
import { useState } from "react";
import { SOCIAL_SCREEN_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { sharePost, shareToast } from "../share";
import { ActionButton } from "./action-button";

export function ShareButton({ post }: { post: Post }) {
  const [sharing, setSharing] = useState(false);
  const onClick = async () => {
    if (sharing) return;
    setSharing(true);
    try {
      const outcome = await sharePost({ postId: post.id, authorName: post.author.displayName || post.author.username, caption: post.caption });
      const toast = shareToast(outcome);
      if (toast?.kind === "success") notifySuccess(toast.text, { id: `share-${post.id}` });
      else if (toast?.kind === "error") notifyError(toast.text, { id: `share-${post.id}` });
    } finally {
      setSharing(false);
    }
  };
  return (
    <ActionButton aria-label={SOCIAL_SCREEN_TEXTS.actions.share} data-testid="share-button" onClick={() => void onClick()} disabled={sharing}>
      <Share2 aria-hidden />
    </ActionButton>
  );
}
