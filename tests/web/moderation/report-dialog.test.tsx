// The Report dialog (issue #27 item 3; decision record 0083): the reasons as radios, words required
// for "Something else", what it sends, the confirmation, and the server's refusal kept in the dialog.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReportButton } from "@web/components/report-dialog";
import { apiError, mockApi } from "../auth/helpers";
import { findToast, renderSocial } from "../social/helpers";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

afterEach(() => vi.unstubAllGlobals());

const receipt = { id: "r1", targetType: "post", targetId: "p1", reason: "spam", status: "open", createdAt: 1 };

describe("ReportDialog", () => {
  it("sends the chosen reason for the target and confirms", async () => {
    const api = mockApi({ "POST /api/reports": receipt });
    const user = userEvent.setup();
    renderSocial(<ReportButton targetType="post" targetId="p1" />);
    await user.click(await screen.findByRole("button", { name: "Report: post" }));
    expect(await screen.findByRole("heading", { name: "Report this post" })).toBeInTheDocument();
    const radios = screen.getAllByRole("radio");
    expect(radios.map((radio) => radio.parentElement?.textContent)).toEqual([
      "Spam",
      "Harassment or bullying",
      "Impersonation",
      "Intellectual property violation",
      "Scam or fraud",
      "Something else",
    ]);
    // Nothing chosen: our words, and nothing sent.
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please choose a reason");
    expect(api.callsTo("POST", "/api/reports")).toEqual([]);

    await user.click(screen.getByRole("radio", { name: "Spam" }));
    await user.click(screen.getByRole("button", { name: "Send report" }));
    await findToast("Report sent");
    expect(api.callsTo("POST", "/api/reports").map((call) => call.body)).toEqual([{ targetType: "post", targetId: "p1", reason: "spam" }]);
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Report this post" })).not.toBeInTheDocument());
  });

  it("asks for words with 'Something else' and sends them", async () => {
    const api = mockApi({ "POST /api/reports": { ...receipt, reason: "other" } });
    const user = userEvent.setup();
    renderSocial(<ReportButton targetType="comment" targetId="c1" />);
    await user.click(await screen.findByRole("button", { name: "Report: comment" }));
    await user.click(screen.getByRole("radio", { name: "Something else" }));
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please tell us what is wrong");
    expect(api.callsTo("POST", "/api/reports")).toEqual([]);
    await user.type(screen.getByLabelText("What is wrong?"), "Posts my lyrics as their own");
    await user.click(screen.getByRole("button", { name: "Send report" }));
    await waitFor(() =>
      expect(api.callsTo("POST", "/api/reports").map((call) => call.body)).toEqual([
        { targetType: "comment", targetId: "c1", reason: "other", details: "Posts my lyrics as their own" },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Report this comment" })).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the server's words when it refuses", async () => {
    mockApi({ "POST /api/reports": apiError(400, "bad_request", "You cannot report your own content") });
    const user = userEvent.setup();
    renderSocial(<ReportButton targetType="profile" targetId="u1" />);
    await user.click(await screen.findByRole("button", { name: "Report: profile" }));
    await user.click(screen.getByRole("radio", { name: "Impersonation" }));
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You cannot report your own content");
    expect(screen.getByRole("heading", { name: "Report this profile" })).toBeInTheDocument();
  });
});
