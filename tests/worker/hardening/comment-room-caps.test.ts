// One client cannot open thousands of sockets on one post's
// comment room. Sockets are capped per IP and per signed-in user in each room, and in total;
// a socket over a cap is closed at once with the shared "too many listeners" code, before it is
// welcomed or counted. Decision record 0020.
import { describe, expect, it } from "vitest";
import { CLOSE_TOO_MANY_LISTENERS } from "@shared/realtime";
import { MAX_LISTENERS_PER_IP, MAX_LISTENERS_PER_ROOM, MAX_LISTENERS_PER_USER, refusalReason } from "../../../worker/realtime/comment-room";
import { type Listener, listen, randomIp, roomOf, signedInUser, signedInUserWithPost } from "../helpers";

const closeAll = (listeners: Listener[]) => listeners.forEach((l) => l.close());

/** The close event of a socket that should be refused; fails clearly if the room admitted it. */
async function refusal(l: Listener): Promise<CloseEvent> {
  const admitted = l.next("welcome", () => true, 3000).then((m) => m);
  const outcome = await Promise.race([l.closed, admitted.catch(() => null)]);
  if (!outcome || !("code" in outcome)) throw new Error(`expected the socket to be refused, but it was ${outcome ? "welcomed" : "left open"}`);
  return outcome;
}

describe("CommentRoom socket caps", () => {
  it("closes the socket one IP opens past its cap with the defined code, and still admits other IPs", async () => {
    const { postId } = await signedInUserWithPost();
    const ip = randomIp();
    const admitted = await Promise.all(Array.from({ length: MAX_LISTENERS_PER_IP }, () => listen(postId, null, { "cf-connecting-ip": ip })));
    for (const l of admitted) await l.next("welcome");

    const refused = await listen(postId, null, { "cf-connecting-ip": ip });
    const closed = await refusal(refused);
    expect(closed.code).toBe(CLOSE_TOO_MANY_LISTENERS);
    expect(closed.reason).toMatch(/too many/i);
    expect(refused.messages).toEqual([]);
    expect(await roomOf(postId).listeners()).toBe(MAX_LISTENERS_PER_IP);

    const other = await listen(postId, null, { "cf-connecting-ip": randomIp() });
    await other.next("welcome");
    // A freed slot is usable again.
    admitted[0]!.close();
    await admitted[0]!.closed;
    const again = await listen(postId, null, { "cf-connecting-ip": ip });
    await again.next("welcome");
    closeAll([...admitted, other, again]);
  });

  it("caps one signed-in user across IPs", async () => {
    const { postId } = await signedInUserWithPost();
    const fan = await signedInUser();
    const admitted = await Promise.all(Array.from({ length: MAX_LISTENERS_PER_USER }, () => listen(postId, fan, { "cf-connecting-ip": randomIp() })));
    for (const l of admitted) await l.next("welcome");
    const refused = await listen(postId, fan, { "cf-connecting-ip": randomIp() });
    expect((await refusal(refused)).code).toBe(CLOSE_TOO_MANY_LISTENERS);
    // The cap is per room: the same user may listen to another post.
    const elsewhere = await listen((await signedInUserWithPost()).postId, fan, { "cf-connecting-ip": randomIp() });
    await elsewhere.next("welcome");
    closeAll([...admitted, elsewhere]);
  });

  it("refuses past the room's total, the per-IP and the per-user caps, and admits under them", () => {
    const under = { total: 0, sameIp: 0, sameUser: 0 };
    expect(refusalReason(under)).toBeNull();
    expect(refusalReason({ ...under, total: MAX_LISTENERS_PER_ROOM - 1 })).toBeNull();
    expect(refusalReason({ ...under, total: MAX_LISTENERS_PER_ROOM })).toMatch(/too many/i);
    expect(refusalReason({ ...under, sameIp: MAX_LISTENERS_PER_IP })).toMatch(/too many/i);
    expect(refusalReason({ ...under, sameUser: MAX_LISTENERS_PER_USER })).toMatch(/too many/i);
    expect(MAX_LISTENERS_PER_USER).toBeLessThan(MAX_LISTENERS_PER_IP);
    expect(MAX_LISTENERS_PER_IP).toBeLessThan(MAX_LISTENERS_PER_ROOM);
  });
});
