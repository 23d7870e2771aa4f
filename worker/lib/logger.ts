// Structured logs (decision record 0011): one JSON object per line, which Workers Logs
// (`[observability]` in wrangler.toml) indexes by field. A request's logger carries its requestId
// and is set on `c.var.log` by the init middleware; cron jobs and Durable Objects make their own
// with `createLogger({ cron, job })` and the like. Nothing else writes to the console.
export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger whose every line also carries `fields`. */
  with(fields: LogFields): Logger;
}

/** Errors do not survive JSON.stringify (it yields "{}"), so they are written as their text. */
function plain(value: unknown): unknown {
  return value instanceof Error ? String(value) : value;
}

/**
 * The line one call writes; exported for the logger's tests. An Error among the fields is written
 * as its text, and the line carries its stack once, as `stack` (the first Error's, unless the call
 * gave a stack of its own), so a failure is one searchable line with where it came from.
 */
export function formatLogLine(level: LogLevel, message: string, base: LogFields, fields: LogFields = {}): string {
  const line: LogFields = { level, message };
  let stack: string | undefined;
  for (const [key, value] of Object.entries({ ...base, ...fields })) {
    // The level and message of the call win over a field that happens to share their name.
    if (key === "level" || key === "message") continue;
    line[key] = plain(value);
    if (value instanceof Error && stack === undefined && value.stack) stack = value.stack;
  }
  if (stack !== undefined && line.stack === undefined) line.stack = stack;
  return JSON.stringify(line);
}

export function createLogger(base: LogFields = {}): Logger {
  // The console method is looked up per call, not bound once, so a spy installed later sees it.
  const write = (level: LogLevel) => (message: string, fields?: LogFields) => console[level](formatLogLine(level, message, base, fields));
  return {
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    with: (fields) => createLogger({ ...base, ...fields }),
  };
}

/**
 * The logger of code that is handed none: services called from requests, cron and rooms alike
 * (their lines carry the fields they pass, but no requestId). Stateless, so sharing it is safe.
 */
export const logger = createLogger();
