// The practice page's rules (static/js/practice-logic.js): ratings as verses/schedule.py gives
// them, answers kept until the server has them, and what "Read it to me" says.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { AGAIN, GOOD, HARD, ReviewQueue, choose, makeReview, nextTry, ratingFromTries, sayableVerse, sendQueue, stillToAsk, wordsToSay } from "../../static/js/practice-logic.js";

class MemoryStorage {
  constructor() {
    this.kept = new Map();
  }
  getItem(key) {
    return this.kept.has(key) ? this.kept.get(key) : null;
  }
  setItem(key, value) {
    this.kept.set(key, String(value));
  }
  removeItem(key) {
    this.kept.delete(key);
  }
}

const word = {
  card: 7,
  mode: "word",
  reference: "Psalms 23:1",
  text: "The LORD [is] my shepherd; I shall not want.",
  word: { text: "The LORD [is] my _____; I shall not want.", choices: ["bread", "shepherd", "light"], answer: 1 },
};

function review(id, card = 7) {
  return { id, card, rating: 3, mode: "word", at: "2026-12-07T10:00:00.000Z" };
}

describe("a choice becomes fsrs's rating", () => {
  it("is Good right at once, Hard after a miss, Again never right", () => {
    assert.equal(ratingFromTries(true, 0), GOOD);
    assert.equal(ratingFromTries(true, 1), HARD);
    assert.equal(ratingFromTries(false, 2), AGAIN);
  });

  it("lets a member try again after one miss, and shows the answer after two", () => {
    let made = choose({ wrong: [], done: false }, 0, 1);
    assert.equal(made.outcome, "wrong");
    assert.equal(made.rating, null);
    assert.equal(choose(made.state, 0, 1).outcome, "ignored"); // the same miss counts once
    const right = choose(made.state, 1, 1);
    assert.deepEqual([right.outcome, right.rating], ["right", HARD]);
    made = choose(made.state, 2, 1);
    assert.deepEqual([made.outcome, made.rating, made.state.done], ["shown", AGAIN, true]);
    assert.equal(choose(made.state, 1, 1).outcome, "ignored"); // over: nothing more counts
  });

  it("is Good for the right choice first", () => {
    const made = choose({ wrong: [], done: false }, 1, 1);
    assert.deepEqual([made.outcome, made.rating], ["right", GOOD]);
  });
});

describe("answers kept on the device", () => {
  it("are the server's shape, with an id of their own and the time they were made", () => {
    const kept = makeReview(word, GOOD, new Date("2026-12-07T10:00:00Z"));
    assert.equal(kept.at, "2026-12-07T10:00:00.000Z");
    assert.deepEqual([kept.card, kept.rating, kept.mode], [7, 3, "word"]);
    assert.match(kept.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.notEqual(makeReview(word, GOOD).id, kept.id);
  });

  it("are one list per member, and survive what is not an answer in it", () => {
    const storage = new MemoryStorage();
    const mine = new ReviewQueue(storage, "q.1");
    mine.add(review("a"));
    mine.add(review("a")); // the same answer kept once
    mine.add(review("b"));
    assert.deepEqual(mine.list().map((r) => r.id), ["a", "b"]);
    assert.deepEqual(new ReviewQueue(storage, "q.2").list(), []);
    storage.setItem("q.3", "{not json");
    assert.deepEqual(new ReviewQueue(storage, "q.3").list(), []);
    storage.setItem("q.4", JSON.stringify([review("c"), { id: "half" }, 5]));
    assert.deepEqual(new ReviewQueue(storage, "q.4").list().map((r) => r.id), ["c"]);
    mine.remove(["a", "b"]);
    assert.equal(storage.getItem("q.1"), null);
  });

  it("leave the queue once the server has them", async () => {
    const queue = new ReviewQueue(new MemoryStorage(), "q");
    for (const id of "abc") queue.add(review(id));
    const posted = [];
    const result = await sendQueue(queue, async (batch) => {
      posted.push(batch.map((r) => r.id));
      return { ok: true, status: 200, body: { saved: batch.length } };
    });
    assert.deepEqual(posted, [["a", "b", "c"]]);
    assert.deepEqual(result, { sent: 3, dropped: 0, kept: 0, offline: false });
  });

  it("all stay when the server cannot be reached, and are tried again soon", async () => {
    const queue = new ReviewQueue(new MemoryStorage(), "q");
    queue.add(review("a"));
    const result = await sendQueue(queue, async () => {
      throw new TypeError("Failed to fetch");
    });
    assert.deepEqual(result, { sent: 0, dropped: 0, kept: 1, offline: true });
    assert.equal(nextTry(result), 4000);
  });

  it("all stay when the server answers no without naming one (signed out), tried less and less often", async () => {
    const queue = new ReviewQueue(new MemoryStorage(), "q");
    queue.add(review("a"));
    const result = await sendQueue(queue, async () => ({ ok: false, status: 401, body: { error: "sign_in" } }));
    assert.deepEqual(result, { sent: 0, dropped: 0, kept: 1, offline: false });
    assert.equal(nextTry(result, 4000), 8000);
    assert.equal(nextTry(result, 60000), 60000);
    assert.equal(nextTry({ kept: 0 }), null);
  });

  it("let go of one the server will never take, and send the rest", async () => {
    const queue = new ReviewQueue(new MemoryStorage(), "q");
    for (const id of "abc") queue.add(review(id));
    const result = await sendQueue(queue, async (batch) =>
      batch.some((r) => r.id === "b")
        ? { ok: false, status: 403, body: { error: "no_permission", review: "b" } }
        : { ok: true, status: 200, body: { saved: batch.length } },
    );
    assert.deepEqual(result, { sent: 2, dropped: 1, kept: 0, offline: false });
  });

  it("go fifty at a time", async () => {
    const queue = new ReviewQueue(new MemoryStorage(), "q");
    for (let i = 0; i < 120; i++) queue.add(review(`r${i}`));
    const sizes = [];
    await sendQueue(queue, async (batch) => {
      sizes.push(batch.length);
      return { ok: true, status: 200, body: {} };
    });
    assert.deepEqual(sizes, [50, 50, 20]);
  });
});

describe("a session", () => {
  it("skips the verses already answered from the same page", () => {
    assert.deepEqual(stillToAsk([{ card: 1 }, { card: 2 }, { card: 3 }], [2]).map((i) => i.card), [1, 3]);
  });
});

describe("Read it to me", () => {
  it("says the KJV's supplied words plainly and the blank as a word", () => {
    assert.equal(sayableVerse(word.word.text, "blank"), "The LORD is my blank ; I shall not want.");
  });

  it("says the question and its choices while asked, and the whole verse once shown", () => {
    assert.equal(wordsToSay(word, false, "blank"), "The LORD is my blank ; I shall not want. bread? shepherd? light?");
    assert.equal(wordsToSay(word, true), "The LORD is my shepherd; I shall not want. Psalms 23:1.");
    assert.equal(wordsToSay({ ...word, mode: "whole" }, false), "Psalms 23:1.");
    const phrase = { ...word, mode: "phrase", phrase: { shown: "The LORD [is] my shepherd;", choices: ["I shall not want.", "x"], answer: 0 } };
    assert.equal(wordsToSay(phrase, false), "The LORD is my shepherd; … I shall not want? x?");
  });
});
