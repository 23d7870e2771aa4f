// A post's media as a small square: an image itself, a video's poster frame, or an icon for audio
// (and for a video without a poster). Used by the editor, the picker and the profile's tab.
import { AudioLines, Film } from "lucide-react";
import type { Post } from "@shared/posts-api";
import { cn } from "@web/lib/cn";

export function PostPreview({ post, className }: { post: Post; className?: string }) {
  const still = post.contentType === "image" ? (post.thumbnailUrl ?? post.mediaUrl) : post.thumbnailUrl;
  return (
    <span className={cn("relative flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-muted text-muted-foreground", className)}>
      {still ? <img src={still} alt="" loading="lazy" className="size-full object-cover" /> : null}
      {post.contentType === "audio" ? <AudioLines className="size-6" aria-hidden /> : null}
      {post.contentType === "video" && !still ? <Film className="size-6" aria-hidden /> : null}
      {post.contentType === "video" && still ? (
        <span className="absolute right-1 bottom-1 rounded-full bg-black/60 p-1 text-white">
          <Film className="size-3" aria-hidden />
        </span>
      ) : null}
    </span>
  );
}
