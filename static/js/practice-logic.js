// The practice page's rules, with no page around them (tests/js/practice.test.mjs): how an answer
// becomes fsrs's rating, the answers kept on the device until the server has them, and which
// verses of a session are still to ask. Ratings are fsrs's: 1 Again, 2 Hard, 3 Good (verses/schedule.py).

export const AGAIN = 1;
export const HARD = 2;
export const GOOD = 3;

// A choice (the missing word, the next phrase) may be missed twice: then the answer is shown.
export const MOST_WRONG = 2;

/** As verses/schedule.py's rating_from_tries: right at once Good, right after a miss Hard, never right Again. */
export function ratingFromTries(right, wrongTries) {
  if (!right) return AGAIN;
  return wrongTries === 0 ? GOOD : HARD;
}

/**
 * What happens when a choice is made: {state, rating (when the item is over), outcome}. `state`
 * is {wrong: [indexes], done}; outcome is "right", "wrong" (try again), "shown" (missed twice: the
 * answer is shown) or "ignored" (the item is over, or that choice was already missed).
 */
export function choose(state, choice, answer) {
  if (state.done || state.wrong.includes(choice)) return { state, rating: null, outcome: "ignored" };
  if (choice === answer) {
    return { state: { ...state, done: true }, rating: ratingFromTries(true, state.wrong.length), outcome: "right" };
  }
  const wrong = [...state.wrong, choice];
  if (wrong.length >= MOST_WRONG) return { state: { wrong, done: true }, rating: AGAIN, outcome: "shown" };
  return { state: { wrong, done: false }, rating: null, outcome: "wrong" };
}

/** A fresh id for an answer: the server counts an answer sent twice once by it. */
export function answerId(crypto = globalThis.crypto) {
  if (crypto?.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The answer as the server takes it (verses/forms.py), made at `now`. */
export function makeReview(item, rating, now = new Date(), id = answerId()) {
  return { id, card: item.card, rating, mode: item.mode, at: now.toISOString() };
}

const REVIEW_KEYS = ["id", "card", "rating", "mode", "at"];

function isReview(value) {
  return !!value && typeof value === "object" && REVIEW_KEYS.every((key) => key in value);
}

/**
 * The answers not yet on the server, kept in `storage` (localStorage) under `key`: one list per
 * member, so another member signed in on the same device never sends them as theirs.
 */
export class ReviewQueue {
  constructor(storage, key) {
    this.storage = storage;
    this.key = key;
  }

  list() {
    try {
      const kept = JSON.parse(this.storage?.getItem(this.key) || "[]");
      return Array.isArray(kept) ? kept.filter(isReview) : [];
    } catch {
      return [];
    }
  }

  save(reviews) {
    try {
      if (reviews.length) this.storage?.setItem(this.key, JSON.stringify(reviews));
      else this.storage?.removeItem(this.key);
      return true;
    } catch {
      return false; // storage full or switched off: the answer is still sent, just not kept
    }
  }

  add(review) {
    const reviews = this.list().filter((kept) => kept.id !== review.id);
    return this.save([...reviews, review]);
  }

  remove(ids) {
    const gone = new Set(ids);
    this.save(this.list().filter((kept) => !gone.has(kept.id)));
  }
}

// At most this many answers in one request (the server takes 200).
export const BATCH = 50;

/**
 * Send what the queue holds with `post(reviews) -> {ok, status, body}` until it is empty or the
 * server cannot be reached. Answers the server took leave the queue; one it refuses by name (an
 * answer it can never take) leaves it too, so it never holds the others back; anything else (no
 * network, signed out, the server busy) keeps them all for the next try.
 * Returns {sent, dropped, kept, offline} (offline: the server could not be reached at all).
 */
export async function sendQueue(queue, post) {
  let sent = 0;
  let dropped = 0;
  let offline = false;
  for (let round = 0; round < 100; round++) {
    const batch = queue.list().slice(0, BATCH);
    if (!batch.length) break;
    let answer;
    try {
      answer = await post(batch);
    } catch {
      offline = true;
      break;
    }
    if (answer.ok) {
      queue.remove(batch.map((review) => review.id));
      sent += batch.length;
      continue;
    }
    const refused = answer.body?.review;
    if ([400, 403].includes(answer.status) && refused && batch.some((review) => review.id === refused)) {
      queue.remove([refused]);
      dropped += 1;
      continue;
    }
    break;
  }
  return { sent, dropped, kept: queue.list().length, offline };
}

// While answers wait: try again this soon when the server could not be reached (browsers do not
// always say when the network is back, notices/offline.js found), and back off to a minute when it
// answered but took nothing (signed out, busy).
export const RETRY_OFFLINE_MS = 4000;
export const RETRY_MOST_MS = 60000;

/** How long to wait before the next try, after a try that left answers waiting. */
export function nextTry(result, last = 0) {
  if (!result.kept) return null;
  if (result.offline) return RETRY_OFFLINE_MS;
  return Math.min(RETRY_MOST_MS, Math.max(RETRY_OFFLINE_MS, last * 2));
}

/** The session's verses still to ask: those not answered already from this same page. */
export function stillToAsk(items, answeredCards) {
  const done = new Set(answeredCards);
  return items.filter((item) => !done.has(item.card));
}

/**
 * A verse's words as a voice should say them: the KJV's supplied words without their brackets,
 * the blank said as `blankWord`.
 */
export function sayableVerse(text, blankWord = "blank") {
  return String(text || "")
    .replace(/[[\]]/g, "")
    .replace(/_{3,}/g, ` ${blankWord} `)
    .replace(/\s+/g, " ")
    .trim();
}

/** What "Read it to me" says for an item: the question while it is asked, the verse once shown. */
export function wordsToSay(item, shown, blankWord = "blank") {
  const text = sayableVerse(item.text);
  const verse = `${/[.!?;:,]$/.test(text) ? text : `${text}.`} ${item.reference}.`;
  if (shown) return verse;
  if (item.mode === "word" && item.word) {
    return [sayableVerse(item.word.text, blankWord), ...item.word.choices.map((c) => `${c}?`)].join(" ");
  }
  if (item.mode === "phrase" && item.phrase) {
    const asked = (choice) => `${sayableVerse(choice).replace(/[.,;:!?]+$/, "")}?`;
    return [`${sayableVerse(item.phrase.shown)} …`, ...item.phrase.choices.map(asked)].join(" ");
  }
  return `${item.reference}.`;
}
