// What just happened, as the model's `change` says it for the table page and the screen to show:
// a stone's verse (held while its Remember the Word question is open), this seat's answer, a stone
// for the chime, and what the move panel says of this seat's last Well draw or timeout.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { applyMessage, initialModel } from "../../static/js/table-model.js";
import { screenWelcome, update, VERSES, welcome } from "./fixtures.mjs";

const atTable = () => applyMessage(initialModel("KDRT"), welcome(3));
const atScreen = () => applyMessage(initialModel("KDRT"), screenWelcome(3));

describe("a stone's verse", () => {
  it("shows when a stone of three is laid, with who laid it, and the chime rings", () => {
    const model = applyMessage(atTable(), update(4, [{ type: "knock", seat: 2, story: 1, place: 1, points: 3 }]));
    assert.deepEqual(model.change.verse, { story: 1, seat: 2 });
    assert.equal(model.change.stone, true);
    assert.equal(model.change.answer, null);
  });

  it("shows when a stone is sealed", () => {
    const model = applyMessage(atTable(), update(4, [{ type: "seal", seat: 1, story: 2, card: 7, points: 1 }]));
    assert.deepEqual(model.change.verse, { story: 2, seat: 1 });
  });

  it("is the last stone's when one move lays two", () => {
    const events = [
      { type: "knock", seat: 1, story: 1 },
      { type: "knock", seat: 1, story: 2 },
    ];
    assert.deepEqual(applyMessage(atTable(), update(4, events)).change.verse, { story: 2, seat: 1 });
  });

  it("shows nothing for a story whose verse the server did not send", () => {
    const model = applyMessage(atTable(), update(4, [{ type: "knock", seat: 2, story: 3 }]));
    assert.equal(model.change.verse, null);
    assert.equal(model.change.stone, true, "the stone still rings");
  });

  it("is not shown for stones a welcome or a catchup tells: only live ones", () => {
    const events = [{ type: "knock", seat: 2, story: 1, version: 3 }];
    const welcomed = applyMessage(initialModel("KDRT"), welcome(3, { events, verses: VERSES }));
    assert.equal(welcomed.change.verse, null);
    assert.equal(welcomed.change.stone, false);
    const caught = applyMessage(atTable(), { type: "catchup", version: 4, events: [{ ...events[0], version: 4 }], view: welcome().view, verses: VERSES });
    assert.equal(caught.change.verse, null);
  });

  it("nothing happens for a move that lays no stone", () => {
    const model = applyMessage(atTable(), update(4, [{ type: "ask", seat: 1, target: 2, story: 1 }]));
    assert.equal(model.change.verse, null);
    assert.equal(model.change.stone, false);
  });
});

describe("Remember the Word", () => {
  const asked = () =>
    applyMessage(
      atTable(),
      update(4, [
        { type: "knock", seat: 1, story: 1 },
        { type: "word_question", seat: 1, story: 1 },
      ]),
    );

  it("holds the stone's verse while its question is open", () => {
    const model = asked();
    assert.equal(model.change.verse, null);
    assert.equal(model.change.stone, true);
    assert.deepEqual(model.waitingWord, [1]);
  });

  it("brings the verse with the answer, and this seat's answer for its dialog", () => {
    const answer = { type: "word_answer", seat: 1, story: 1, choice: 2, right: true, word: "flee" };
    const model = applyMessage(asked(), update(5, [answer]));
    assert.deepEqual(model.change.verse, { story: 1, seat: 1 });
    assert.deepEqual(model.change.answer, { ...answer, version: 5 });
    assert.deepEqual(model.waitingWord, []);
  });

  it("shows another seat's answer's verse, but no answer dialog here", () => {
    const question = applyMessage(atTable(), update(4, [{ type: "knock", seat: 2, story: 2 }, { type: "word_question", seat: 2, story: 2 }]));
    const model = applyMessage(question, update(5, [{ type: "word_answer", seat: 2, story: 2, choice: 0, right: false, word: "go" }]));
    assert.deepEqual(model.change.verse, { story: 2, seat: 2 });
    assert.equal(model.change.answer, null);
  });

  it("holds the verse on a screen that arrives while the question is open", () => {
    const events = [
      { type: "knock", seat: 2, story: 1, version: 3 },
      { type: "word_question", seat: 2, story: 1, version: 3 },
    ];
    const arrived = applyMessage(initialModel("KDRT"), screenWelcome(3, { events }));
    assert.deepEqual(arrived.waitingWord, [1]);
    const seal = applyMessage(arrived, update(4, [{ type: "seal", seat: 2, story: 1 }]));
    assert.equal(seal.change.verse, null, "still waiting for the answer");
    const answered = applyMessage(seal, update(5, [{ type: "word_answer", seat: 2, story: 1, choice: null, word: "flee" }]));
    assert.deepEqual(answered.change.verse, { story: 1, seat: 2 });
  });

  it("an answer a catchup tells closes the question quietly", () => {
    const caught = applyMessage(asked(), { type: "catchup", version: 5, events: [{ type: "word_answer", seat: 1, story: 1, choice: 0, version: 5 }], view: welcome().view });
    assert.deepEqual(caught.waitingWord, []);
    assert.equal(caught.change.answer, null);
    assert.equal(caught.change.verse, null);
  });
});

describe("what the move panel says", () => {
  it("keeps this seat's Well draw and the newest ask", () => {
    const ask = { type: "ask", seat: 1, target: 2, story: 1 };
    const draw = { type: "well_draw", seat: 1, story: 1, card: 9, matched: false };
    const model = applyMessage(atTable(), update(4, [ask, { type: "answer", seat: 2, to: 1, story: 1, count: 0 }, draw]));
    assert.deepEqual(model.lastAsk, { ...ask, version: 4 });
    assert.deepEqual(model.news, { ...draw, version: 4 });
  });

  it("keeps a timeout until this seat's next act of its own", () => {
    const timedOut = applyMessage(atTable(), update(4, [{ type: "timeout", seat: 1 }]));
    assert.equal(timedOut.news.type, "timeout");
    // The helpers hand the turn straight back, and a question's time running out: no act of this seat's.
    const back = applyMessage(timedOut, update(5, [{ type: "turn", seat: 1 }, { type: "word_answer", seat: 1, story: 2, choice: null }]));
    assert.equal(back.news.type, "timeout");
    const acted = applyMessage(back, update(6, [{ type: "ask", seat: 1, target: 2, story: 2 }]));
    assert.equal(acted.news, null);
  });

  it("is not changed by another seat's draw, and a screen has none", () => {
    const model = applyMessage(atTable(), update(4, [{ type: "well_draw", seat: 2, story: 1, matched: true }]));
    assert.equal(model.news, null);
    const screen = applyMessage(atScreen(), update(4, [{ type: "well_draw", seat: 2, story: 1 }, { type: "timeout", seat: 1 }]));
    assert.equal(screen.news, null);
    assert.equal(screen.change.answer, null);
  });
});
