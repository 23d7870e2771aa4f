// Links in direct messages (issue #27 item 10; decision record 0085): between people who follow
// each other, have an order between them, or where the recipient has written before, a link goes
// through; in a first message to a stranger it is held back with a reason naming them, nothing is
// stored and no content violation is logged. Every other part of the screen still applies.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@shared/messaging-api";
import { messages, securityEvents } from "../../../worker/db/schema";
import { api, db, expectError, insertOrder, json, openConversationWith, sendMessage, sentMessage, signedInUser, type SignedInUser } from "../helpers";

const LINK = "Stems here: https://www.dropbox.com/s/abc/stems.zip?dl=0";

async function storedTexts(conversationId: string): Promise<string[]> {
  return (await db().select({ content: messages.content }).from(messages).where(eq(messages.conversationId, conversationId))).map((r) => r.content);
}

async function violations(userId: string) {
  return db()
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.eventType, "content_violation")));
}

const follow = async (who: SignedInUser, target: string) =>
  expect((await api(`/api/users/${target}/follow`, { method: "PUT", cookie: who.cookie, body: { following: true } })).status).toBe(200);

async function pair() {
  const mara = await signedInUser({ displayName: "Mara Mixdown" });
  const theo = await signedInUser({ displayName: "Theo Tape" });
  const conversationId = await openConversationWith(theo, mara.id);
  return { mara, theo, conversationId };
}

describe("links in messages", () => {
  it("holds back a link in a first message to a stranger, says why, stores nothing and logs no violation", async () => {
    const { theo, conversationId } = await pair();
    const domainOnly = await sendMessage(theo, conversationId, "my demo is on soundcloud.com/theo");
    await expectError(domainOnly, 400, "Links can be sent once Mara Mixdown replies. Send your message without the link for now.");
    await expectError(await sendMessage(theo, conversationId, LINK), 400, "Links can be sent once Mara Mixdown replies. Send your message without the link for now.");
    expect(await storedTexts(conversationId)).toEqual([]);
    expect(await violations(theo.id)).toEqual([]);
    // Theo's own earlier messages do not count: only the recipient's.
    await sentMessage(theo, conversationId, "Hi Mara, loved your last mix");
    await expectError(await sendMessage(theo, conversationId, LINK), 400);
    expect(await storedTexts(conversationId)).toEqual(["Hi Mara, loved your last mix"]);
  });

  it("lets links through once the recipient has replied", async () => {
    const { mara, theo, conversationId } = await pair();
    await sentMessage(mara, conversationId, "Hey Theo");
    const stored = await json<ChatMessage>(await sendMessage(theo, conversationId, LINK), 201);
    expect(stored.content).toBe(LINK);
    expect(await storedTexts(conversationId)).toContain(LINK);
  });

  it("lets links through between people who follow each other, not on a one-way follow", async () => {
    const { mara, theo, conversationId } = await pair();
    await follow(theo, mara.id);
    await expectError(await sendMessage(theo, conversationId, LINK), 400);
    await follow(mara, theo.id);
    expect((await sendMessage(theo, conversationId, LINK)).status).toBe(201);
  });

  it("lets links through when there is an order between them, either way round", async () => {
    const { mara, theo, conversationId } = await pair();
    await insertOrder({ buyerId: mara.id, sellerId: theo.id });
    expect((await sendMessage(theo, conversationId, LINK)).status).toBe(201);
    const other = await pair();
    await insertOrder({ buyerId: other.theo.id, sellerId: other.mara.id });
    expect((await sendMessage(other.theo, other.conversationId, LINK)).status).toBe(201);
  });

  it("keeps the rest of the screen for trusted people: scam wording is still refused and logged", async () => {
    const { mara, theo, conversationId } = await pair();
    await sentMessage(mara, conversationId, "Hey Theo");
    await expectError(await sendMessage(theo, conversationId, "Double your money with crypto: https://example.com"), 400);
    expect(await storedTexts(conversationId)).toEqual(["Hey Theo"]);
    expect(await violations(theo.id)).toHaveLength(1);
  });
});
