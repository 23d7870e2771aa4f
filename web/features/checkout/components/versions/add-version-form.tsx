// The seller's "Add a version" (issue #31 item 2): an audio file and a note become the next
// version. The browser reads the file first (duration, waveform peaks, and loudness where the
// analysis measures it): a file it cannot decode cannot be played on the order page, so it
// cannot be a version, and nothing is uploaded. Then the file goes up through the order's files
// route with its progress, and POST …/versions turns it into vN, listed as not delivered until the
// next delivery sends it. A retry after a failed step reuses what already succeeded.
import { FilePlus2, LoaderCircle } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import type { OrderDetail, OrderFile } from "@shared/checkout-api";
import { CHECKOUT_SCREEN_TEXTS, REVISION_SCREEN_TEXTS as T } from "@shared/messages";
import { VERSION_NOTE_MAX } from "@shared/revisions-api";
import type { Loudness } from "@shared/schemas/loudness";
import { TextareaField } from "@web/components/form-field";
import { Button } from "@web/components/ui/button";
import { ProgressBar } from "@web/components/ui/progress-bar";
import { notifySuccess } from "@web/components/ui/toast";
import { analyzeAudio, type AudioAnalysis } from "@web/lib/audio-analysis";
import { checkoutCalls } from "../../api";
import { useAddVersion } from "../../revisions-api";

/** What the browser measures of a version; loudness where the analysis offers it. */
type VersionAnalysis = AudioAnalysis & { loudness?: Loudness | null };

/** What the version is sent with. */
interface Measured {
  durationMs: number;
  waveform: number[] | null;
  loudness: Loudness | null;
}

type Phase = { kind: "idle" } | { kind: "reading" } | { kind: "uploading"; sent: number } | { kind: "saving" };

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

export function AddVersionForm({ order }: { order: OrderDetail }) {
  const addVersion = useAddVersion(order.id);
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState("");
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [error, setError] = useState<string | null>(null);
  // A new key empties the file input after a version is added.
  const [inputKey, setInputKey] = useState(0);
  const done = useRef<{ file: File; measured?: Measured; uploaded?: OrderFile } | null>(null);
  const fileId = useId();
  const errorId = useId();
  const busy = phase.kind !== "idle";

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(T.chooseFile);
      return;
    }
    setError(null);
    if (done.current?.file !== file) done.current = { file };
    const progress = done.current;

    if (!progress.measured) {
      setPhase({ kind: "reading" });
      let analysis: VersionAnalysis = {};
      try {
        analysis = await analyzeAudio(file);
      } catch {
        // Not decodable: said below.
      }
      if (!analysis.durationMs) {
        setPhase({ kind: "idle" });
        setError(T.notAudio);
        return;
      }
      progress.measured = { durationMs: analysis.durationMs, waveform: analysis.waveform ?? null, loudness: analysis.loudness ?? null };
    }
    const measured = progress.measured;

    if (!progress.uploaded) {
      setPhase({ kind: "uploading", sent: 0 });
      try {
        progress.uploaded = await checkoutCalls.uploadFile(order.id, file, (sent) => setPhase({ kind: "uploading", sent }));
      } catch (failure) {
        setPhase({ kind: "idle" });
        setError(messageOf(failure, CHECKOUT_SCREEN_TEXTS.uploadFailed));
        return;
      }
    }

    setPhase({ kind: "saving" });
    try {
      const trimmed = note.trim();
      const version = await addVersion.mutateAsync({
        file: progress.uploaded,
        body: {
          fileId: progress.uploaded.id,
          ...(trimmed ? { note: trimmed } : {}),
          ...measured,
        },
      });
      done.current = null;
      setFile(null);
      setNote("");
      setInputKey((key) => key + 1);
      notifySuccess(T.versionAdded(version.number));
    } catch (failure) {
      setError(messageOf(failure, T.versionFailed));
    } finally {
      setPhase({ kind: "idle" });
    }
  };

  return (
    <form
      onSubmit={(event) => void send(event)}
      className="space-y-3 rounded-[var(--radius-card)] border p-4"
      aria-labelledby={`${fileId}-title`}
      aria-busy={busy}
      data-testid="add-version-form"
    >
      <div>
        <h3 id={`${fileId}-title`} className="font-display text-base font-semibold">
          {T.addVersionTitle}
        </h3>
        <p className="text-xs text-muted-foreground">{T.addVersionHint}</p>
      </div>
      <label className="flex flex-col gap-2 text-sm font-medium" htmlFor={fileId}>
        {T.audioFile}
        <input
          key={inputKey}
          id={fileId}
          type="file"
          accept="audio/*"
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-h-11 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(null);
          }}
        />
      </label>
      <TextareaField label={T.versionNote} value={note} onChange={(event) => setNote(event.target.value)} limit={VERSION_NOTE_MAX} length={note.length} rows={2} className="min-h-16" disabled={busy} />
      {phase.kind === "reading" || phase.kind === "saving" ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="add-version-status">
          <LoaderCircle className="size-4 animate-spin text-primary" aria-hidden />
          {phase.kind === "reading" && file ? T.reading(file.name) : T.saving}
        </p>
      ) : null}
      {phase.kind === "uploading" && file ? <ProgressBar sentBytes={phase.sent} totalBytes={file.size} label={T.uploading(file.name)} /> : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive" data-testid="add-version-error">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={busy}>
        <FilePlus2 aria-hidden /> {T.addVersion}
      </Button>
    </form>
  );
}
