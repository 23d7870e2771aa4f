// The block and mute menu (issue #27; decision record 0082): hidden on one's own content and for
// visitors, Block only after a confirmation that says what happens, the host told afterwards,
// Mute at once with an Undo in its toast, Unblock in one step, and the server's text on failure.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SAFETY_TEXTS } from "@shared/messages";
import { SafetyMenu } from "@web/components/safety-menu";
import { apiError, json, mockApi } from "../auth/helpers";
import { findToast, renderSocial } from "../social/helpers";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const JONAH = { userId: "u2", username: "jonah" };

async function renderMenu(routes: Parameters<typeof mockApi>[0], viewerId: string | null = "u1", onBlocked = vi.fn()) {
  const api = mockApi(routes);
  renderSocial(
    <div data-testid="host">
      <SafetyMenu user={JONAH} viewerId={viewerId} onBlocked={onBlocked} />
    </div>,
  );
  await screen.findByTestId("host");
  return { api, onBlocked };
}

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: SAFETY_TEXTS.menuLabel }));
}

describe("SafetyMenu", () => {
  it("is not shown on one's own content or to visitors", async () => {
    await renderMenu({}, "u2");
    expect(screen.queryByTestId("safety-menu")).toBeNull();
    await renderMenu({}, null);
    expect(screen.queryByTestId("safety-menu")).toBeNull();
  });

  it("blocks only after the confirmation, then tells the host", async () => {
    const user = userEvent.setup();
    const { api, onBlocked } = await renderMenu({
      "GET /api/users/u2/relation": json({ blocked: false, muted: false }),
      "POST /api/users/u2/block": json({ blocked: true }),
    });
    await openMenu(user);
    await user.click(await screen.findByRole("menuitem", { name: SAFETY_TEXTS.block("jonah") }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent(SAFETY_TEXTS.blockConfirm.title("jonah"));
    expect(dialog).toHaveTextContent(SAFETY_TEXTS.blockConfirm.description);
    expect(api.callsTo("POST", "/api/users/u2/block")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: SAFETY_TEXTS.blockConfirm.confirm }));
    expect(await findToast(SAFETY_TEXTS.blocked("jonah").title)).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/users/u2/block")).toHaveLength(1);
    await waitFor(() => expect(onBlocked).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("cancelling the confirmation blocks nobody", async () => {
    const user = userEvent.setup();
    const { api, onBlocked } = await renderMenu({ "GET /api/users/u2/relation": json({ blocked: false, muted: false }) });
    await openMenu(user);
    await user.click(await screen.findByRole("menuitem", { name: SAFETY_TEXTS.block("jonah") }));
    await user.click(await screen.findByRole("button", { name: SAFETY_TEXTS.blockConfirm.cancel }));
    expect(api.callsTo("POST", "/api/users/u2/block")).toHaveLength(0);
    expect(onBlocked).not.toHaveBeenCalled();
  });

  it("mutes at once and Undo in the toast unmutes", async () => {
    const user = userEvent.setup();
    const { api } = await renderMenu({
      "GET /api/users/u2/relation": json({ blocked: false, muted: false }),
      "POST /api/users/u2/mute": json({ muted: true }),
      "DELETE /api/users/u2/mute": json({ muted: false }),
    });
    await openMenu(user);
    await user.click(await screen.findByRole("menuitem", { name: SAFETY_TEXTS.mute("jonah") }));
    expect(await findToast(SAFETY_TEXTS.muted("jonah").title)).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/users/u2/mute")).toHaveLength(1);
    // A plain click: sonner captures the pointer on pointerdown, which jsdom cannot do.
    fireEvent.click(screen.getByRole("button", { name: SAFETY_TEXTS.undo }));
    await waitFor(() => expect(api.callsTo("DELETE", "/api/users/u2/mute")).toHaveLength(1));
  });

  it("offers Unblock and Unmute for someone already blocked and muted; Unblock needs no confirmation", async () => {
    const user = userEvent.setup();
    const { api } = await renderMenu({
      "GET /api/users/u2/relation": json({ blocked: true, muted: true }),
      "DELETE /api/users/u2/block": json({ blocked: false }),
    });
    await openMenu(user);
    expect(await screen.findByRole("menuitem", { name: SAFETY_TEXTS.unmute("jonah") })).toBeInTheDocument();
    await user.click(screen.getByRole("menuitem", { name: SAFETY_TEXTS.unblock("jonah") }));
    expect(await findToast(SAFETY_TEXTS.unblocked("jonah").title)).toBeInTheDocument();
    expect(api.callsTo("DELETE", "/api/users/u2/block")).toHaveLength(1);
  });

  it("shows the server's text when blocking fails, and does not tell the host", async () => {
    const user = userEvent.setup();
    const { onBlocked } = await renderMenu({
      "GET /api/users/u2/relation": json({ blocked: false, muted: false }),
      "POST /api/users/u2/block": apiError(429, "rate_limited", "Too many attempts. Please try again later."),
    });
    await openMenu(user);
    await user.click(await screen.findByRole("menuitem", { name: SAFETY_TEXTS.block("jonah") }));
    await user.click(await screen.findByRole("button", { name: SAFETY_TEXTS.blockConfirm.confirm }));
    expect(await screen.findByText("Too many attempts. Please try again later.")).toBeInTheDocument();
    expect(onBlocked).not.toHaveBeenCalled();
  });
});
