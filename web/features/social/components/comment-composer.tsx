// The comment input (spec §2 "An input with Reply on each comment; Cancel clears the reply
// target"; §4 "a successful send clears the text and the parent"; §5 comments; §9 1000
// characters). Enter sends, Shift+Enter starts a new line; Send is disabled while the text is
// blank. The parent owns the text and the reply target so a send can clear both. On an audio
// post a new comment can be pinned to the player's moment (decision record 0089).
import { MapPin, SendHorizontal, X } from "lucide-react";
import { forwardRef, type KeyboardEvent } from "react";
import { TEXT_LIMITS } from "@shared/constants";
import { MOMENT_TEXTS, SOCIAL_SCREEN_TEXTS } from "@shared/messages";
import { Spinner } from "@web/components/ui/spinner";
import { cn } from "@web/lib/cn";

const T = SOCIAL_SCREEN_TEXTS.composer;

export interface ReplyTarget {
  commentId: string;
  username: string;
}

/** Pinning the new comment to a moment of the post's audio; absent where no pin is possible. */
export interface PinControl {
  /** The moment the comment will be pinned to, or null. */
  pinnedAt: number | null;
  /** Where the player is now, offered as a pin while none is chosen; null before it was used. */
  offerAt: number | null;
  onPin: (ms: number) => void;
  onRemove: () => void;
}

export interface CommentComposerProps {
  text: string;
  onTextChange: (text: string) => void;
  replyTo: ReplyTarget | null;
  onCancelReply: () => void;
  onSubmit: () => void;
  sending: boolean;
  pin?: PinControl | null;
}

export const CommentComposer = forwardRef<HTMLTextAreaElement, CommentComposerProps>(function CommentComposer(
  { text, onTextChange, replyTo, onCancelReply, onSubmit, sending, pin = null },
  ref,
) {
  const blank = text.trim() === "";
  const submit = () => {
    if (!blank && !sending) onSubmit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing a character also uses Enter; that Enter is not a send.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form
      className="border-t bg-popover px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="comment-composer"
    >
      {replyTo ? (
        <div className="mb-2 flex items-center justify-between gap-2 rounded-xl bg-muted px-3 py-1.5 text-sm" data-testid="reply-target">
          <span className="truncate">
            {T.replyingTo}
            <span className="font-semibold">@{replyTo.username}</span>
          </span>
          <button
            type="button"
            onClick={onCancelReply}
            className="inline-flex h-8 items-center gap-1 rounded-full px-2 text-xs font-semibold text-muted-foreground transition hover:bg-background hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="size-3.5" aria-hidden /> {T.cancel}
          </button>
        </div>
      ) : null}
      {pin && pin.pinnedAt !== null ? (
        <div className="mb-2 flex items-center justify-between gap-2 rounded-xl bg-primary/10 px-3 py-1.5 text-sm" data-testid="pin-target">
          <span className="inline-flex items-center gap-1.5 font-semibold tabular-nums">
            <MapPin className="size-3.5 text-primary" aria-hidden />
            {MOMENT_TEXTS.pinnedAt(pin.pinnedAt)}
          </span>
          <button
            type="button"
            onClick={pin.onRemove}
            aria-label={MOMENT_TEXTS.removePin}
            className="inline-flex size-8 items-center justify-center rounded-full text-muted-foreground transition hover:bg-background hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ) : pin && pin.offerAt !== null ? (
        <div className="mb-2">
          <button
            type="button"
            onClick={() => pin.offerAt !== null && pin.onPin(pin.offerAt)}
            className="inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-xs font-semibold tabular-nums text-muted-foreground transition hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            data-testid="pin-here"
          >
            <MapPin className="size-3.5" aria-hidden />
            {MOMENT_TEXTS.pinHere(pin.offerAt)}
          </button>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <div className="relative min-w-0 flex-1">
          <textarea
            ref={ref}
            value={text}
            onChange={(event) => onTextChange(event.target.value)}
            onKeyDown={onKeyDown}
            maxLength={TEXT_LIMITS.comment}
            rows={1}
            placeholder={replyTo ? T.replyPlaceholder(replyTo.username) : T.placeholder}
            aria-label={replyTo ? T.replyLabel(replyTo.username) : T.label}
            aria-describedby="comment-counter"
            className={cn(
              "block max-h-36 min-h-11 w-full resize-none rounded-2xl border border-input bg-background px-4 py-2.5 pr-16 text-base leading-snug",
              "placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none sm:text-sm",
              "[field-sizing:content]",
            )}
          />
          <span
            id="comment-counter"
            className={cn(
              "pointer-events-none absolute right-3 bottom-2.5 text-[11px] tabular-nums text-muted-foreground",
              text.length >= TEXT_LIMITS.comment && "text-destructive",
            )}
            data-testid="comment-counter"
          >
            {text.length}/{TEXT_LIMITS.comment}
          </span>
        </div>
        <button
          type="submit"
          aria-label={T.send}
          data-haptic="medium"
          disabled={blank || sending}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground transition hover:brightness-110 active:scale-95 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {sending ? <Spinner className="size-4 text-primary-foreground" label={T.sending} /> : <SendHorizontal className="size-5" aria-hidden />}
        </button>
      </div>
    </form>
  );
});
