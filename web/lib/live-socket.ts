// A reconnecting WebSocket for the realtime rooms (spec social-feed-search §4 "Realtime channel
// states: closed, joining, joined, leaving, errored" and §9 "heartbeat 25 s; realtime reconnect
// delays 1, 2, 5, 10 s then 10 s"; DESIGN.md "Realtime").
//
// The rooms write to D1 first and broadcast second, so a socket is only a fast path: whenever a
// connection (re)opens, the caller is told through `onOpen` and fetches what it missed over HTTP.
// This helper knows nothing about comments or chat; the comments dialog and the messages screen
// both build on it.
import { RECONNECT_DELAYS_MS } from "@shared/constants";
import { CLOSE_TOO_MANY_LISTENERS, HEARTBEAT_INTERVAL_MS, REFUSED_RETRY_MS, reconnectDelayMs, withJitter } from "@shared/realtime";
import { onAppStateChange } from "./native-bridge";

/** The spec's realtime channel states (§4). */
export type ChannelState = "closed" | "joining" | "joined" | "leaving" | "errored";

/**
 * A connection that has heard nothing (not even a pong) for this long is treated as dead. Mobile
 * networks drop connections silently; without this, a socket can look open for minutes while
 * nothing arrives.
 */
const STALE_AFTER_MS = HEARTBEAT_INTERVAL_MS * 2 + 5_000;

/** The minimal WebSocket surface used here, so tests can pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

interface OpenInfo {
  /** How many connections opened before this one; 0 for the first. */
  previousOpens: number;
  /** How many failed attempts came right before this success. */
  failedAttempts: number;
}

export interface LiveSocketOptions<In, Out> {
  /** A function so the URL can be rebuilt on each attempt (e.g. with a fresh query string). */
  url: string | (() => string);
  /** Turns a frame into a message; null (or a throw) drops the frame. */
  parse: (data: unknown) => In | null;
  onMessage: (message: In) => void;
  onStateChange?: (state: ChannelState) => void;
  /** Every time a connection opens: the place to fetch what was missed while disconnected. */
  onOpen?: (info: OpenInfo) => void;
  /** The client→server keep-alive; null disables it. */
  heartbeat?: { intervalMs?: number; staleAfterMs?: number; message: () => Out } | null;
  reconnectDelaysMs?: readonly number[];
  /** Draws each reconnect delay's jitter (withJitter); Math.random unless a test fixes it. */
  random?: () => number;
  /** Injected in tests; the browser's WebSocket otherwise. */
  createSocket?: (url: string) => SocketLike;
}

export interface LiveSocket<Out> {
  readonly state: ChannelState;
  /** Sends when joined; answers false (and drops the message) otherwise. */
  send(message: Out): boolean;
  /** Leaves for good: no reconnects after this. */
  close(): void;
  /** Skips the remaining wait and tries at once (used when the browser comes back online). */
  reconnectNow(): void;
  /**
   * Lets go of the connection while the app is in the background, without leaving: no reconnects
   * until `resume`. A suspended phone app cannot answer heartbeats anyway, and a closed socket
   * frees the room's listener slot instead of waiting for the stale timeout.
   */
  pause(): void;
  /** Connects again after `pause`; the open handler then fetches what was missed meanwhile. */
  resume(): void;
}

/** ws: or wss: URL for an API path on this origin. */
export function liveUrl(path: string, base: string = globalThis.location?.href ?? "http://localhost/"): string {
  const url = new URL(path, base);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

export function createLiveSocket<In, Out>(options: LiveSocketOptions<In, Out>): LiveSocket<Out> {
  const delays = options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
  const random = options.random ?? Math.random;
  const heartbeat = options.heartbeat === undefined ? null : options.heartbeat;
  const intervalMs = heartbeat?.intervalMs ?? HEARTBEAT_INTERVAL_MS;
  const staleAfterMs = heartbeat?.staleAfterMs ?? STALE_AFTER_MS;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as SocketLike);

  let state: ChannelState = "closed";
  let socket: SocketLike | null = null;
  let attempt = 0;
  let opens = 0;
  let left = false;
  let paused = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  let lastHeardAt = 0;

  const setState = (next: ChannelState) => {
    if (state === next) return;
    state = next;
    options.onStateChange?.(next);
  };

  const stopHeartbeat = () => {
    if (heartbeatTimer !== null) clearInterval(heartbeatTimer);
    heartbeatTimer = null;
  };

  const detach = (ws: SocketLike) => {
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
  };

  /**
   * The connection is gone (closed by the server, the network, or found stale): retry later, after
   * the schedule's delay with jitter, so the clients of a room that went away do not all come back
   * in the same instant (issue #33). A room that refused the socket for too many listeners has
   * opened and closed it at once, which reset the schedule; retrying within seconds would only be
   * refused again, so wait longer.
   */
  const dropped = (closeCode?: number) => {
    stopHeartbeat();
    if (socket) detach(socket);
    socket = null;
    if (left) {
      setState("closed");
      return;
    }
    setState("errored");
    const delay = closeCode === CLOSE_TOO_MANY_LISTENERS ? REFUSED_RETRY_MS : withJitter(reconnectDelayMs(attempt, delays), random);
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, delay);
  };

  const startHeartbeat = () => {
    if (!heartbeat) return;
    stopHeartbeat();
    heartbeatTimer = setInterval(() => {
      if (!socket || socket.readyState !== OPEN) return;
      if (Date.now() - lastHeardAt > staleAfterMs) {
        // Closing a half-dead socket can take minutes to report; give up on it now.
        const stale = socket;
        detach(stale);
        try {
          stale.close(4000, "stale");
        } catch {
          // Already closing.
        }
        dropped();
        return;
      }
      try {
        socket.send(JSON.stringify(heartbeat.message()));
      } catch {
        // A failed send shows up as a close event shortly.
      }
    }, intervalMs);
  };

  function connect() {
    if (left || paused) return;
    setState("joining");
    let ws: SocketLike;
    try {
      ws = createSocket(typeof options.url === "function" ? options.url() : options.url);
    } catch {
      // A malformed URL or a blocked scheme: treat it like a failed connection and keep trying.
      dropped();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      const info: OpenInfo = { previousOpens: opens, failedAttempts: attempt };
      opens += 1;
      attempt = 0;
      lastHeardAt = Date.now();
      setState("joined");
      startHeartbeat();
      options.onOpen?.(info);
    };
    ws.onmessage = (event) => {
      lastHeardAt = Date.now();
      let message: In | null;
      try {
        message = options.parse(event.data);
      } catch {
        message = null;
      }
      if (message !== null) options.onMessage(message);
    };
    // Browsers follow every error with a close event, which does the retrying.
    ws.onerror = () => {};
    ws.onclose = (event) => {
      if (socket === ws) dropped(event.code);
    };
  }

  const handle: LiveSocket<Out> = {
    get state() {
      return state;
    },
    send(message) {
      if (!socket || socket.readyState !== OPEN) return false;
      try {
        socket.send(JSON.stringify(message));
        return true;
      } catch {
        return false;
      }
    },
    close() {
      if (left) return;
      left = true;
      stopFollowingAppState();
      if (reconnectTimer !== null) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      stopHeartbeat();
      const ws = socket;
      socket = null;
      if (ws) {
        setState("leaving");
        detach(ws);
        try {
          ws.close(1000, "leaving");
        } catch {
          // Closing a socket that never opened can throw in some browsers.
        }
      }
      setState("closed");
    },
    reconnectNow() {
      if (left || paused || reconnectTimer === null) return;
      clearTimeout(reconnectTimer);
      reconnectTimer = null;
      connect();
    },
    pause() {
      if (left || paused) return;
      paused = true;
      if (reconnectTimer !== null) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      stopHeartbeat();
      const ws = socket;
      socket = null;
      if (ws) {
        detach(ws);
        try {
          ws.close(1000, "paused");
        } catch {
          // Closing a socket that never opened can throw in some browsers.
        }
      }
      setState("closed");
    },
    resume() {
      if (left || !paused) return;
      paused = false;
      // A fresh start: the first retry after a failed resume waits the shortest delay.
      attempt = 0;
      connect();
    },
  };

  // In the background (the app suspended, or a tab hidden for a while) the socket lets go; on
  // return it reconnects and its open handler fetches what was missed.
  const stopFollowingAppState = onAppStateChange((appState) => (appState === "background" ? handle.pause() : handle.resume()));
  connect();
  return handle;
}
