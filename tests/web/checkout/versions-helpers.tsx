// The order page with versions, for the versions and revision-notes tests: the real route at
// /orders/o1 with the API mocked, and the fake wavesurfer (tests/web/posts/wavesurfer-mock.ts)
// of the player that plays a given version.
import { act, screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import type { OrderDetail } from "@shared/checkout-api";
import type { OrderVersion } from "@shared/revisions-api";
import { SIGNED_IN, mockApi, renderApp } from "../auth/helpers";
import { created, type FakeWaveSurfer } from "../posts/wavesurfer-mock";

export function openOrder(order: OrderDetail, routes: Record<string, unknown> = {}): { api: ReturnType<typeof mockApi> } & ReturnType<typeof renderApp> {
  const api = mockApi({ "GET /api/auth/session": SIGNED_IN, [`GET /api/orders/${order.id}`]: order, ...routes });
  const rendered = renderApp(`/orders/${order.id}`);
  return { api, ...rendered };
}

const srcOf = (ws: FakeWaveSurfer) => (ws.options.media as HTMLAudioElement).getAttribute("src");

/** The newest player built for `version`'s audio (a player is rebuilt for each file it plays). */
export async function playerOf(version: OrderVersion): Promise<FakeWaveSurfer> {
  let found: FakeWaveSurfer | undefined;
  await waitFor(() => {
    found = created.filter((ws) => srcOf(ws) === version.audioUrl).at(-1);
    expect(found).toBeDefined();
  });
  return found!;
}

/** How many players were built for `version`. */
export const playersOf = (version: OrderVersion) => created.filter((ws) => srcOf(ws) === version.audioUrl).length;

/** The media element says something happened (the listener played, moved, paused): the player's handlers run inside act. */
export async function media(ws: FakeWaveSurfer, event: "play" | "pause" | "timeupdate" | "interaction", seconds?: number) {
  await act(async () => {
    if (seconds !== undefined) ws.state.time = seconds;
    if (event === "play") ws.state.playing = true;
    if (event === "pause") ws.state.playing = false;
    ws.emit(event, ...(seconds === undefined ? [] : [seconds]));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** The versions section, once the order has loaded. */
export const versionsSection = () => screen.findByTestId("order-versions");
