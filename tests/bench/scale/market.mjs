// The marketplace and messaging part of the scale dataset (issue #33 item 4), written by
// ./dataset.mjs into the same transaction after the social rows: 10k services and 10k products,
// 2k custom offers, 100k orders in every state of the order state machine (with the history lines,
// paid times, provider references, files, disputes and payout accounts those states imply, and the
// analytics roll-up rows they count towards), and 50k conversations holding 1M messages with their
// read markers. The demo user is the busy account the bench signs in as: the seller of 5k of the
// orders (and the buyer of a few hundred), with 2k conversations, one of them 20k messages long.
//
// Every value comes from its own seeded PRNG and the dataset's fixed clock, so the social rows
// written before stay the rows they were and two runs write the same marketplace.

/** How much of each, and how much of it belongs to the demo user. */
export const MARKET = {
  services: 10_000,
  products: 10_000,
  offers: 2_000,
  orders: 100_000,
  conversations: 50_000,
  messages: 1_000_000,
  /** The demo user's own catalogue (the owner lists of /services and /products page through it). */
  demoServices: 300,
  demoProducts: 300,
  demoOffers: 300,
  /** Orders whose seller is the demo user, of every state (its /payments, /analytics and sales list). */
  demoSales: 5_000,
  /** Orders the demo user bought. */
  demoPurchases: 300,
  demoConversations: 2_000,
  /** The demo user's longest conversation (a chat paged far back). */
  longConversation: 20_000,
};

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

const SERVICE_CATEGORIES = ["recording", "mixing", "production", "lessons", "consultation", "other"];
const PRICING_MODELS = ["hourly", "per_session", "package"];
const PRODUCT_CATEGORIES = ["beats", "samples", "loops", "tracks", "merchandise", "presets", "other"];
/** Paid and the money has not gone back (shared/rules/earnings.ts PAID_SALE_STATUSES). */
const PAID_SALE_STATUSES = ["paid", "in_progress", "shipped", "delivered", "completed"];

/** shared/rules/price.ts platformFeeCents: 5 %, rounded half up, in integer arithmetic. */
const feeOf = (priceCents) => Math.floor((priceCents * 5 + 50) / 100);

/**
 * The path an order took through the state machine (worker/services/payments/orders.ts STEPS and
 * the payment outcomes), per kind, with how often it ends there. Each step is [status, actor];
 * the first is always the buyer's pending order.
 */
const PATHS = {
  digital: [
    [0.03, [["pending", "buyer"]]],
    [0.03, [["pending", "buyer"], ["failed", "system"]]],
    [0.06, [["pending", "buyer"], ["expired", "system"]]],
    [0.12, [["pending", "buyer"], ["paid", "system"]]],
    [0.5, [["pending", "buyer"], ["paid", "system"], ["completed", "buyer"]]],
    [0.22, [["pending", "buyer"], ["paid", "system"], ["completed", "system"]]],
    [0.04, [["pending", "buyer"], ["paid", "system"], ["refunded", "seller"]]],
  ],
  physical: [
    [0.03, [["pending", "buyer"]]],
    [0.03, [["pending", "buyer"], ["failed", "system"]]],
    [0.06, [["pending", "buyer"], ["expired", "system"]]],
    [0.1, [["pending", "buyer"], ["paid", "system"]]],
    [0.14, [["pending", "buyer"], ["paid", "system"], ["shipped", "seller"]]],
    [0.4, [["pending", "buyer"], ["paid", "system"], ["shipped", "seller"], ["completed", "buyer"]]],
    [0.2, [["pending", "buyer"], ["paid", "system"], ["shipped", "seller"], ["completed", "system"]]],
    [0.04, [["pending", "buyer"], ["paid", "system"], ["refunded", "seller"]]],
  ],
  service: [
    [0.03, [["pending", "buyer"]]],
    [0.03, [["pending", "buyer"], ["failed", "system"]]],
    [0.06, [["pending", "buyer"], ["expired", "system"]]],
    [0.1, [["pending", "buyer"], ["paid", "system"]]],
    [0.06, [["pending", "buyer"], ["paid", "system"], ["delivered", "seller"], ["in_progress", "buyer"]]],
    [0.12, [["pending", "buyer"], ["paid", "system"], ["delivered", "seller"]]],
    [0.35, [["pending", "buyer"], ["paid", "system"], ["delivered", "seller"], ["completed", "buyer"]]],
    [0.1, [["pending", "buyer"], ["paid", "system"], ["delivered", "seller"], ["in_progress", "buyer"], ["delivered", "seller"], ["completed", "buyer"]]],
    [0.11, [["pending", "buyer"], ["paid", "system"], ["delivered", "seller"], ["completed", "system"]]],
    [0.04, [["pending", "buyer"], ["paid", "system"], ["refunded", "seller"]]],
  ],
};

function pick(table, u) {
  let acc = 0;
  for (const [share, value] of table) {
    acc += share;
    if (u < acc) return value;
  }
  return table.at(-1)[1];
}

/**
 * Writes the marketplace and the conversations into `db` (inside the caller's transaction).
 * `userIds` are the generated accounts (index 0 the most active), `words` a vocabulary sampler.
 */
export function generateMarket(db, { demoId, userIds, end, days, random, idFrom, someWords, step }) {
  const start = end - days * DAY;
  const anyUser = () => userIds[Math.floor(random() * userIds.length)];
  /** Sellers are skewed like authors: low indices sell far more. */
  const seller = () => userIds[Math.floor(2_000 * random() * random())];
  const timeIn = (from, to) => from + Math.floor(random() * (to - from));

  // --- The catalogue ------------------------------------------------------------------------
  const insertService = db.prepare(
    `insert into services (id, user_id, name, description, category, needs_scheduling, pricing_model, price_cents, package_details, turnaround_days, created_at, updated_at, hidden_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const services = [];
  for (let i = 0; i < MARKET.services; i += 1) {
    const id = idFrom(random);
    const userId = i < MARKET.demoServices ? demoId : seller();
    const category = SERVICE_CATEGORIES[i % SERVICE_CATEGORIES.length];
    const pricingModel = PRICING_MODELS[Math.floor(random() * PRICING_MODELS.length)];
    const packages =
      pricingModel === "package"
        ? [1, 3, 5].map((sessions) => ({ sessions, priceCents: sessions * (4_000 + Math.floor(random() * 20_000)), description: `${sessions} sessions` }))
        : null;
    const priceCents = pricingModel === "package" ? null : 2_000 + Math.floor(random() * 48_000);
    const at = timeIn(start, end - HOUR);
    // One in 250 is hidden by moderation: missing to all but its owner.
    const hiddenAt = random() < 1 / 250 ? at + DAY : null;
    insertService.run(id, userId, `Scale ${category} service ${i}`, `${someWords(12).join(" ")}.`, category, random() < 0.4 ? 1 : 0, pricingModel, priceCents, packages && JSON.stringify(packages), 1 + Math.floor(random() * 14), at, at, hiddenAt);
    services.push({ id, userId, name: `Scale ${category} service ${i}`, priceCents, packages });
  }
  step(`${MARKET.services} services`);

  const insertProduct = db.prepare(
    `insert into products (id, user_id, name, description, category, price_cents, type, file_key, file_name, file_size, file_mime, image_key, created_at, updated_at, hidden_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const products = [];
  for (let i = 0; i < MARKET.products; i += 1) {
    const id = idFrom(random);
    const userId = i < MARKET.demoProducts ? demoId : seller();
    const category = PRODUCT_CATEGORIES[i % PRODUCT_CATEGORIES.length];
    const type = category === "merchandise" || random() < 0.15 ? "physical" : "digital";
    const priceCents = 500 + Math.floor(random() * 19_500);
    const fileKey = type === "digital" ? `product-files/${userId}/${id}.zip` : null;
    const fileName = type === "digital" ? `scale-product-${i}.zip` : null;
    const at = timeIn(start, end - HOUR);
    const hiddenAt = random() < 1 / 250 ? at + DAY : null;
    insertProduct.run(id, userId, `Scale ${category} ${i}`, `${someWords(10).join(" ")}.`, category, priceCents, type, fileKey, fileName, fileKey ? 1_000_000 + Math.floor(random() * 50_000_000) : null, fileKey ? "application/zip" : null, `product-images/${userId}/${id}.jpg`, at, at, hiddenAt);
    products.push({ id, userId, name: `Scale ${category} ${i}`, priceCents, type, fileKey, fileName });
  }
  step(`${MARKET.products} products`);

  // --- Custom offers: open, withdrawn or paid (a paid one is paid by one of the orders below) ---
  const insertOffer = db.prepare(
    `insert into offers (id, seller_id, buyer_id, title, description, price_cents, delivery_days, status, order_id, expires_at, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const paidOffers = [];
  for (let i = 0; i < MARKET.offers; i += 1) {
    const id = idFrom(random);
    const sellerId = i < MARKET.demoOffers ? demoId : seller();
    let buyerId = anyUser();
    while (buyerId === sellerId) buyerId = anyUser();
    const at = timeIn(start, end - HOUR);
    const u = random();
    const status = u < 0.5 ? "paid" : u < 0.65 ? "withdrawn" : "open";
    const offer = { id, sellerId, buyerId, title: `Custom work ${i}`, priceCents: 5_000 + Math.floor(random() * 95_000), at, orderId: status === "paid" ? idFrom(random) : null };
    insertOffer.run(id, sellerId, buyerId, offer.title, `${someWords(8).join(" ")}.`, offer.priceCents, 1 + Math.floor(random() * 21), status, offer.orderId, at + 14 * DAY, at, status === "open" ? at : at + HOUR);
    if (offer.orderId) paidOffers.push(offer);
  }
  step(`${MARKET.offers} offers (${paidOffers.length} paid)`);

  // --- Orders and their history --------------------------------------------------------------
  const insertOrder = db.prepare(
    `insert into orders (id, buyer_id, seller_id, item_type, item_id, item_name, price_cents, fee_cents, total_cents, currency, status, provider,
       provider_session_id, provider_payment_intent_id, created_at, updated_at, paid_at, product_type, file_key, file_name, status_changed_at,
       destination_account_id, offer_id, package_index, package_label, first_downloaded_at, provider_checked_at, dispute_id, dispute_status)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'usd', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, ?)`,
  );
  const insertHistory = db.prepare("insert into order_history (id, order_id, status, actor, note, created_at) values (?, ?, ?, ?, null, ?)");
  const demoServices = services.filter((s) => s.userId === demoId);
  const demoProducts = products.filter((p) => p.userId === demoId);
  const sellersWithSales = new Set();
  let historyLines = 0;
  const counts = {};

  /** One order for `item` of `kind`, bought by `buyerId`, walked along a path of the state machine. */
  function writeOrder({ id = idFrom(random), buyerId, kind, item, offer = null }) {
    let path = pick(PATHS[kind], random());
    // An offer is marked paid only once its order was: its order walks a path that reached paid.
    while (offer && !path.some(([s]) => s === "paid")) path = pick(PATHS[kind], random());
    const createdAt = timeIn(start, end - 6 * HOUR);
    const provider = random() < 0.3 ? "stripe" : "test";
    let at = createdAt;
    let paidAt = null;
    let firstDownloadedAt = null;
    for (const [n, [status, actor]] of path.entries()) {
      if (n > 0) at = Math.min(end - MINUTE, at + (status === "paid" || status === "failed" ? MINUTE + Math.floor(random() * 4 * MINUTE) : HOUR + Math.floor(random() * 3 * DAY)));
      if (status === "paid") paidAt = at;
      if (kind === "digital" && status === "completed" && actor === "buyer") firstDownloadedAt = at;
      insertHistory.run(idFrom(random), id, status, actor, at);
      historyLines += 1;
    }
    const status = path.at(-1)[0];
    // A few paid Stripe sales meet a card dispute (decision record 0081), each with the history
    // lines openDispute and closeDispute write: open (the money is held), won (the sale stands) or
    // lost (the bank took it back: refunded, as markRefundedByProvider leaves it).
    let dispute = null;
    let finalStatus = status;
    const u = random();
    if (provider === "stripe" && PAID_SALE_STATUSES.includes(status) && u < 0.03) {
      dispute = u < 0.015 ? "open" : u < 0.024 ? "won" : "lost";
      const line = (lineStatus) => {
        at = Math.min(end - MINUTE, at + HOUR);
        insertHistory.run(idFrom(random), id, lineStatus, "system", at);
        historyLines += 1;
      };
      line(status);
      if (dispute === "won") line(status);
      if (dispute === "lost") {
        finalStatus = "refunded";
        line("refunded");
      }
    }
    counts[finalStatus] = (counts[finalStatus] ?? 0) + 1;
    const priceCents = item.priceCents;
    const sessionId = provider === "stripe" ? `cs_test_${id.replaceAll("-", "")}` : null;
    const paymentIntentId = provider === "stripe" && paidAt !== null ? `pi_test_${id.replaceAll("-", "")}` : null;
    insertOrder.run(
      id,
      buyerId,
      item.userId,
      kind === "service" ? "service" : "product",
      offer ? offer.id : item.id,
      item.name,
      priceCents,
      feeOf(priceCents),
      priceCents + feeOf(priceCents),
      finalStatus,
      provider,
      sessionId,
      paymentIntentId,
      createdAt,
      at,
      paidAt,
      kind === "service" ? null : kind,
      kind === "digital" ? item.fileKey : null,
      kind === "digital" ? item.fileName : null,
      at,
      null,
      offer ? offer.id : null,
      item.packageIndex ?? null,
      item.packageLabel ?? null,
      firstDownloadedAt,
      dispute ? `dp_test_${id.replaceAll("-", "").slice(0, 20)}` : null,
      dispute,
    );
    if (paidAt !== null) sellersWithSales.add(item.userId);
  }

  /** A catalogue item as an order copies it: a package service's first package is the one bought. */
  function orderable(list) {
    const chosen = list[Math.floor(random() * list.length)];
    if (!chosen.packages) return chosen;
    const index = Math.floor(random() * chosen.packages.length);
    return { ...chosen, priceCents: chosen.packages[index].priceCents, packageIndex: index, packageLabel: chosen.packages[index].description };
  }
  function catalogueOrder(buyerId, serviceList, productList) {
    if (random() < 0.45) return writeOrder({ buyerId, kind: "service", item: orderable(serviceList) });
    const product = productList[Math.floor(random() * productList.length)];
    return writeOrder({ buyerId, kind: product.type, item: product });
  }

  // Paid offers: each paid by one service order of its own buyer (the order id the offer holds).
  for (const offer of paidOffers) {
    const item = { id: offer.id, userId: offer.sellerId, name: offer.title, priceCents: offer.priceCents };
    writeOrder({ id: offer.orderId, buyerId: offer.buyerId, kind: "service", item, offer });
  }
  let orders = paidOffers.length;
  const demoOfferSales = paidOffers.filter((o) => o.sellerId === demoId).length;
  for (let i = demoOfferSales; i < MARKET.demoSales; i += 1) {
    let buyerId = anyUser();
    while (buyerId === demoId) buyerId = anyUser();
    catalogueOrder(buyerId, demoServices, demoProducts);
    orders += 1;
  }
  const othersServices = services.filter((s) => s.userId !== demoId);
  const othersProducts = products.filter((p) => p.userId !== demoId);
  for (let i = 0; i < MARKET.demoPurchases; i += 1) {
    catalogueOrder(demoId, othersServices, othersProducts);
    orders += 1;
  }
  while (orders < MARKET.orders) {
    const service = random() < 0.45;
    const item = service ? orderable(othersServices) : othersProducts[Math.floor(random() * othersProducts.length)];
    let buyerId = anyUser();
    while (buyerId === item.userId) buyerId = anyUser();
    writeOrder({ buyerId, kind: service ? "service" : item.type, item });
    orders += 1;
  }
  step(`${orders} orders (${JSON.stringify(counts)}), ${historyLines} history lines`);

  // Every seller who was paid has a payout account: TEST MODE, as the seed gives its sellers.
  const insertAccount = db.prepare(
    `insert or ignore into payout_accounts (user_id, stripe_account_id, charges_enabled, payouts_enabled, mode, details_submitted, synced_at, created_at, updated_at)
     values (?, ?, 1, 1, 'test', 1, ?, ?, ?)`,
  );
  for (const userId of sellersWithSales) insertAccount.run(userId, `acct_test_${userId.replaceAll("-", "").slice(0, 16)}`, start, start, start);

  // The daily roll-up as the nightly job would have left it for the dataset's days (decision
  // record 0051; worker/db/queries/analytics.ts rollUpDayStatements): new followers and counted
  // sales per user and UTC day, sales per service and day. No views: the dataset has none.
  const day = (column) => `strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`;
  const counted = `o.status in (${PAID_SALE_STATUSES.map((s) => `'${s}'`).join(", ")}) and (o.dispute_status is null or o.dispute_status <> 'open')`;
  const inPeriod = (column) => `${column} >= ${start} and ${column} < ${end}`;
  db.exec(`insert into analytics_daily (user_id, day, profile_views, post_views, new_followers, sales, earnings_cents)
    select user_id, d, 0, 0, sum(followers), sum(sales), sum(cents) from (
      select f.following_id as user_id, ${day("f.created_at")} as d, count(*) as followers, 0 as sales, 0 as cents
        from follows f where ${inPeriod("f.created_at")} group by 1, 2
      union all
      select o.seller_id, ${day("o.created_at")}, 0, count(*), sum(o.price_cents)
        from orders o where ${inPeriod("o.created_at")} and ${counted} group by 1, 2
    ) group by user_id, d
    on conflict (user_id, day) do update set new_followers = new_followers + excluded.new_followers, sales = sales + excluded.sales, earnings_cents = earnings_cents + excluded.earnings_cents`);
  db.exec(`insert into analytics_service_daily (service_id, user_id, day, views, sales, earnings_cents)
    select s.id, s.user_id, ${day("o.created_at")}, 0, count(*), sum(o.price_cents)
      from orders o join services s on s.id = o.item_id
      where ${inPeriod("o.created_at")} and o.item_type = 'service' and ${counted}
      group by s.id, 3
    on conflict (service_id, day) do update set sales = sales + excluded.sales, earnings_cents = earnings_cents + excluded.earnings_cents`);
  step(`payout accounts for ${sellersWithSales.size} sellers, the analytics roll-up`);

  // --- Conversations and messages --------------------------------------------------------------
  // The demo user's 2k partners are distinct accounts; the other 48k are distinct random pairs.
  const pairs = new Set();
  const conversationPairs = [];
  // Each pair is kept in the order it was drawn (the demo user first in theirs), so who sends which
  // message and who is behind does not depend on how the ids compare: the seed's ids, the demo
  // user's among them, are new in every state. The table stores the smaller id first (its CHECK).
  const addPair = (a, b) => {
    const key = a < b ? `${a}|${b}` : `${b}|${a}`;
    if (a === b || pairs.has(key)) return false;
    pairs.add(key);
    conversationPairs.push([a, b]);
    return true;
  };
  while (conversationPairs.length < MARKET.demoConversations) addPair(demoId, anyUser());
  while (conversationPairs.length < MARKET.conversations) addPair(anyUser(), userIds[Math.floor(userIds.length * random() * random())]);

  // Message counts: the long conversation first, then an exponential spread over the rest that
  // adds up to exactly 1M (at least one message each).
  const sizes = [MARKET.longConversation];
  const weights = Array.from({ length: MARKET.conversations - 1 }, () => -Math.log(1 - random()));
  const budget = MARKET.messages - MARKET.longConversation - weights.length;
  const weightSum = weights.reduce((a, b) => a + b, 0);
  for (const w of weights) sizes.push(1 + Math.floor((w / weightSum) * budget));
  let short = MARKET.messages - sizes.reduce((a, b) => a + b, 0);
  for (let i = 1; short > 0; i = (i % (sizes.length - 1)) + 1, short -= 1) sizes[i] += 1;

  // Building the indexes of a million messages once, after the rows (each index one sort), is
  // several times faster than keeping them current row by row: they are dropped here and made
  // again below from their own statements, unique ones checking their rows as they are built.
  const deferred = db.prepare("select name, sql from sqlite_master where type = 'index' and tbl_name in ('messages', 'conversations') and sql is not null").all();
  for (const { name } of deferred) db.exec(`drop index "${name}"`);
  const insertConversation = db.prepare("insert into conversations (id, user1_id, user2_id, created_at) values (?, ?, ?, ?)");
  const insertMessage = db.prepare(
    `insert into messages (id, conversation_id, sender_id, receiver_id, content, message_type, link_path, status, created_at, seq, client_id, hidden_at)
     values (?, ?, ?, ?, ?, 'text', null, 'sent', ?, ?, ?, ?)`,
  );
  const insertRead = db.prepare("insert into conversation_reads (conversation_id, user_id, last_read_at) values (?, ?, ?)");
  let messageCount = 0;
  let demoUnread = 0;
  for (const [n, [first, second]] of conversationPairs.entries()) {
    const id = idFrom(random);
    const size = sizes[n];
    // A conversation's messages span up to the whole period; the long one all of it.
    const createdAt = n === 0 ? start : timeIn(start, end - DAY);
    const span = Math.min(end - MINUTE - createdAt, n === 0 ? days * DAY : size * (10 * MINUTE + Math.floor(random() * 6 * HOUR)));
    insertConversation.run(id, ...(first < second ? [first, second] : [second, first]), createdAt);
    let at = createdAt;
    const times = [];
    for (let seq = 1; seq <= size; seq += 1) {
      at += 1 + Math.floor((random() * 2 * span) / size);
      at = Math.min(at, end - MINUTE - (size - seq));
      const sender = random() < 0.5 ? first : second;
      const receiver = sender === first ? second : first;
      // One message in 2,000 is hidden by a moderator: gone for its receiver.
      const hiddenAt = random() < 1 / 2_000 ? at + HOUR : null;
      insertMessage.run(idFrom(random), id, sender, receiver, `${someWords(1 + Math.floor(random() * 12)).join(" ")} (${seq})`, at, seq, idFrom(random), hiddenAt);
      times.push(at);
    }
    messageCount += size;
    // Read markers: most conversations are read to the end by both; some are behind.
    for (const userId of [first, second]) {
      const behind = random() < 0.1;
      const readAt = behind ? times[Math.floor(random() * times.length)] : times.at(-1);
      if (behind && userId === demoId) demoUnread += 1;
      insertRead.run(id, userId, readAt);
    }
  }
  for (const { sql } of deferred) db.exec(sql);
  step(`${conversationPairs.length} conversations, ${messageCount} messages (the demo user is behind in ${demoUnread} of theirs)`);
}
