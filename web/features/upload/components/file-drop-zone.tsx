// Drag and drop or pick a file (spec §2 create post). The visible control is a real button that
// opens the file picker, so keyboard and screen-reader users get the same path as a mouse.
import { UploadCloud } from "lucide-react";
import { useId, useRef, useState, type DragEvent } from "react";
import type { ContentType } from "@shared/constants";
import { UPLOAD_SCREEN_TEXTS } from "@shared/messages";
import { ALLOWED_MIME_TYPES } from "@shared/rules/upload";
import { cn } from "@web/lib/cn";

const T = UPLOAD_SCREEN_TEXTS;

export function FileDropZone({
  contentType,
  onFile,
  disabled,
  invalid,
}: {
  contentType: ContentType | null;
  onFile: (file: File) => void;
  disabled?: boolean;
  invalid?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  // The accept list is a convenience for the picker only; the form checks the file itself.
  const accept = contentType ? ALLOWED_MIME_TYPES[contentType].join(",") : undefined;

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="file-drop-zone"
      className={cn(
        "relative flex flex-col items-center justify-center gap-3 rounded-3xl border-2 border-dashed px-6 py-10 text-center transition",
        dragging ? "border-primary bg-accent/60" : "border-border bg-card/60",
        invalid && "border-destructive/70",
        disabled && "opacity-60",
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-amber-400/20 via-orange-500/20 to-rose-500/20 text-primary">
        <UploadCloud className="size-7" aria-hidden />
      </span>
      <div className="space-y-1">
        <p className="font-display text-base font-semibold">
          {dragging ? T.dropToAdd : contentType ? T.dropYour(contentType) : T.dropAFile}
        </p>
        <p id={hintId} className="text-sm text-muted-foreground">
          {T.or}
        </p>
      </div>
      <button
        type="button"
        disabled={disabled}
        aria-describedby={hintId}
        onClick={() => inputRef.current?.click()}
        className="inline-flex h-11 items-center rounded-full border border-input bg-background px-5 text-sm font-medium transition hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50"
      >
        {T.browse}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-label={T.chooseFile}
        data-testid="file-input"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          // Clearing the value lets the same file be chosen again (to resume an upload).
          event.target.value = "";
        }}
      />
    </div>
  );
}
