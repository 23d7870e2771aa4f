// After the run, with the server stopped: the local D1 file opened read-only (found as
// tests/bench/scale/dataset.mjs finds it) and held against what the users were told. Every
// acknowledged write exists exactly once, nothing unacknowledged exists twice, every counter equals
// its rows, and no order is stuck between states or fulfilled twice.
import { DatabaseSync } from "node:sqlite";
import { d1File } from "../scale/dataset.mjs";

/** Chunks of at most 90 values (SQLite's and D1's bound-parameter limits). */
function chunks(list, size = 90) {
  const out = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Runs one check; answers a row of the report: name, checked, failures, examples. */
function check(name, items, failing) {
  const failures = items.filter(failing);
  return { name, checked: items.length, failed: failures.length, examples: failures.slice(0, 3) };
}

export function checkIntegrity({ state, ledger, storm, browser }) {
  const db = new DatabaseSync(d1File(state), { readOnly: true });
  try {
    const one = (sql, ...args) => db.prepare(sql).get(...args);
    const results = [];

    // Likes and bookmarks: the last acknowledged state is the stored one.
    const toggles = [];
    for (const [key, state2] of ledger.toggles) {
      const [userId, postId] = key.split("|");
      for (const kind of ["liked", "bookmarked"]) {
        if (state2[kind] === undefined || ledger.unknownToggles.has(`${key}|${kind}`)) continue;
        toggles.push({ userId, postId, kind, want: state2[kind] });
      }
    }
    results.push(
      check("likes/bookmarks: stored state = last acknowledged", toggles, (t) => {
        const table = t.kind === "liked" ? "post_likes" : "bookmarks";
        const n = one(`select count(*) as n from ${table} where user_id = ? and post_id = ?`, t.userId, t.postId).n;
        return n !== (t.want ? 1 : 0);
      }),
    );

    // Comments: acknowledged ones exactly once (by id and by their unique text); the others at most once.
    results.push(check("comments acknowledged: stored exactly once", ledger.comments, (c) => one("select count(*) as n from comments where content = ?", c.content).n !== 1 || !one("select 1 as x from comments where id = ?", c.id)));
    results.push(check("comments not acknowledged: stored at most once", ledger.unackedComments, (c) => one("select count(*) as n from comments where content = ?", c.content).n > 1));

    // Messages: by sender and client id, exactly once when acknowledged, at most once otherwise.
    const byClient = (m) => one("select count(*) as n from messages where sender_id = ? and client_id = ?", m.senderId, m.clientId).n;
    results.push(check("messages acknowledged: stored exactly once (client id)", ledger.messages, (m) => byClient(m) !== 1));
    results.push(check("messages not acknowledged: stored at most once", ledger.unackedMessages, (m) => byClient(m) > 1));
    results.push(check("messages acknowledged: heard by the receiver (frame or catch-up)", ledger.messages, (m) => !ledger.received.has(m.clientId)));

    // Uploads: each acknowledged post exists.
    results.push(check("uploads acknowledged: the post exists", ledger.uploads, (id) => !one("select 1 as x from posts where id = ?", id)));

    // Counters equal their rows, for every post and profile.
    const postCounters = db
      .prepare(
        `select p.id, p.likes_count as likes, p.comments_count as comments,
          (select count(*) from post_likes l where l.post_id = p.id) as likeRows,
          (select count(*) from comments c where c.post_id = p.id) as commentRows
        from posts p`,
      )
      .all();
    results.push(check("posts: likes_count = like rows, comments_count = comment rows", postCounters, (p) => p.likes !== p.likeRows || p.comments !== p.commentRows));
    const profileCounters = db.prepare("select pr.user_id as id, pr.post_count as posts, (select count(*) from posts p where p.user_id = pr.user_id) as postRows from profiles pr").all();
    results.push(check("profiles: post_count = post rows", profileCounters, (p) => p.posts !== p.postRows));

    // Orders: a confirmed order is paid, with one 'paid' step and one receipt and one sale mail;
    // every order's status is its newest history step; none stays pending once confirmed.
    const orderFacts = (order) => {
      const row = one("select status from orders where id = ?", order.id);
      const paidSteps = one("select count(*) as n from order_history where order_id = ? and status = 'paid'", order.id).n;
      const last = one("select status from order_history where order_id = ? order by created_at desc, rowid desc limit 1", order.id);
      const receipts = one("select count(*) as n from mail_outbox where to_email = ? and subject like 'Your receipt for %' and text like ?", order.buyerEmail, `%/orders/${order.id}%`).n;
      const sales = one("select count(*) as n from mail_outbox where to_email <> ? and subject like 'You made a sale: %' and text like ?", order.buyerEmail, `%/orders/${order.id}%`).n;
      return { id: order.id, status: row?.status, last: last?.status, paidSteps, receipts, sales, confirmAnswered: order.confirmAnswered };
    };
    const bought = ledger.orders.map(orderFacts);
    const confirmed = bought.filter((o, i) => ledger.orders[i].confirmed);
    results.push(check("orders confirmed: paid once, one receipt, one sale mail", confirmed, (o) => o.status !== "paid" || o.paidSteps !== 1 || o.receipts !== 1 || o.sales !== 1));
    results.push(check("orders: status = newest history step, at most one 'paid' step", bought, (o) => !o.status || (o.last !== undefined && o.last !== o.status) || o.paidSteps > 1 || o.receipts > 1));
    const unconfirmed = bought.filter((o, i) => !ledger.orders[i].confirmed);
    results.push(check("orders whose confirmation was never acknowledged: pending or paid once", unconfirmed, (o) => !["pending", "paid"].includes(o.status) || o.paidSteps > 1));

    if (storm) {
      const stormFacts = storm.orders.map(orderFacts);
      results.push(check("webhook storm: each order paid once, one receipt, one sale mail", stormFacts, (o) => o.status !== "paid" || o.paidSteps !== 1 || o.receipts !== 1 || o.sales !== 1));
      const eventIds = [...new Set(storm.eventIds)];
      const stored = chunks(eventIds).reduce((n, ids) => n + one(`select count(*) as n from stripe_events where id in (${ids.map(() => "?").join(",")})`, ...ids).n, 0);
      results.push({ name: "webhook storm: each distinct event recorded once", checked: eventIds.length, failed: eventIds.length - stored, examples: [] });
    }

    if (browser?.clientContent) {
      const rows = db.prepare("select client_id as clientId from messages where sender_id = ? and content = ?").all(browser.userId, browser.clientContent);
      results.push({
        name: "browser: the message typed during the outage stored exactly once, with a client id",
        checked: 1,
        failed: rows.length === 1 && rows[0].clientId ? 0 : 1,
        examples: rows.length === 1 ? [] : [{ rows: rows.length }],
      });
    }

    return results;
  } finally {
    db.close();
  }
}
