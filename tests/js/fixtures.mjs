// A small table for the model's tests: three stories of four cards, two members and JagAI, as the
// server's messages carry them (docs/protocol.md).

const KINDS = ["person", "place", "moment", "word"];
const TITLES = ["Jonah", "Ruth", "Daniel"];

export const CARDS = Object.fromEntries(
  TITLES.flatMap((title, s) =>
    KINDS.map((kind, k) => [String(s * 4 + k), { story: s + 1, stories: 3, story_title: title, kind, title: `${title} ${kind}`, reference: `${title} 1:${k + 1}` }]),
  ),
);

export const VERSES = {
  1: { reference: "Jonah 1:3", text: "But Jonah rose up to flee", book_slug: "jonah", chapter: 1, verse: 3 },
  2: { reference: "Ruth 1:16", text: "whither thou goest, I will go", book_slug: "ruth", chapter: 1, verse: 16 },
};

export function table(status = "playing", extra = {}) {
  return {
    code: "KDRT",
    kind: "private",
    status,
    seat_count: 3,
    host_seat: 1,
    seats: [
      { seat: 1, tag: "Miriam", kind: "person", badge: null },
      { seat: 2, tag: "Sam", kind: "person", badge: null },
      { seat: 3, tag: "JagAI", kind: "helper", badge: "JagAI" },
    ],
    ...extra,
  };
}

export function view(extra = {}) {
  return {
    seat: 1,
    hand: [0, 1, 5],
    seats: [1, 2, 3].map((seat) => ({ seat, kind: seat === 3 ? "helper" : "person", hand_size: 3, points: 0 })),
    well: 20,
    stones: [],
    turn: 1,
    phase: "asking",
    question: null,
    legal_moves: [{ ask: { seat: 2, story: 1 } }],
    result: null,
    ...extra,
  };
}

/** The welcome a seat gets once the game is dealt, at `version`. */
export function welcome(version = 3, extra = {}) {
  return {
    type: "welcome",
    version,
    me: { seat: 1, tag: "Miriam", is_host: true },
    table: table(),
    cards: CARDS,
    view: view(),
    events: [{ type: "turn", seat: 1, version }],
    verses: {},
    clock: null,
    complete: true,
    ...extra,
  };
}

/** The welcome a screen gets (no seat; `audience` instead of `me`). */
export function screenWelcome(version = 3, extra = {}) {
  const { me: _me, ...rest } = welcome(version);
  return { ...rest, view: view({ seat: null, hand: [], legal_moves: [] }), audience: { kind: "screen", code: "KDRT" }, ...extra };
}

export function update(version, events = [], extra = {}) {
  return { type: "update", version, events, view: view(), verses: VERSES, clock: null, ...extra };
}
