// The product image field (image only; the server checks the magic bytes again): a
// square preview of the chosen or stored picture, or a placeholder, and the upload's real progress
// while the form saves. Choosing only selects the file; the form uploads it after the product is
// saved, so a cancelled dialog never leaves an orphan image behind.
import { ImagePlus, Package, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { MARKET_SCREEN_TEXTS } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Label } from "@web/components/ui/label";
import { ProgressBar } from "@web/components/ui/progress-bar";
import { notifyError } from "@web/components/ui/toast";
import type { Progress } from "../uploads";

const T = MARKET_SCREEN_TEXTS.fields;

export interface ImagePickerProps {
  /** The stored image, shown until another is chosen. */
  currentUrl: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  /** Set while the chosen image is being sent. */
  progress: Progress | null;
  disabled?: boolean;
  /** Checks a chosen file before anything is sent: the refusal to show, or null. */
  check: (file: File) => { title: string; description: string } | null;
}

export function ImagePicker({ currentUrl, file, onChange, progress, disabled, check }: ImagePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  // One object URL per chosen file, released when it is replaced or the field goes away (made in
  // the effect, so a development double-run cannot leave the preview on a revoked URL).
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview ?? currentUrl;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.files?.[0];
    // Choosing the same file again after removing it must fire change again.
    event.target.value = "";
    if (!next) return;
    const refusal = check(next);
    if (refusal) {
      notifyError(refusal.description, { title: refusal.title, id: "product-image" });
      return;
    }
    onChange(next);
  };

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{T.image}</Label>
      <div className="flex items-center gap-4">
        <div className="relative size-24 shrink-0 overflow-hidden rounded-2xl border bg-muted" data-testid="image-preview">
          {shown ? (
            <img src={shown} alt="" className="size-full object-cover" />
          ) : (
            <span className="flex size-full items-center justify-center text-muted-foreground" aria-hidden>
              <Package className="size-8" />
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
          {/* The button below is the keyboard's way in: the visually hidden input would be a Tab
              stop nobody can see, so it is left out of the Tab order (the label still opens it). */}
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            onChange={choose}
            disabled={disabled}
            aria-describedby={`${id}-hint`}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()} disabled={disabled}>
              <ImagePlus aria-hidden /> {shown ? T.changeImage : T.chooseImage}
            </Button>
            {file ? (
              <Button variant="ghost" size="sm" onClick={() => onChange(null)} disabled={disabled}>
                <X aria-hidden /> {T.removeImage}
              </Button>
            ) : null}
          </div>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {file ? file.name : T.imageHint}
          </p>
        </div>
      </div>
      {progress ? <ProgressBar sentBytes={progress.sentBytes} totalBytes={progress.totalBytes} label={MARKET_SCREEN_TEXTS.uploads.uploadingImage} /> : null}
    </div>
  );
}
