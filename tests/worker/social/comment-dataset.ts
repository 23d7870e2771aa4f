// A busy post for the paging tests: 5,000 comments on one post, a fifth of them
// top-level and the rest replies, many of them written long after their parent (replies to old
// comments), by a handful of authors. Inserted with one recursive statement so the counters'
// triggers run as they do for real writes.
import { env } from "cloudflare:test";
import { createUser, insertPost } from "../helpers";

export interface BusyPost {
  postId: string;
  ownerId: string;
  authorIds: string[];
  /** Every comment id, keyed to its parent id (null for a top-level comment). */
  parents: Map<string, string | null>;
  /** The id of comment i (0 the oldest): top-level when i % 5 == 0, else a reply. */
  idOf: (i: number) => string;
}

export async function insertBusyPost(total = 5000, authors = 8): Promise<BusyPost> {
  const owner = await createUser({ passwordHash: null });
  const people = [owner, ...(await Promise.all(Array.from({ length: authors - 1 }, () => createUser({ passwordHash: null }))))];
  const postId = await insertPost(owner.id);
  // Ids are UUID-shaped and unique per dataset, so several busy posts can share a database.
  const prefix = crypto.randomUUID().slice(0, 8);
  const idOf = (i: number) => `${prefix}-${i.toString(16).padStart(4, "0")}-4000-8000-000000000000`;
  const idSql = (i: string) => `printf('%s-%04x-4000-8000-000000000000', ?5, ${i})`;
  const base = Date.now() - total * 1000;
  const values = people.map((p, i) => `(${i}, '${p.id}')`).join(", ");
  // Top-level comment j*5; reply i goes to top-level ((i*37) mod (i/5 + 1))*5, so parents
  // spread over the whole history, and every 50th comment replies to the very first one.
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 - 1),
          a(k, uid) AS (VALUES ${values})
     INSERT INTO comments (id, post_id, user_id, parent_id, content, created_at)
     SELECT ${idSql("i")}, ?2, (SELECT uid FROM a WHERE k = i % ?3),
            CASE WHEN i % 5 = 0 THEN NULL
                 WHEN i % 50 = 1 THEN ${idSql("0")}
                 ELSE ${idSql("((i * 37) % (i / 5 + 1)) * 5")} END,
            'Comment ' || i || ': the low end sits nicely under the vocal, love the reverb tail on this one',
            ?4 + i * 1000
       FROM n`,
  )
    .bind(total, postId, people.length, base, prefix)
    .run();
  const parents = new Map<string, string | null>();
  for (let i = 0; i < total; i += 1) {
    parents.set(idOf(i), i % 5 === 0 ? null : i % 50 === 1 ? idOf(0) : idOf(((i * 37) % (Math.floor(i / 5) + 1)) * 5));
  }
  return { postId, ownerId: owner.id, authorIds: people.map((p) => p.id), parents, idOf };
}
