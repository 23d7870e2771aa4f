import { describe, expect, it } from "vitest";
import * as shared from "../../shared/index";
import {
  ACCOUNT_MESSAGES,
  activityText,
  errorToast,
  followingToast,
  MARKETPLACE_MESSAGES,
  PAYMENT_MESSAGES,
  paymentSessionFailedWith,
  POST_ERRORS,
  SHELL_TOASTS,
  tooManyAttempts,
  unfollowedToast,
  uploadLimitReached,
} from "../../shared/messages";

describe("message catalogue", () => {
  it("keeps the spec's texts verbatim", () => {
    expect(errorToast(POST_ERRORS.createPost)).toEqual({ title: "Error", description: "Failed to create post. Please try again." });
    expect(POST_ERRORS.deleteOthersPost).toBe("You can only delete your own posts");
    expect(tooManyAttempts(15)).toEqual({ title: "Too Many Attempts", description: "Please wait 15 minutes before trying again" });
    expect(uploadLimitReached(60)).toEqual({ title: "Upload Limit Reached", description: "Please wait 60 minutes before uploading again" });
    expect(followingToast("djmax")).toEqual({ title: "Following", description: "You are now following @djmax" });
    expect(unfollowedToast("djmax")).toEqual({ title: "Unfollowed", description: "You unfollowed @djmax" });
    expect(SHELL_TOASTS.offline).toEqual({ title: "You're Offline", description: "Don't worry, the app still works offline!" });
    expect(PAYMENT_MESSAGES.noClientSecret).toBe("Invalid payment response - no client secret");
    expect(paymentSessionFailedWith("card declined")).toBe("Failed to create payment session: card declined");
    expect(ACCOUNT_MESSAGES.profileUpdated).toEqual({ title: "Profile updated", description: "Your profile has been successfully updated" });
    expect(MARKETPLACE_MESSAGES.serviceDeleted).toBe("Service deleted successfully");
    expect(activityText("follow", "Ana")).toBe("Ana started following you");
  });

  it("exports the public surface from shared/index without clashes", () => {
    for (const name of ["screenContent", "sniffMime", "validateUpload", "computePlatformFee", "signUpSchema", "POST_ERRORS", "ERROR_STATUS", "RATE_LIMITS"]) {
      expect(shared, name).toHaveProperty(name);
    }
  });
});
