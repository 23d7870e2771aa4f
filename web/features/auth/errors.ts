// How auth failures reach the user (spec §8): the server's own message in a toast titled Error;
// rate limits titled 'Too Many Attempts' (the title travels in the error's details); anything we
// did not expect as 'An unexpected error occurred'.
import { ERROR_TOAST_TITLE, REQUEST_TEXTS } from "@shared/messages";
import { notifyError } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";

export interface AuthErrorText {
  title: string;
  message: string;
}

function detailsTitle(details: unknown): string | undefined {
  if (typeof details === "object" && details !== null && "title" in details) {
    const title = (details as { title: unknown }).title;
    if (typeof title === "string" && title.length > 0) return title;
  }
  return undefined;
}

export function describeAuthError(error: unknown): AuthErrorText {
  if (error instanceof ApiClientError && error.code !== "network" && error.code !== "internal") {
    return { title: detailsTitle(error.details) ?? ERROR_TOAST_TITLE, message: error.message };
  }
  return { title: ERROR_TOAST_TITLE, message: REQUEST_TEXTS.unexpectedError };
}

export function showAuthError(error: unknown): AuthErrorText {
  const text = describeAuthError(error);
  notifyError(text.message, { title: text.title });
  return text;
}
