// /portfolio and the profile's Portfolio tab (decision record 0053): the empty
// states, picking posts, reordering with the keyboard, the limits' texts beside the fields, the
// one save of the whole ordered list, and the public tab in the saved order.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PORTFOLIO_TEXTS } from "@shared/messages";
import type { Portfolio, PortfolioItem } from "@shared/portfolio-api";
import { queryClient } from "@web/lib/query-client";
import { SIGNED_IN, mockApi, renderApp, resetApp } from "../auth/helpers";
import { makePost } from "../posts/fixtures";
import { makeProfile } from "../profiles/fixtures";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
});
afterEach(resetApp);

const own = { userId: "u1", viewer: { liked: false, bookmarked: false, isOwner: true } };
const cover = makePost({ id: "p1", caption: "Album cover", ...own });
const demo = makePost({ id: "p2", caption: "Demo", contentType: "audio", ...own });
const live = makePost({ id: "p3", caption: "Live set", contentType: "video", ...own });

function item(post: typeof cover, position: number, title: string, note = ""): PortfolioItem {
  return { postId: post.id, position, title, note, post };
}

const BASE = { "GET /api/auth/session": SIGNED_IN, "GET /api/unread": { messages: 0, activity: 0 } };

function titles(): string[] {
  return screen.getAllByTestId("portfolio-item").map((node) => (within(node).getByLabelText(PORTFOLIO_TEXTS.titleLabel) as HTMLInputElement).value);
}

describe("/portfolio", () => {
  it("says how to start when the portfolio and the posts are both empty", async () => {
    mockApi({ ...BASE, "GET /api/portfolio": { items: [] }, "GET /api/users/u1/posts": { items: [], nextCursor: null } });
    renderApp("/portfolio");
    expect(await screen.findByTestId("portfolio-empty")).toHaveTextContent(PORTFOLIO_TEXTS.emptyOwner);
    expect(await screen.findByTestId("portfolio-no-posts")).toHaveTextContent(PORTFOLIO_TEXTS.noPosts);
    expect(screen.getByRole("link", { name: PORTFOLIO_TEXTS.uploadLink })).toHaveAttribute("href", "/upload");
    expect(screen.getByTestId("portfolio-save")).toBeDisabled();
  });

  it("adds picked posts, reorders them with the keyboard and saves the whole list in that order", async () => {
    const api = mockApi({
      ...BASE,
      "GET /api/portfolio": { items: [] },
      "GET /api/users/u1/posts": { items: [cover, demo, live], nextCursor: null },
      "PUT /api/portfolio": (call: { body: unknown }) => {
        const sent = (call.body as { items: { postId: string; title: string; note: string }[] }).items;
        const posts = { p1: cover, p2: demo, p3: live } as Record<string, typeof cover>;
        return Response.json({ items: sent.map((entry, i) => item(posts[entry.postId]!, i, entry.title, entry.note)) } satisfies Portfolio);
      },
    });
    const user = userEvent.setup();
    renderApp("/portfolio");
    const picker = await screen.findByTestId("portfolio-picker");
    await user.click(within(picker).getByRole("button", { name: `${PORTFOLIO_TEXTS.add}: Album cover` }));
    await user.click(within(picker).getByRole("button", { name: `${PORTFOLIO_TEXTS.add}: Live set` }));
    expect(within(picker).getByRole("button", { name: `${PORTFOLIO_TEXTS.added}: Album cover` })).toBeDisabled();
    expect(titles()).toEqual(["Album cover", "Live set"]);
    expect(screen.getByText(PORTFOLIO_TEXTS.unsaved)).toBeInTheDocument();

    // Keyboard only: focus Live set's "Move up" and press Enter; the move is announced.
    screen.getByRole("button", { name: `${PORTFOLIO_TEXTS.moveUp}: Live set` }).focus();
    await user.keyboard("{Enter}");
    expect(titles()).toEqual(["Live set", "Album cover"]);
    expect(screen.getByText(PORTFOLIO_TEXTS.announcements.movedTo("Live set", 1, 2))).toBeInTheDocument();
    expect(screen.getByRole("button", { name: `${PORTFOLIO_TEXTS.moveUp}: Live set` })).toBeDisabled();

    const [first] = screen.getAllByTestId("portfolio-item");
    await user.type(within(first!).getByLabelText(PORTFOLIO_TEXTS.noteLabel), "Recorded at the Roundhouse");
    await user.click(screen.getByTestId("portfolio-save"));
    await waitFor(() => expect(api.callsTo("PUT", "/api/portfolio")).toHaveLength(1));
    expect(api.callsTo("PUT", "/api/portfolio")[0]!.body).toEqual({
      items: [
        { postId: "p3", title: "Live set", note: "Recorded at the Roundhouse" },
        { postId: "p1", title: "Album cover", note: "" },
      ],
    });
    await waitFor(() => expect(screen.getByTestId("portfolio-save")).toBeDisabled());
  });

  it("gives each drag handle a name and the screen-reader instructions of the keyboard sensor", async () => {
    mockApi({ ...BASE, "GET /api/portfolio": { items: [item(cover, 0, "Album cover"), item(demo, 1, "Demo")] }, "GET /api/users/u1/posts": { items: [cover, demo], nextCursor: null } });
    renderApp("/portfolio");
    const handle = await screen.findByRole("button", { name: PORTFOLIO_TEXTS.dragHandle("Album cover") });
    expect(handle).toHaveAttribute("aria-roledescription", "sortable");
    const describedBy = handle.getAttribute("aria-describedby");
    expect(describedBy && document.getElementById(describedBy)).toHaveTextContent(PORTFOLIO_TEXTS.dragInstructions);
  });

  it("shows the limits' texts beside the field and sends nothing", async () => {
    const api = mockApi({ ...BASE, "GET /api/portfolio": { items: [item(cover, 0, "Album cover")] }, "GET /api/users/u1/posts": { items: [cover], nextCursor: null } });
    const user = userEvent.setup();
    renderApp("/portfolio");
    const title = await screen.findByLabelText(PORTFOLIO_TEXTS.titleLabel);
    await user.clear(title);
    await user.type(title, "   ");
    await user.click(screen.getByTestId("portfolio-save"));
    expect(await screen.findByText(PORTFOLIO_TEXTS.titleRequired)).toBeInTheDocument();
    expect(api.callsTo("PUT", "/api/portfolio")).toHaveLength(0);
  });
});

describe("the profile's Portfolio tab", () => {
  it("shows the items in the saved order with their notes, each opening its post", async () => {
    mockApi({
      ...BASE,
      "GET /api/users/u2": makeProfile(),
      "GET /api/users/u2/follow": { following: false },
      "GET /api/users/u2/posts": { items: [], nextCursor: null },
      "GET /api/users/u2/portfolio": { items: [item(live, 0, "Live set", "Recorded live"), item(cover, 1, "Album cover")] },
    });
    renderApp("/profile/u2?tab=portfolio");
    const list = await screen.findByTestId("public-portfolio");
    const links = within(list).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["Live setRecorded live", "Album cover"]);
    expect(links[0]).toHaveAttribute("href", "/post/p3");
    expect(screen.getByRole("tab", { name: PORTFOLIO_TEXTS.tab })).toHaveAttribute("aria-selected", "true");
  });

  it("says when someone has no portfolio yet", async () => {
    mockApi({
      ...BASE,
      "GET /api/users/u2": makeProfile(),
      "GET /api/users/u2/follow": { following: false },
      "GET /api/users/u2/posts": { items: [], nextCursor: null },
      "GET /api/users/u2/portfolio": { items: [] },
    });
    renderApp("/profile/u2?tab=portfolio");
    expect(await screen.findByTestId("public-portfolio-empty")).toHaveTextContent(PORTFOLIO_TEXTS.emptyPublic);
  });
});
