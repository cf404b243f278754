// The model as each page uses it: the table page (its drawings read it through `reader`), the TV
// screen and watcher (no seat; Play again moves it to the next table), and the replay (names and the
// circle from the server-built views), with the same sentences from render-log.js.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { describe as sentence } from "../../static/js/render-log.js";
import { applyMessage, byStory, clockLeft, countdownLeft, faceOf, initialModel, laidBy, reader, ring, sayContext, seatName, seatTag, stage, storyTitle } from "../../static/js/table-model.js";
import { CARDS, screenWelcome, table, update, view, welcome } from "./fixtures.mjs";

describe("the table page", () => {
  it("its drawings read the model as it is now, and cannot write it", () => {
    let model = initialModel("KDRT");
    const app = Object.assign(reader(() => model), { askStory: null });
    assert.equal(app.view, null);
    model = applyMessage(model, welcome(3));
    assert.equal(app.view.turn, 1);
    assert.equal(app.version, 3);
    assert.throws(() => {
      app.view = null;
    }, TypeError);
    app.askStory = 2; // the page's own state stays the page's to change
    assert.equal(app.askStory, 2);
    assert.deepEqual(Object.keys(app).sort(), [...Object.keys(model), "askStory"].sort());
  });

  it("says where the table is: loading, waiting, playing or over", () => {
    assert.equal(stage(initialModel()), "loading");
    const waiting = applyMessage(initialModel(), { type: "welcome", version: 0, me: { seat: 1 }, table: table("waiting") });
    assert.equal(stage(waiting), "waiting");
    assert.equal(stage(applyMessage(waiting, { type: "table", version: 0, table: table("playing") })), "loading", "playing, but the faces are on their way");
    const playing = applyMessage(initialModel(), welcome(3));
    assert.equal(stage(playing), "playing");
    assert.equal(stage(applyMessage(playing, update(4, [], { view: view({ result: { reason: "twelve_stones" } }) }))), "over");
    assert.equal(stage(applyMessage(playing, { type: "table", version: 4, table: table("ended") })), "over");
  });

  it("names seats as the page says them: you, a tag, and a shared tag with its seat", () => {
    const seats = [
      { seat: 1, tag: "Miriam" },
      { seat: 2, tag: "JagAI" },
      { seat: 3, tag: "JagAI" },
    ];
    const model = applyMessage(initialModel(), welcome(3, { table: table("playing", { seats }) }));
    assert.equal(seatName(model, 1), "You");
    assert.equal(seatTag(model, 1), "Miriam");
    assert.equal(seatName(model, 2), "JagAI 2");
    assert.equal(seatTag(model, 3), "JagAI 3");
    assert.equal(seatTag(model, 4), "Seat 4");
  });

  it("finds card faces and story titles, and a story with no face by its number", () => {
    const model = applyMessage(initialModel(), welcome(3));
    assert.equal(faceOf(model, 5).title, "Ruth place");
    assert.equal(faceOf(model, 99), null);
    assert.equal(storyTitle(model, 3), "Daniel");
    assert.equal(storyTitle(model, 7), "Story 7");
    assert.equal(faceOf(initialModel(), 0), null);
  });

  it("counts the clock and the countdown down from when their message came", () => {
    const clocked = applyMessage(initialModel(), welcome(3, { clock: { seat: 2, seconds_left: 30 } }), 1000);
    assert.equal(clockLeft(clocked, 1000), 30);
    assert.equal(clockLeft(clocked, 11_000), 20);
    assert.equal(clockLeft(clocked, 99_000), 0);
    assert.equal(clockLeft(applyMessage(clocked, update(4, [], { clock: null })), 1000), null);
    const counting = applyMessage(initialModel(), { type: "table", version: 0, table: table("waiting", { countdown_left: 10 }) }, 2000);
    assert.equal(countdownLeft(counting, 2000), 10);
    assert.equal(countdownLeft(counting, 4500), 8, "whole seconds, rounded up");
    assert.equal(countdownLeft(counting, 60_000), 0);
    assert.equal(countdownLeft(applyMessage(initialModel(), welcome(3)), 0), null);
  });

  it("keeps the clock's whole time for its ring, never under five seconds", () => {
    const model = applyMessage(initialModel(), welcome(3, { clock: { seat: 1, seconds_left: 45 } }));
    assert.equal(model.moveSeconds, 45);
    assert.equal(applyMessage(model, update(4, [], { clock: { seat: 2, seconds_left: 2 } })).moveSeconds, 5);
    assert.equal(applyMessage(model, update(4, [], { clock: null })).moveSeconds, 45);
  });
});

describe("the screen and a watcher", () => {
  it("have no seat: nothing is said to 'you'", () => {
    const model = applyMessage(initialModel("ABCD"), screenWelcome(3));
    assert.equal(model.me, null);
    assert.equal(model.code, "KDRT", "the table's code, from the welcome");
    const ctx = sayContext(model);
    assert.equal(ctx.me, null);
    assert.equal(sentence({ type: "ask", seat: 1, target: 2, story: 1 }, ctx), "Miriam asked Sam for “Jonah”.");
  });

  it("follow Play again: the next table's welcome starts over, its versions from the start", () => {
    const events = [
      { type: "knock", seat: 1, story: 1 },
      { type: "word_question", seat: 1, story: 1 },
    ];
    const old = [screenWelcome(3), update(4, events), { type: "table", version: 9, table: table("finished", { next_code: "MNPQ" }) }].reduce((m, msg) => applyMessage(m, msg), initialModel("KDRT"));
    assert.equal(old.version, 4);
    const next = applyMessage(old, { type: "welcome", version: 0, audience: { kind: "screen", code: "MNPQ" }, table: { ...table("waiting"), code: "MNPQ" } });
    assert.equal(next.change.reset, true);
    assert.equal(next.code, "MNPQ");
    assert.equal(next.version, 0);
    assert.equal(next.logVersion, -1);
    assert.equal(next.view, null);
    assert.equal(next.cards, null);
    assert.deepEqual(next.waitingWord, []);
    assert.equal(stage(next), "waiting");
    const dealt = applyMessage(next, { ...screenWelcome(2), audience: { kind: "screen", code: "MNPQ" }, events: [{ type: "turn", seat: 2, version: 2 }] });
    assert.equal(dealt.change.reset, false);
    assert.deepEqual(dealt.change.events, [{ type: "turn", seat: 2, version: 2 }], "told, though the old table had told up to 4");
  });
});

describe("the replay", () => {
  // A replay's data block: the seats, the faces, the seat it is for, and a step's view.
  const data = { me: 2, seats: [{ seat: 1, tag: "Miriam" }, { seat: 2, tag: "Sam" }, { seat: 3, tag: "Sam" }], cards: CARDS };
  const model = { cards: data.cards, table: { seats: data.seats }, me: { seat: data.me } };
  const step = view({ hand: [4, 0, 6, 1], stones: [{ place: 3, seat: 1, story: 2, sealed: true }, { place: 1, seat: 3, story: 1, sealed: false }, { place: 2, seat: 1, story: 3 }] });

  it("names seats and stories as the table does, in its sentences too", () => {
    assert.equal(seatTag(model, 2), "Sam 2");
    assert.equal(seatTag(model, 1), "Miriam");
    assert.equal(storyTitle(model, 2), "Ruth");
    assert.equal(sentence({ type: "ask", seat: 2, target: 1, story: 2 }, sayContext(model)), "You asked Miriam for “Ruth”.");
    assert.equal(sayContext({ ...model, me: null }).me, null, "the reviewers' replay is nobody's seat");
  });

  it("draws the circle's twelve places in order, and each seat's stones", () => {
    const places = ring(step);
    assert.equal(places.length, 12);
    assert.deepEqual(
      places.slice(0, 4).map((s) => s && s.story),
      [1, 3, 2, null],
    );
    assert.deepEqual(ring(view()), Array(12).fill(null));
    assert.equal(laidBy(step, 1), 2);
    assert.equal(laidBy(step, 2), 0);
  });

  it("groups a hand by story, in the order it is held", () => {
    assert.deepEqual([...byStory(step.hand)], [
      [2, [4, 6]],
      [1, [0, 1]],
    ]);
    assert.deepEqual([...byStory([])], []);
  });
});
