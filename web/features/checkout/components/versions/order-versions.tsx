// The versions of a service delivery on the order page (issue #31 items 2 and 3): one player for
// the version chosen, an A/B switch between two versions that keeps the playhead (and whether it
// plays), the revision notes on the waveform and in a list, the buyer's note at the playhead, the
// seller's "Add a version", and the list of versions with their downloads.
//
// The A/B switch builds a player for the other file that starts where the previous one was: the
// position is read from the media at the moment of the switch (not from the last render), and the
// new player seeks there before it plays (web/components/audio/waveform-player.tsx).
import { useId, useRef, useState } from "react";
import type { OrderDetail } from "@shared/checkout-api";
import { REVISION_SCREEN_TEXTS as T } from "@shared/messages";
import type { OrderVersion, RevisionNote } from "@shared/revisions-api";
import { decodeWaveform } from "@shared/waveform";
import { LoudnessReadout } from "@web/components/audio/loudness-readout";
import { WaveformPlayer, type WaveformPlayerHandle } from "@web/components/audio/waveform-player";
import { refreshSession } from "@web/lib/api-client";
import { cn } from "@web/lib/cn";
import { useNoteChange } from "../../revisions-api";
import { AddVersionForm } from "./add-version-form";
import { NoteComposer } from "./note-composer";
import { NoteList, noteRunner } from "./note-list";
import { NoteMarkers } from "./note-markers";
import { VersionList } from "./version-list";

type Side = "a" | "b";

/** The user's choice; null ids follow the defaults (the two newest), so a new version joins B. */
interface Choice {
  a: string | null;
  b: string | null;
  side: Side;
}

interface Compared {
  a: OrderVersion | null;
  b: OrderVersion | null;
  current: OrderVersion | null;
}

function compare(versions: readonly OrderVersion[], choice: Choice): Compared {
  const byId = (id: string | null) => (id ? (versions.find((v) => v.id === id) ?? null) : null);
  const newest = versions.at(-1) ?? null;
  if (versions.length < 2) return { a: null, b: null, current: newest };
  let b = byId(choice.b) ?? newest;
  let a = byId(choice.a) ?? (b === newest ? versions.at(-2)! : newest);
  if (a === b) {
    a = versions.at(-2)!;
    b = newest;
  }
  return { a, b, current: choice.side === "a" ? a : b };
}

export function OrderVersions({ order }: { order: OrderDetail }) {
  const versions = order.versions;
  const canAdd = order.role === "seller" && order.actions.includes("add-version");
  const [choice, setChoice] = useState<Choice>({ a: null, b: null, side: "b" });
  // Where the player of `versionId` starts, and whether it plays: what the one it replaced was
  // doing. A player built for another reason (a new version became B) starts at the beginning.
  const [resume, setResume] = useState<{ versionId: string | null; atMs: number; playing: boolean }>({ versionId: null, atMs: 0, playing: false });
  // The playhead of the version in the player as shown (whole seconds), for "Add a note at 0:42".
  const [playhead, setPlayhead] = useState<{ versionId: string | null; ms: number }>({ versionId: null, ms: 0 });
  const player = useRef<WaveformPlayerHandle>(null);
  const change = useNoteChange(order.id);
  const actions = { busy: change.isPending, run: noteRunner(change.mutateAsync) };

  if (versions.length === 0 && !canAdd) return null;
  const { a, b, current } = compare(versions, choice);

  /** Changes what is compared; a new version in the player starts where the old one was. */
  const choose = (next: Choice, start?: { atMs: number; play: boolean }) => {
    const target = compare(versions, next).current;
    setChoice(next);
    if (!target) return;
    if (target.id === current?.id) {
      if (start) player.current?.seek(start.atMs, { play: start.play });
      return;
    }
    const now = player.current?.position() ?? { timeMs: 0, playing: false };
    const atMs = Math.min(Math.max(0, start?.atMs ?? now.timeMs), target.durationMs);
    setResume({ versionId: target.id, atMs, playing: start?.play ?? now.playing });
  };

  /** Puts `version` in the player: its side if it is A or B, otherwise in place of the side playing. */
  const listen = (version: OrderVersion, start?: { atMs: number; play: boolean }) => {
    if (!a || !b) return choose(choice, start);
    const ids = { a: a.id, b: b.id };
    if (version.id === a.id) return choose({ ...ids, side: "a" }, start);
    if (version.id === b.id) return choose({ ...ids, side: "b" }, start);
    return choose({ ...ids, [choice.side]: version.id, side: choice.side }, start);
  };

  const seekNote = (note: RevisionNote) => {
    const version = versions.find((v) => v.id === note.versionId);
    if (version) listen(version, { atMs: note.atMs, play: true });
  };

  const notesHere = current ? order.notes.filter((note) => note.versionId === current.id) : [];
  const resumeHere = resume.versionId !== null && resume.versionId === current?.id;
  const playheadMs = playhead.versionId === current?.id ? playhead.ms : 0;
  const canWrite = order.role === "buyer" && order.actions.includes("write-notes");

  return (
    <section aria-labelledby="order-versions" className="space-y-4" data-testid="order-versions">
      <h2 id="order-versions" className="font-display text-lg font-semibold">
        {T.versionsTitle}
      </h2>
      {current ? (
        <div className="space-y-3 rounded-[var(--radius-card)] border bg-card p-3 shadow-sm sm:p-5">
          <p className="text-sm font-semibold" aria-live="polite" data-testid="now-playing">
            {T.nowPlaying(current.number)}
          </p>
          {a && b ? (
            <AbSwitch
              versions={versions}
              a={a}
              b={b}
              side={choice.side}
              onSide={(side) => choose({ a: a.id, b: b.id, side })}
              onPick={(side, id) => choose({ a: a.id, b: b.id, [side]: id, side: choice.side })}
            />
          ) : null}
          <WaveformPlayer
            key={current.id}
            ref={player}
            src={current.audioUrl}
            peaks={current.waveform ? decodeWaveform(current.waveform) : null}
            durationMs={current.durationMs}
            label={T.playerLabel(current.number, order.itemName)}
            startAtMs={resumeHere ? resume.atMs : 0}
            autoPlay={resumeHere && resume.playing}
            // The audio route reads the session cookie; after a long pause on the page it may have expired.
            recover={refreshSession}
            onPosition={(timeMs) => {
              const shown = { versionId: current.id, ms: Math.floor(timeMs / 1000) * 1000 };
              setPlayhead((before) => (before.versionId === shown.versionId && before.ms === shown.ms ? before : shown));
            }}
          >
            <NoteMarkers notes={notesHere} versions={versions} durationMs={current.durationMs} onSeek={seekNote} />
          </WaveformPlayer>
          {/* A and B rarely sit at the same level: the readout follows the version playing. */}
          <LoudnessReadout loudness={current.loudness} className="justify-end" />
          {canWrite ? <NoteComposer version={current} playheadMs={playheadMs} readPlayhead={() => player.current?.position().timeMs ?? 0} actions={actions} /> : null}
        </div>
      ) : (
        <p className="rounded-[var(--radius-card)] border border-dashed p-4 text-sm text-muted-foreground" data-testid="versions-empty">
          {T.noVersionsSeller}
        </p>
      )}
      {versions.length > 0 ? <NoteList order={order} currentVersionId={current?.id ?? null} onSeek={seekNote} actions={actions} /> : null}
      {versions.length > 0 ? <VersionList order={order} currentId={current?.id ?? null} onListen={(version) => listen(version)} /> : null}
      {canAdd ? <AddVersionForm order={order} /> : null}
    </section>
  );
}

/**
 * A and B as two radio buttons (arrow keys move between them, a tap on the other one switches),
 * and with more than two versions a choice of which version each side is.
 */
function AbSwitch({
  versions,
  a,
  b,
  side,
  onSide,
  onPick,
}: {
  versions: readonly OrderVersion[];
  a: OrderVersion;
  b: OrderVersion;
  side: Side;
  onSide: (side: Side) => void;
  onPick: (side: Side, versionId: string) => void;
}) {
  const name = useId();
  const sides = [
    { side: "a" as const, letter: "A" as const, version: a, other: b, pickLabel: T.chooseA },
    { side: "b" as const, letter: "B" as const, version: b, other: a, pickLabel: T.chooseB },
  ];
  return (
    <div className="space-y-2">
      <fieldset>
        <legend className="sr-only">{T.abLabel}</legend>
        <div className="grid grid-cols-2 gap-1 rounded-full bg-muted p-1" data-testid="ab-switch">
          {sides.map(({ side: value, letter, version }) => (
            <label
              key={value}
              className={cn(
                "flex h-11 cursor-pointer items-center justify-center rounded-full text-sm font-semibold tabular-nums transition select-none",
                "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring",
                side === value ? "bg-primary text-primary-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
              )}
              data-testid={`ab-${value}`}
            >
              <input type="radio" name={name} value={value} checked={side === value} onChange={() => onSide(value)} className="sr-only" />
              {T.abSide(letter, version.number)}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="text-xs text-muted-foreground">{T.abHint}</p>
      {versions.length > 2 ? (
        <div className="grid grid-cols-2 gap-2">
          {sides.map(({ side: value, version, other, pickLabel }) => (
            <label key={value} className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
              {pickLabel}
              <select
                value={version.id}
                onChange={(event) => onPick(value, event.target.value)}
                className="h-11 rounded-xl border border-input bg-background px-3 text-sm text-foreground"
                data-testid={`ab-pick-${value}`}
              >
                {versions
                  .filter((v) => v.id !== other.id)
                  .map((v) => (
                    <option key={v.id} value={v.id}>
                      {T.version(v.number)}
                    </option>
                  ))}
              </select>
            </label>
          ))}
        </div>
      ) : null}
    </div>
  );
}
