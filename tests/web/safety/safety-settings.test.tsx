// The /settings sections (issue #27; decision record 0082): blocked accounts with one-tap Unblock,
// muted accounts with Unmute, muted words added (checked by the shared rule first) and removed,
// and each list's empty and error states.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SAFETY_TEXTS } from "@shared/messages";
import { SafetySettings } from "@web/features/safety/components/safety-settings";
import { apiError, json, mockApi } from "../auth/helpers";
import { findToast, renderSocial } from "../social/helpers";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const person = (userId: string, username: string) => ({ person: { userId, username, displayName: username.toUpperCase(), avatarUrl: null }, since: 1 });
const EMPTY = { items: [], nextCursor: null };
const S = SAFETY_TEXTS;

describe("SafetySettings", () => {
  it("lists blocked accounts and unblocks one in one tap", async () => {
    const user = userEvent.setup();
    let blocked = [person("u2", "jonah"), person("u3", "maya")];
    const api = mockApi({
      "GET /api/blocks": () => json({ items: blocked, nextCursor: null }),
      "DELETE /api/users/u2/block": () => {
        blocked = blocked.filter((b) => b.person.userId !== "u2");
        return json({ blocked: false });
      },
      "GET /api/mutes": json(EMPTY),
      "GET /api/muted-words": json({ items: [] }),
    });
    renderSocial(<SafetySettings />);
    const section = await screen.findByTestId("blocked-accounts");
    const list = await within(section).findByRole("list", { name: S.blockedSection.title });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    await user.click(within(section).getByRole("button", { name: S.unblock("jonah") }));
    expect(await findToast(S.unblocked("jonah").title)).toBeInTheDocument();
    expect(api.callsTo("DELETE", "/api/users/u2/block")).toHaveLength(1);
    await waitFor(() => expect(within(section).queryByText("@jonah")).toBeNull());
    expect(within(section).getByText("@maya")).toBeInTheDocument();
    // The muted lists say they are empty.
    expect(await screen.findByText(S.mutedSection.empty)).toBeInTheDocument();
    expect(await screen.findByText(S.mutedSection.wordsEmpty)).toBeInTheDocument();
  });

  it("says when nobody is blocked, and offers Retry when the list fails", async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({
      "GET /api/blocks": () => (fail ? apiError(500, "internal", "An unexpected error occurred") : json(EMPTY)),
      "GET /api/mutes": json(EMPTY),
      "GET /api/muted-words": json({ items: [] }),
    });
    renderSocial(<SafetySettings />);
    const section = await screen.findByTestId("blocked-accounts");
    expect(await within(section).findByText(S.blockedSection.error)).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole("button", { name: "Retry" }));
    expect(await within(section).findByText(S.blockedSection.empty)).toBeInTheDocument();
  });

  it("unmutes an account, adds a muted word normalised and removes it", async () => {
    const user = userEvent.setup();
    let words: { id: string; word: string; createdAt: number }[] = [];
    const api = mockApi({
      "GET /api/blocks": json(EMPTY),
      "GET /api/mutes": json({ items: [person("u4", "loud")], nextCursor: null }),
      "DELETE /api/users/u4/mute": json({ muted: false }),
      "GET /api/muted-words": () => json({ items: words }),
      "POST /api/muted-words": (call: { body: unknown }) => {
        const word = { id: "w1", word: (call.body as { word: string }).word, createdAt: 1 };
        words = [word];
        return json(word, 201);
      },
      "DELETE /api/muted-words/w1": () => {
        words = [];
        return json({ ok: true });
      },
    });
    renderSocial(<SafetySettings />);
    const section = await screen.findByTestId("muted-settings");
    await user.click(await within(section).findByRole("button", { name: S.unmute("loud") }));
    expect(await findToast(S.unmuted("loud").title)).toBeInTheDocument();
    expect(api.callsTo("DELETE", "/api/users/u4/mute")).toHaveLength(1);

    // A word of symbols only is refused before any request.
    await user.type(within(section).getByRole("textbox", { name: S.mutedSection.wordLabel }), "!!!");
    await user.click(within(section).getByRole("button", { name: S.mutedSection.add }));
    expect(await within(section).findByRole("alert")).toHaveTextContent(S.mutedWordInvalid);
    expect(api.callsTo("POST", "/api/muted-words")).toHaveLength(0);

    const box = within(section).getByRole("textbox", { name: S.mutedSection.wordLabel });
    await user.clear(box);
    await user.type(box, "#Spoilers!");
    await user.click(within(section).getByRole("button", { name: S.mutedSection.add }));
    await waitFor(() => expect(api.callsTo("POST", "/api/muted-words").map((c) => c.body)).toEqual([{ word: "spoilers" }]));
    const chip = await within(section).findByRole("button", { name: S.mutedSection.remove("spoilers") });
    expect(box).toHaveValue("");
    await user.click(chip);
    await waitFor(() => expect(api.callsTo("DELETE", "/api/muted-words/w1")).toHaveLength(1));
    expect(await within(section).findByText(S.mutedSection.wordsEmpty)).toBeInTheDocument();
  });
});
