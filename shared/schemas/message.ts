// Direct messages (§2 Messages, second document). The spec ignores a blank send without a
// message; the API answers with ours so a client bug is visible.
import { z } from "zod";
import { TEXT_LIMITS } from "../constants";
import { cleanedText, idSchema } from "./common";

export const MESSAGE_EMPTY = "Message cannot be empty";
export const MESSAGE_TOO_LONG = `Message must be at most ${TEXT_LIMITS.message} characters`;

export const messageSendSchema = z.object({
  content: cleanedText(TEXT_LIMITS.message, MESSAGE_TOO_LONG, MESSAGE_EMPTY),
});

/** Opens (or creates) the one conversation between the current user and `userId`. */
export const conversationOpenSchema = z.object({
  userId: idSchema,
});

export type MessageSend = z.output<typeof messageSendSchema>;
export type ConversationOpen = z.output<typeof conversationOpenSchema>;
