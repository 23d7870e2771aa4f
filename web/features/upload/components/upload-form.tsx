// The create-post screen's form (spec social-feed-search §2 "Create post screen", §4 post
// creation, §5 Upload). Every rule and message comes from shared/: the file checks run in the
// spec's order through validateUpload; the caption, location and tags are react-hook-form fields
// checked by the shared postTextFieldsSchema (content screen, cleaning, limits), as the edit
// dialog's are. The server repeats all of them.
import { zodResolver } from "@hookform/resolvers/zod";
import { MapPin, Tags, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { TEXT_LIMITS, type ContentType } from "@shared/constants";
import { POST_ERRORS, POST_SUCCESS, SECURITY_TEXTS, UPLOAD_SCREEN_TEXTS, UPLOAD_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { validateUpload } from "@shared/rules/upload";
import { type PostTextFields, type PostTextFieldsInput, postTextFieldsSchema } from "@shared/schemas/post";
import { FormField, TextareaField } from "@web/components/form-field";
import { Button } from "@web/components/ui/button";
import { notify, notifyError, notifySuccess } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";
import { analyzeMedia, type MediaAnalysis } from "../media-analysis";
import type { UploadProgress as Progress } from "@web/lib/multipart-upload";
import { publishPost, type PublishInput } from "../publish-post";
import { ContentTypePicker } from "./content-type-picker";
import { FileDropZone } from "./file-drop-zone";
import { MediaPreview } from "./media-preview";
import { TagChips } from "./tag-chips";
import { UploadProgress } from "./upload-progress";

const T = UPLOAD_SCREEN_TEXTS;

type Phase = "idle" | "uploading" | "finishing";
type ErrorField = "file" | "form";

export interface UploadFormProps {
  /** Called with the created post; the route then updates the feed cache and goes to /feed. */
  onPublished: (post: Post) => void;
  /** Injectable for tests; the app uses the real uploader and analysers. */
  publish?: (input: PublishInput) => Promise<Post>;
  analyze?: (file: File, contentType: ContentType) => Promise<MediaAnalysis>;
}

/** Server refusals whose message is already the spec's words for the user (§5 Upload). */
function isUserFacingRefusal(error: ApiClientError): boolean {
  return (error.status === 400 || error.status === 413 || error.status === 415) && error.message !== UPLOAD_TEXTS.incomplete;
}

function limitTitle(details: unknown): string {
  if (typeof details === "object" && details !== null && typeof (details as { title?: unknown }).title === "string") {
    return (details as { title: string }).title;
  }
  return SECURITY_TEXTS.uploadLimitTitle;
}

/** The label of a field the post can do without: its icon, its name and "(optional)". */
function OptionalLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <>
      {icon} {text} <span className="font-normal text-muted-foreground">{T.optional}</span>
    </>
  );
}

export function UploadForm({ onPublished, publish = (input) => publishPost(input), analyze = analyzeMedia }: UploadFormProps) {
  const errorId = useId();
  const [contentType, setContentType] = useState<ContentType | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [analysis, setAnalysis] = useState<MediaAnalysis | null>(null);
  const analysisRef = useRef<{ file: File; contentType: ContentType; promise: Promise<MediaAnalysis> } | null>(null);
  const form = useForm<PostTextFieldsInput, unknown, PostTextFields>({
    resolver: zodResolver(postTextFieldsSchema),
    defaultValues: { caption: "", location: "", tags: "" },
    // The caption's content screen answers while the user types ("Invalid caption content").
    mode: "onChange",
  });
  const caption = form.watch("caption");
  const tags = form.watch("tags");
  const fieldErrors = form.formState.errors;
  const [error, setError] = useState<{ field: ErrorField; message: string } | null>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [progress, setProgress] = useState<Progress | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const busy = phase !== "idle";

  // Analysis starts as soon as an acceptable file is chosen, so the preview shows the waveform
  // or poster and the upload rarely has to wait for it.
  useEffect(() => {
    setAnalysis(null);
    if (!file || !contentType || !validateUpload({ contentType, file }).ok) {
      analysisRef.current = null;
      return;
    }
    const promise = analyze(file, contentType).catch(() => ({}) as MediaAnalysis);
    analysisRef.current = { file, contentType, promise };
    let current = true;
    void promise.then((result) => {
      if (current) setAnalysis(result);
    });
    return () => {
      current = false;
    };
  }, [file, contentType, analyze]);

  useEffect(() => () => abortRef.current?.abort(), []);

  const checkFileChoice = (type: ContentType | null, chosen: File | null) => {
    // Before a type is chosen there is nothing to check the file against yet.
    if (!type || !chosen) return setError(null);
    const result = validateUpload({ contentType: type, file: chosen });
    setError(result.ok ? null : { field: "file", message: result.message });
  };

  const clear = () => {
    setContentType(null);
    setFile(null);
    form.reset();
    setError(null);
    setProgress(null);
  };

  // The spec's order: the file checks first, then the text fields.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const fileCheck = validateUpload({ contentType, file });
    if (!fileCheck.ok) return setError({ field: "file", message: fileCheck.message });
    const chosen = file as File;
    void form.handleSubmit((fields) => share(chosen, fileCheck.contentType, fields))(event);
  };

  const share = async (chosen: File, type: ContentType, fields: PostTextFields) => {
    setError(null);
    setProgress({ sentBytes: 0, totalBytes: chosen.size });
    setPhase("uploading");
    const controller = new AbortController();
    abortRef.current = controller;
    const pending = analysisRef.current;
    try {
      const post = await publish({
        file: chosen,
        contentType: type,
        caption: fields.caption,
        location: fields.location,
        tags: fields.tags,
        analysis: pending && pending.file === chosen && pending.contentType === type ? pending.promise : analyze(chosen, type),
        onProgress: setProgress,
        onPhase: setPhase,
        signal: controller.signal,
      });
      // A stable id: a repeated publish replaces the toast instead of stacking identical ones.
      notifySuccess(POST_SUCCESS.success.title, { id: "post-published" });
      onPublished(post);
    } catch (failure) {
      setPhase("idle");
      if (failure instanceof DOMException && failure.name === "AbortError") return;
      if (failure instanceof ApiClientError && failure.status === 429) {
        setError({ field: "form", message: failure.message });
        notify(limitTitle(failure.details), { description: failure.message, variant: "destructive" });
      } else if (failure instanceof ApiClientError && failure.status === 401) {
        notifyError(POST_ERRORS.loginToCreatePost);
      } else if (failure instanceof ApiClientError && isUserFacingRefusal(failure)) {
        setError({ field: "form", message: failure.message });
        notifyError(failure.message);
      } else {
        setError({ field: "form", message: POST_ERRORS.createPost });
        notifyError(POST_ERRORS.createPost);
      }
    } finally {
      abortRef.current = null;
    }
  };

  const fileError = error?.field === "file" ? error.message : null;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-describedby={error ? errorId : undefined}>
      <section className="space-y-3" aria-labelledby="upload-type-label">
        <h2 id="upload-type-label" className="text-sm font-medium">
          {T.typeQuestion}
        </h2>
        <ContentTypePicker
          value={contentType}
          disabled={busy}
          onChange={(next) => {
            setContentType(next);
            checkFileChoice(next, file);
          }}
        />
      </section>

      <section className="space-y-3" aria-label={T.fileSection}>
        {file && contentType && !fileError ? (
          <MediaPreview file={file} contentType={contentType} analysis={analysis} disabled={busy} onRemove={() => { setFile(null); setError(null); }} />
        ) : (
          <FileDropZone
            contentType={contentType}
            disabled={busy}
            invalid={Boolean(fileError)}
            onFile={(chosen) => {
              setFile(chosen);
              checkFileChoice(contentType, chosen);
            }}
          />
        )}
        {file && (!contentType || fileError) ? (
          <p className="flex items-center justify-between gap-2 rounded-xl bg-muted px-3 py-2 text-sm">
            <span className="min-w-0 truncate">{file.name}</span>
            <button type="button" onClick={() => { setFile(null); setError(null); }} aria-label={T.removeFile} className="rounded-full p-1 hover:bg-background">
              <X className="size-4" aria-hidden />
            </button>
          </p>
        ) : null}
      </section>

      <TextareaField
        label={T.caption}
        limit={TEXT_LIMITS.caption}
        length={caption.length}
        disabled={busy}
        placeholder={T.captionPlaceholder}
        error={fieldErrors.caption?.message}
        className="min-h-28"
        {...form.register("caption")}
      />

      <FormField
        label={<OptionalLabel icon={<MapPin className="size-4 text-muted-foreground" aria-hidden />} text={T.location} />}
        maxLength={TEXT_LIMITS.location}
        disabled={busy}
        placeholder={T.locationPlaceholder}
        error={fieldErrors.location?.message}
        {...form.register("location")}
      />

      <FormField
        label={<OptionalLabel icon={<Tags className="size-4 text-muted-foreground" aria-hidden />} text={T.tags} />}
        maxLength={TEXT_LIMITS.tags}
        disabled={busy}
        placeholder={T.tagsPlaceholder}
        hint={T.tagsHint}
        below={<TagChips raw={tags} />}
        error={fieldErrors.tags?.message}
        {...form.register("tags")}
      />

      {error ? (
        <p id={errorId} role="alert" className="rounded-xl border border-destructive/30 bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive">
          {error.message}
        </p>
      ) : null}

      {phase !== "idle" ? <UploadProgress progress={progress} phase={phase} /> : null}

      <div className="flex gap-3">
        {phase === "uploading" ? (
          <Button type="button" variant="outline" className="flex-1" onClick={() => abortRef.current?.abort()}>
            {T.cancel}
          </Button>
        ) : (
          <Button type="button" variant="outline" className="flex-1" onClick={clear} disabled={busy}>
            {T.clear}
          </Button>
        )}
        <Button type="submit" className="flex-[2]" disabled={busy}>
          {busy ? T.sharing : T.share}
        </Button>
      </div>
    </form>
  );
}
