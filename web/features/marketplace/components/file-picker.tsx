// A digital product's file (audio, a zip of stems, presets or a PDF, kept in the
// private bucket and handed only to buyers). Like the image, choosing only selects; the form sends
// it with the resumable multipart upload after the product is saved, with a real progress bar.
import { FileAudio, Paperclip, X } from "lucide-react";
import { useId, useRef, type ChangeEvent } from "react";
import type { ProductFileInfo } from "@shared/marketplace-api";
import { formatBytes } from "@shared/media-format";
import { MARKET_SCREEN_TEXTS } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Label } from "@web/components/ui/label";
import { ProgressBar } from "@web/components/ui/progress-bar";
import { notifyError } from "@web/components/ui/toast";
import type { Progress } from "../uploads";

const T = MARKET_SCREEN_TEXTS.fields;

export interface FilePickerProps {
  /** The file the product already has, if any. */
  currentFile: ProductFileInfo | null;
  file: File | null;
  onChange: (file: File | null) => void;
  progress: Progress | null;
  disabled?: boolean;
  /** The `accept` list of the file chooser. */
  accept: string;
  /** Checks a chosen file before anything is sent: the refusal to show, or null. */
  check: (file: File) => { title: string; description: string } | null;
}

export function FilePicker({ currentFile, file, onChange, progress, disabled, accept, check }: FilePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const hintId = `${id}-hint`;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.files?.[0];
    event.target.value = "";
    if (!next) return;
    const refusal = check(next);
    if (refusal) {
      notifyError(refusal.description, { title: refusal.title, id: "product-file" });
      return;
    }
    onChange(next);
  };

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{T.file}</Label>
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-dashed p-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground" aria-hidden>
          <FileAudio className="size-5" />
        </span>
        <div className="min-w-0 flex-1 basis-40 text-sm">
          {file ? (
            <>
              <p className="truncate font-medium" data-testid="chosen-file">
                {file.name}
              </p>
              <p className="text-xs text-muted-foreground">{formatBytes(file.size)}</p>
            </>
          ) : currentFile ? (
            <>
              <p className="truncate font-medium" data-testid="current-file">
                {currentFile.name}
              </p>
              <p className="text-xs text-muted-foreground">{formatBytes(currentFile.size)}</p>
            </>
          ) : (
            <p className="text-muted-foreground">{T.noFile}</p>
          )}
        </div>
        {/* Out of the Tab order, as the image's: the Choose file button is the visible stop. */}
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={accept}
          className="sr-only"
          tabIndex={-1}
          onChange={choose}
          disabled={disabled}
          aria-describedby={hintId}
        />
        <div className="ml-auto flex items-center gap-1">
          {file ? (
            <Button variant="ghost" size="icon" onClick={() => onChange(null)} disabled={disabled} aria-label={T.removeFile}>
              <X aria-hidden />
            </Button>
          ) : null}
          <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()} disabled={disabled}>
            <Paperclip aria-hidden /> {file || currentFile ? T.replaceFile : T.chooseFile}
          </Button>
        </div>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {T.fileHint}
      </p>
      {progress ? <ProgressBar sentBytes={progress.sentBytes} totalBytes={progress.totalBytes} label={MARKET_SCREEN_TEXTS.uploads.uploadingFile} /> : null}
    </div>
  );
}
