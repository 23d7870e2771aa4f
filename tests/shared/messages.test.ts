import { describe, expect, it } from "vitest";
import { ERROR_TOAST_TITLE, POST_ERRORS, SECURITY_TEXTS, SHELL_TEXTS, SOCIAL_TEXTS } from "@shared/messages";

describe("message catalogue", () => {
  it("keeps the spec's texts verbatim", () => {
    expect({ title: ERROR_TOAST_TITLE, description: POST_ERRORS.createPost }).toEqual({
      title: "Error",
      description: "Failed to create post. Please try again.",
    });
    expect(POST_ERRORS.deleteOthersPost).toBe("You can only delete your own posts");
    expect(SECURITY_TEXTS.tooManyAttempts(15)).toEqual({ title: "Too Many Attempts", description: "Please wait 15 minutes before trying again" });
    expect(SECURITY_TEXTS.uploadLimitReached(60)).toEqual({
      title: "Upload Limit Reached",
      description: "Please wait 60 minutes before uploading again",
    });
    expect(SOCIAL_TEXTS.following("djmax")).toEqual({ title: "Following", description: "You are now following @djmax" });
    expect(SOCIAL_TEXTS.unfollowed("djmax")).toEqual({ title: "Unfollowed", description: "You unfollowed @djmax" });
    expect(SHELL_TEXTS.toasts.offline).toEqual({ title: "You're Offline", description: "Don't worry, the app still works offline!" });
  });
});
