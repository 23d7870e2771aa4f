// Audio versions and revision notes as the API gives them (shared/revisions-api.ts), and the
// service orders that carry them.
import type { OrderDetail } from "@shared/checkout-api";
import type { OrderVersion, RevisionNote } from "@shared/revisions-api";
import { encodeWaveform } from "@shared/waveform";
import { NOW } from "../posts/fixtures";
import { makeOrder } from "./fixtures";

/** v{number} of order o1: 3:00 long unless said otherwise, delivered unless `deliveredAt: null`. */
export function makeVersion(number: number, overrides: Partial<OrderVersion> = {}): OrderVersion {
  const id = overrides.id ?? `v${number}`;
  return {
    id,
    number,
    fileId: `f${number}`,
    fileName: `mix-v${number}.wav`,
    size: 31_000_000,
    contentType: "audio/wav",
    note: null,
    durationMs: 180_000,
    waveform: encodeWaveform([0.2, 0.4 + number / 10, 0.9]),
    loudness: null,
    audioUrl: `/api/orders/o1/versions/${id}/audio`,
    createdAt: NOW - (10 - number) * 3_600_000,
    deliveredAt: NOW - (10 - number) * 3_600_000 + 60_000,
    ...overrides,
  };
}

export function makeNote(id: string, overrides: Partial<RevisionNote> = {}): RevisionNote {
  return {
    id,
    versionId: "v1",
    versionNumber: 1,
    atMs: 10_000,
    endMs: null,
    body: "Vocal too loud",
    state: "open",
    createdAt: NOW - 3_600_000,
    requestedAt: NOW - 3_000_000,
    resolvedInVersionId: null,
    resolvedInVersionNumber: null,
    resolvedAt: null,
    ...overrides,
  };
}

/** A service order of "Mix a single"; the buyer's unless `role: "seller"`. */
export function serviceOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return makeOrder({
    itemType: "service",
    itemId: "s1",
    kind: "service",
    productType: null,
    itemName: "Mix a single",
    hasProductFile: false,
    status: "delivered",
    ...overrides,
  });
}

/** The same order seen by its seller (Rae Kim bought it). */
export function serviceSale(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return serviceOrder({ role: "seller", counterpart: { id: "u3", username: "rae", displayName: "Rae Kim", avatarUrl: null }, ...overrides });
}
