// Display formats for media facts (durations on the audio player and upload preview, file
// sizes on the upload screen). Not in the spec; kept here so every screen formats them alike.

/** 83_400 ms → "1:23"; an hour or more → "1:02:03". Negative or unknown → "0:00". */
export function formatDuration(ms: number | null | undefined): string {
  const total = Number.isFinite(ms) && (ms ?? 0) > 0 ? Math.floor((ms as number) / 1000) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${ss}` : `${minutes}:${ss}`;
}

/** 1536 → "2 KB", 12_582_912 → "12.0 MB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.floor(bytes || 0))} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
