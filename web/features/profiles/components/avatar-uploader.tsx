// The profile picture control of /edit-profile and /create-profile (spec §5 avatar upload: an
// image type, at most 5MB, 'Invalid file type' / 'File too large' / 'Upload failed'). The chosen
// photo is cut to a square and scaled down in the browser (square-image.ts), previewed at once and
// sent with a progress ring; the server checks the bytes again and keeps the new picture.
import { Camera } from "lucide-react";
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { PROFILE_SCREEN_TEXTS, PROFILE_TEXTS, SECURITY_TEXTS } from "@shared/messages";
import { AVATAR_MAX_BYTES, type OwnProfile } from "@shared/profile-api";
import { Avatar } from "@web/components/ui/avatar";
import { notifyError } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";
import { cn } from "@web/lib/cn";
import { useUploadAvatar } from "../api";
import { squareImage } from "../square-image";

const T = PROFILE_SCREEN_TEXTS.avatar;

type Refusal = { title: string; description: string };

/** The spec's check of a chosen file, before anything is sent. */
function checkAvatarFile(file: File): Refusal | null {
  if (!file.type.startsWith("image/")) return PROFILE_TEXTS.avatarInvalidType;
  if (file.size > AVATAR_MAX_BYTES) return PROFILE_TEXTS.avatarTooLarge;
  return null;
}

function titleOf(details: unknown): string | null {
  return typeof details === "object" && details !== null && typeof (details as { title?: unknown }).title === "string" ? (details as { title: string }).title : null;
}

/** The server's refusals carry the spec's words; anything else is 'Upload failed'. */
function refusalOf(error: unknown): Refusal {
  if (error instanceof ApiClientError) {
    if (error.status === 415) return { title: PROFILE_TEXTS.avatarInvalidType.title, description: error.message };
    if (error.status === 413) return { title: PROFILE_TEXTS.avatarTooLarge.title, description: error.message };
    if (error.status === 429) return { title: titleOf(error.details) ?? SECURITY_TEXTS.uploadLimitTitle, description: error.message };
  }
  return PROFILE_TEXTS.avatarUploadFailed;
}

export interface AvatarUploaderProps {
  /** The stored picture, or null for the initials. */
  avatarUrl: string | null;
  name: string;
  /** Called with the saved profile once the new picture is stored. */
  onUploaded?: (profile: OwnProfile) => void;
  /** Injectable for tests: jsdom has no image decoder. */
  prepare?: (file: File) => Promise<Blob>;
}

export function AvatarUploader({ avatarUrl, name, onUploaded, prepare = squareImage }: AvatarUploaderProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const upload = useUploadAvatar();
  const [preview, setPreview] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  // The preview's object URL is released when it is replaced or the control goes away.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  useEffect(() => () => abortRef.current?.abort(), []);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again after a failure must fire change again.
    event.target.value = "";
    if (!file) return;
    const refusal = checkAvatarFile(file);
    if (refusal) {
      notifyError(refusal.description, { title: refusal.title, id: "avatar-upload" });
      return;
    }
    // An image the browser cannot decode (an unusual format) is sent as it is: the server reads
    // its bytes and answers with the spec's message if it is not an image after all.
    const image = await prepare(file).catch(() => file);
    setPreview(URL.createObjectURL(image));
    setPercent(0);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const profile = await upload.mutateAsync({
        image,
        signal: controller.signal,
        onProgress: (loaded) => setPercent(Math.min(100, Math.round((loaded / Math.max(1, image.size)) * 100))),
      });
      onUploaded?.(profile);
    } catch (error) {
      if (controller.signal.aborted) return;
      setPreview(null);
      const failure = refusalOf(error);
      notifyError(failure.description, { title: failure.title, id: "avatar-upload" });
    } finally {
      setPercent(null);
    }
  };

  const uploading = percent !== null;
  return (
    <div className="flex items-center gap-4" data-testid="avatar-uploader">
      <div className="relative">
        {preview ? (
          <img src={preview} alt="" className="size-24 rounded-full object-cover" data-testid="avatar-preview" />
        ) : (
          <Avatar src={avatarUrl} name={name} size="xl" />
        )}
        {uploading ? <ProgressRing percent={percent} /> : null}
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          disabled={uploading}
          aria-label={T.change}
          aria-describedby={hintId}
          className="absolute -right-1 -bottom-1 inline-flex size-9 items-center justify-center rounded-full border-2 border-background bg-primary text-primary-foreground shadow-md transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
        >
          <Camera className="size-4" aria-hidden />
        </button>
      </div>
      <div className="min-w-0 space-y-1.5">
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          disabled={uploading}
          className="text-sm font-semibold text-primary underline-offset-4 hover:underline disabled:opacity-60"
        >
          {uploading ? T.uploading : avatarUrl || preview ? T.changePhoto : T.uploadPhoto}
        </button>
        <p id={hintId} className="text-xs text-muted-foreground">
          {PROFILE_SCREEN_TEXTS.avatarHint}
        </p>
        {uploading ? (
          <div
            role="progressbar"
            aria-label={T.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1.5 w-32 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width] duration-200" style={{ width: `${percent}%` }} />
          </div>
        ) : null}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label={T.inputLabel}
        data-testid="avatar-input"
        onChange={(event) => void onChange(event)}
      />
    </div>
  );
}

/** A ring over the preview that fills as the picture is sent. */
function ProgressRing({ percent }: { percent: number }) {
  const radius = 46;
  const circumference = 2 * Math.PI * radius;
  return (
    <svg viewBox="0 0 100 100" className="pointer-events-none absolute inset-0 size-24 -rotate-90" aria-hidden>
      <circle cx="50" cy="50" r={radius} fill="none" strokeWidth="6" className="stroke-background/60" />
      <circle
        cx="50"
        cy="50"
        r={radius}
        fill="none"
        strokeWidth="6"
        strokeLinecap="round"
        strokeDasharray={circumference}
        strokeDashoffset={circumference * (1 - percent / 100)}
        className={cn("stroke-primary transition-[stroke-dashoffset] duration-200")}
      />
    </svg>
  );
}
