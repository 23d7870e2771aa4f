// Remembers unfinished uploads so that choosing the same file again continues where it stopped
// (DESIGN.md "Large uploads": resumable). Only the upload id and what identifies the file are
// kept, in sessionStorage: a reload or a crashed tab can resume, and the server's clean-up cron
// aborts anything left for 24 hours, so older entries are dropped too.
import { UPLOAD_ABANDON_AFTER_MS } from "@shared/posts-api";
import type { UploadKind } from "./multipart-upload";

interface ResumeEntry {
  uploadId: string;
  contentType: UploadKind;
  fileName: string;
  fileSize: number;
  lastModified: number;
  mimeType: string;
  savedAt: number;
}

interface FileIdentity {
  name: string;
  size: number;
  lastModified: number;
  type: string;
}

export interface ResumeStore {
  find(file: FileIdentity, contentType: UploadKind): ResumeEntry | null;
  save(entry: ResumeEntry): void;
  remove(uploadId: string): void;
}

export const RESUME_STORAGE_KEY = "backline:pending-uploads";

/** Same name, size, modification time, type and chosen content type: the same file, as far as a browser can tell. */
function sameFile(entry: ResumeEntry, file: FileIdentity, contentType: UploadKind): boolean {
  return (
    entry.contentType === contentType &&
    entry.fileName === file.name &&
    entry.fileSize === file.size &&
    entry.lastModified === file.lastModified &&
    entry.mimeType === file.type
  );
}

function isEntry(value: unknown): value is ResumeEntry {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.uploadId === "string" &&
    typeof v.contentType === "string" &&
    typeof v.fileName === "string" &&
    typeof v.fileSize === "number" &&
    typeof v.lastModified === "number" &&
    typeof v.mimeType === "string" &&
    typeof v.savedAt === "number"
  );
}

/** A store over any Web Storage object; `now` is injectable so tests can age entries. */
export function createResumeStore(getStorage: () => Storage | null, now: () => number = Date.now): ResumeStore {
  const read = (): ResumeEntry[] => {
    try {
      const raw = getStorage()?.getItem(RESUME_STORAGE_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      if (!Array.isArray(parsed)) return [];
      return parsed.filter(isEntry).filter((entry) => now() - entry.savedAt < UPLOAD_ABANDON_AFTER_MS);
    } catch {
      return [];
    }
  };
  const write = (entries: ResumeEntry[]) => {
    try {
      const storage = getStorage();
      if (!storage) return;
      if (entries.length === 0) storage.removeItem(RESUME_STORAGE_KEY);
      else storage.setItem(RESUME_STORAGE_KEY, JSON.stringify(entries.slice(-10)));
    } catch {
      // A full or blocked storage only costs the ability to resume.
    }
  };
  return {
    find: (file, contentType) => read().find((entry) => sameFile(entry, file, contentType)) ?? null,
    save: (entry) => write([...read().filter((e) => e.uploadId !== entry.uploadId && !sameFile(e, toIdentity(entry), entry.contentType)), entry]),
    remove: (uploadId) => write(read().filter((e) => e.uploadId !== uploadId)),
  };
}

function toIdentity(entry: ResumeEntry): FileIdentity {
  return { name: entry.fileName, size: entry.fileSize, lastModified: entry.lastModified, type: entry.mimeType };
}

export const sessionResumeStore = createResumeStore(() => {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
});
