// A sign-in made on the /auth page without the app (decision record 0098) that cancelled a
// requested deletion: the app shows the toast it would have shown, on the page the form went to,
// once.
import { afterEach, describe, expect, it, vi } from "vitest";
import { carrySignInNotice } from "@web/features/auth/carried-notice";
import { showCarriedSignInNotice } from "@web/features/auth/sign-in-notice";

const toast = vi.hoisted(() => ({ notify: vi.fn(), notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock("@web/components/ui/toast", () => toast);

afterEach(() => {
  sessionStorage.clear();
  toast.notifySuccess.mockReset();
});

describe("the notice a sign-in on the /auth page carries to the next page", () => {
  it("is shown by the app once, as the toast of a cancelled deletion", () => {
    showCarriedSignInNotice();
    expect(toast.notifySuccess).not.toHaveBeenCalled();
    carrySignInNotice("deletion-cancelled");
    showCarriedSignInNotice();
    expect(toast.notifySuccess).toHaveBeenCalledTimes(1);
    expect(toast.notifySuccess.mock.calls[0]?.[0]).toBe("Welcome back");
    showCarriedSignInNotice();
    expect(toast.notifySuccess).toHaveBeenCalledTimes(1);
  });

  it("ignores anything else stored under its name", () => {
    sessionStorage.setItem("backline:sign-in-notice", "<img src=x>");
    showCarriedSignInNotice();
    expect(toast.notifySuccess).not.toHaveBeenCalled();
    expect(sessionStorage.getItem("backline:sign-in-notice")).toBeNull();
  });
});
