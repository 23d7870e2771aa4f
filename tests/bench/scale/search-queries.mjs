// The judged queries of the search bench (npm run bench:search, decision record 0095), by family.
// Each names what it searches (people, posts or tags), its words and filters, and where it is
// judged: `target` is a row the data was built to hold (./dataset.mjs PLANTED, or a generated
// account), found by what identifies it, and `within` the rank it must reach. Every query with
// matches is also measured against the exhaustive ranking the bench computes itself.

/** The sorts each kind of list is measured in. */
export const SORTS = {
  users: ["relevance", "popular", "recent", "verified"],
  posts: ["relevance", "popular", "recent", "verified"],
  tags: ["relevance"],
};

export const FAMILIES = [
  {
    family: "exact names",
    queries: [
      { kind: "users", q: "kenji_sato", target: { username: "kenji_sato" }, within: 1 },
      { kind: "users", q: "Kenji Satō", target: { username: "kenji_sato" }, within: 1 },
      { kind: "users", q: "@zoe_muller", target: { username: "zoe_muller" }, within: 1 },
      { kind: "users", q: "scale_user_4242", target: { username: "scale_user_4242" }, within: 1 },
      { kind: "users", q: "Scale User 77", target: { username: "scale_user_77" }, within: 1 },
    ],
  },
  {
    family: "rare word, old post",
    queries: [
      { kind: "posts", q: "theremin", target: { caption: "theremin" }, within: 1 },
      { kind: "posts", q: "mellotron", target: { caption: "mellotron", oldest: true }, within: 3 },
      { kind: "posts", q: "glockenspiel" },
      { kind: "posts", q: "harmonium" },
    ],
  },
  {
    family: "hashtag + profession",
    queries: [
      { kind: "posts", q: "#scaletag7", profession: "Drummer" },
      { kind: "posts", q: "#mixing", profession: "Mixing engineer" },
      { kind: "posts", q: "#lofi", profession: "Producer" },
    ],
  },
  {
    family: "location",
    queries: [
      { kind: "users", q: "producer", location: "Lisbon" },
      { kind: "users", q: "drummer", location: "berlin" },
      { kind: "posts", q: "groove", location: "Seoul" },
    ],
  },
  {
    family: "misspellings, diacritics",
    queries: [
      { kind: "users", q: "kenjy", target: { username: "kenji_sato" }, within: 3 },
      { kind: "users", q: "jose alvarex", target: { username: "jose_alvarez" }, within: 3 },
      { kind: "users", q: "bjork", target: { username: "bjork_gudmunds" }, within: 1 },
      { kind: "users", q: "zoe muller", target: { username: "zoe_muller" }, within: 1 },
      { kind: "tags", q: "mixin", target: { tag: "mixing" }, within: 2 },
      { kind: "tags", q: "mixng", target: { tag: "mixing" }, within: 3 },
      { kind: "tags", q: "tecno", target: { tag: "techno" }, within: 3 },
    ],
  },
  {
    family: "multi-word phrases",
    queries: [
      { kind: "posts", q: "analog tape saturation" },
      { kind: "posts", q: "late night jam" },
      { kind: "posts", q: "vocal reverb" },
      { kind: "posts", q: "session drums groove" },
    ],
  },
  {
    family: "common words",
    queries: [
      { kind: "posts", q: "session" },
      { kind: "posts", q: "mix" },
      { kind: "posts", q: "drums" },
      { kind: "users", q: "scale" },
      { kind: "users", q: "producer" },
    ],
  },
];
