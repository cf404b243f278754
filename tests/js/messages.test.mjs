// The table model (static/js/table-model.js) takes each server message as the table page does:
// welcome, table, update, catchup, ack, error, and what it leaves alone (docs/protocol.md).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { applyMessage, heldVersion, initialModel, startMove } from "../../static/js/table-model.js";
import { CARDS, table, update, VERSES, view, welcome } from "./fixtures.mjs";

const apply = (model, ...messages) => messages.reduce((m, msg) => applyMessage(m, msg, 1000), model);

describe("a model before any message", () => {
  it("holds no table, no view and no version to name in a hello", () => {
    const model = initialModel("KDRT");
    assert.equal(model.code, "KDRT");
    assert.equal(model.table, null);
    assert.equal(model.view, null);
    assert.equal(model.version, 0);
    assert.equal(model.logVersion, -1);
    assert.equal(heldVersion(model), null);
    assert.equal(model.change.applied, false);
  });

  it("is frozen, and so is every model a message makes", () => {
    const model = initialModel();
    assert.ok(Object.isFrozen(model));
    const next = applyMessage(model, welcome());
    assert.ok(Object.isFrozen(next));
    assert.ok(Object.isFrozen(next.change));
    assert.throws(() => {
      next.version = 99;
    }, TypeError);
  });

  it("is never changed by a message: each one makes a new model", () => {
    const model = initialModel("KDRT");
    const next = applyMessage(model, welcome());
    assert.notEqual(next, model);
    assert.equal(model.view, null);
    assert.equal(model.version, 0);
  });
});

describe("welcome", () => {
  it("in the waiting room brings the seat and the table, and no game", () => {
    const model = applyMessage(initialModel("KDRT"), { type: "welcome", version: 0, me: { seat: 2, tag: "Sam" }, table: table("waiting") }, 500);
    assert.deepEqual(model.me, { seat: 2, tag: "Sam" });
    assert.equal(model.table.status, "waiting");
    assert.equal(model.tableAt, 500);
    assert.equal(model.view, null);
    assert.equal(model.cards, null);
    assert.equal(model.change.applied, false);
    assert.equal(heldVersion(model), null);
  });

  it("once dealt brings the faces, the view, its version and its events, told quietly", () => {
    const model = applyMessage(initialModel("KDRT"), welcome(7, { clock: { seat: 1, seconds_left: 42 } }), 250);
    assert.equal(model.cards, CARDS);
    assert.equal(model.view.turn, 1);
    assert.equal(model.version, 7);
    assert.equal(model.logVersion, 7);
    assert.equal(heldVersion(model), 7);
    assert.equal(model.change.applied, true);
    assert.equal(model.change.live, false);
    assert.deepEqual(model.change.events, [{ type: "turn", seat: 1, version: 7 }]);
    assert.deepEqual(model.clock, { seat: 1, seconds_left: 42 });
    assert.equal(model.clockAt, 250);
    assert.equal(model.moveSeconds, 42);
  });

  it("again for the same table (a reconnect) carries on: what was told is not told again", () => {
    const first = apply(initialModel("KDRT"), welcome(3), update(4, [{ type: "ask", seat: 1, target: 2, story: 1 }]));
    const again = applyMessage(first, welcome(4, { cards: undefined, events: [{ type: "ask", seat: 1, target: 2, story: 1, version: 4 }] }));
    assert.equal(again.change.reset, false);
    assert.equal(again.cards, CARDS, "a welcome without faces keeps the ones the page has");
    assert.deepEqual(again.change.events, []);
    assert.equal(again.version, 4);
  });
});

describe("table", () => {
  it("keeps the table and when it came, for the countdown", () => {
    const model = applyMessage(initialModel(), { type: "table", version: 0, table: table("waiting", { countdown_left: 30 }) }, 900);
    assert.equal(model.table.countdown_left, 30);
    assert.equal(model.tableAt, 900);
    assert.equal(model.change.began, false);
  });

  it("says the game began, and asks for a fresh welcome when the page has no card faces yet", () => {
    const waiting = applyMessage(initialModel(), { type: "welcome", version: 0, me: { seat: 1 }, table: table("waiting") });
    const began = applyMessage(waiting, { type: "table", version: 0, table: table("playing") });
    assert.equal(began.change.began, true);
    assert.equal(began.change.reconnect, true);
    assert.equal(began.table.status, "playing");
  });

  it("does not ask for a welcome when the faces are already here", () => {
    const dealt = apply(initialModel(), welcome(3), { type: "table", version: 3, table: table("waiting") });
    const began = applyMessage(dealt, { type: "table", version: 3, table: table("playing") });
    assert.equal(began.change.began, true);
    assert.equal(began.change.reconnect, false);
  });
});

describe("update", () => {
  it("brings the view and its events, each numbered with the update's version, told live", () => {
    const model = apply(initialModel(), welcome(3), update(4, [{ type: "ask", seat: 1, target: 2, story: 1 }]));
    assert.equal(model.version, 4);
    assert.equal(model.logVersion, 4);
    assert.equal(model.change.live, true);
    assert.deepEqual(model.change.events, [{ type: "ask", seat: 1, target: 2, story: 1, version: 4 }]);
    assert.equal(model.verses, VERSES);
  });

  it("is left for the welcome that follows when the page has no card faces", () => {
    const waiting = applyMessage(initialModel(), { type: "welcome", version: 0, me: { seat: 1 }, table: table("waiting") });
    const model = applyMessage(waiting, update(1, [{ type: "turn", seat: 1 }]));
    assert.equal(model.change.applied, false);
    assert.equal(model.view, null);
    assert.equal(model.version, 0);
  });

  it("takes card faces an update brings (a screen's first game after Play again)", () => {
    const waiting = applyMessage(initialModel(), { type: "welcome", version: 0, audience: { code: "KDRT" }, table: table("waiting") });
    const model = applyMessage(waiting, update(1, [], { cards: CARDS }));
    assert.equal(model.cards, CARDS);
    assert.equal(model.change.applied, true);
  });

  it("that skips a version is not applied: the page asks for what it missed with a hello", () => {
    const before = apply(initialModel(), welcome(3));
    const model = applyMessage(before, update(6, [{ type: "knock", seat: 2, story: 1 }]));
    assert.deepEqual(model.change.behind, { held: 3, version: 6 });
    assert.equal(model.change.applied, false);
    assert.equal(model.version, 3);
    assert.equal(model.view, before.view);
    assert.equal(heldVersion(model), 3, "the hello names the version the page holds");
  });

  it("that arrives again, or late, tells nothing twice and never goes back a version", () => {
    const model = apply(initialModel(), welcome(3), update(4, [{ type: "done", seat: 1 }]));
    const again = applyMessage(model, update(4, [{ type: "done", seat: 1 }]));
    assert.deepEqual(again.change.events, []);
    assert.equal(again.change.live, false);
    const older = applyMessage(model, update(2, [{ type: "ask", seat: 2, target: 1, story: 2 }]));
    assert.equal(older.version, 4);
    assert.equal(older.logVersion, 4);
    assert.deepEqual(older.change.events, []);
  });

  it("that the page holds already leaves its view, verses and clock as they are", () => {
    const model = apply(initialModel(), welcome(3), update(4, [], { view: view({ turn: 2 }), clock: { seat: 2, seconds_left: 30 } }));
    for (const version of [4, 2]) {
      const stale = update(version, [{ type: "done", seat: 1 }], { view: view({ turn: 1 }), verses: {}, clock: null });
      const after = applyMessage(model, stale, 5000);
      assert.equal(after.view, model.view, `an update at version ${version} replaced the view`);
      assert.equal(after.verses, model.verses);
      assert.equal(after.clock, model.clock);
      assert.equal(after.clockAt, model.clockAt);
      assert.equal(after.change.applied, false);
      assert.equal(after.change.type, "update");
      assert.ok(Object.isFrozen(after) && Object.isFrozen(after.change));
    }
  });
});

describe("catchup", () => {
  it("brings what was missed, each event with its own version, told quietly", () => {
    const before = apply(initialModel(), welcome(3), update(6, []));
    assert.ok(before.change.behind);
    const events = [
      { type: "ask", seat: 2, target: 1, story: 2, version: 4 },
      { type: "done", seat: 2, version: 5 },
      { type: "turn", seat: 3, version: 6 },
    ];
    const model = applyMessage(before, { type: "catchup", version: 6, events, view: view({ turn: 3 }), verses: {}, clock: null, complete: true });
    assert.equal(model.version, 6);
    assert.equal(model.logVersion, 6);
    assert.equal(model.view.turn, 3);
    assert.deepEqual(model.change.events, events);
    assert.equal(model.change.live, false);
    assert.equal(heldVersion(model), 6);
  });

  it("older than the view the page holds is not applied", () => {
    const model = apply(initialModel(), welcome(3), update(4, [], { view: view({ turn: 2 }) }));
    const old = { type: "catchup", version: 3, events: [], view: view({ turn: 1 }), verses: {}, clock: null, complete: true };
    const after = applyMessage(model, old);
    assert.equal(after.view, model.view);
    assert.equal(after.version, 4);
    assert.equal(after.change.applied, false);
  });

  it("tells only the events newer than those told already", () => {
    const before = apply(initialModel(), welcome(3), update(4, [{ type: "done", seat: 1 }]));
    const events = [
      { type: "done", seat: 1, version: 4 },
      { type: "turn", seat: 2, version: 5 },
    ];
    const model = applyMessage(before, { type: "catchup", version: 5, events, view: view(), complete: true });
    assert.deepEqual(model.change.events, [{ type: "turn", seat: 2, version: 5 }]);
  });

  it("without a view, or before the card faces, changes nothing", () => {
    const dealt = apply(initialModel(), welcome(3));
    assert.equal(applyMessage(dealt, { type: "catchup", version: 5, events: [] }).version, 3);
    const waiting = applyMessage(initialModel(), { type: "welcome", version: 0, me: { seat: 1 }, table: table("waiting") });
    assert.equal(applyMessage(waiting, { type: "catchup", version: 2, events: [], view: view() }).view, null);
  });
});

describe("a move of this page's, and its answer", () => {
  const sent = () => startMove(apply(initialModel(), welcome(3)), "m-1", { well: {} });

  it("waits with the version it was made on", () => {
    const model = sent();
    assert.deepEqual(model.pending, { id: "m-1", version: 3, move: { well: {} } });
    assert.ok(Object.isFrozen(model));
  });

  it("is answered by its ack, not by another move's", () => {
    assert.equal(applyMessage(sent(), { type: "ack", id: "m-0", version: 3 }).pending.id, "m-1");
    assert.equal(applyMessage(sent(), { type: "ack", id: "m-1", version: 4 }).pending, null);
  });

  it("is answered by an error naming it, or naming no move, not by one naming another", () => {
    assert.equal(applyMessage(sent(), { type: "error", code: "not_your_turn", id: "m-1", version: 3 }).pending, null);
    assert.equal(applyMessage(sent(), { type: "error", code: "unavailable", version: 3 }).pending, null);
    assert.equal(applyMessage(sent(), { type: "error", code: "stale_version", id: "m-0", version: 3 }).pending.id, "m-1");
  });

  it("is answered by a newer view (its update comes before its ack)", () => {
    assert.equal(applyMessage(sent(), update(4, [{ type: "well_draw", seat: 1, story: 1, matched: false }])).pending, null);
  });

  it("still waits after a catchup at the version it was made on", () => {
    const model = applyMessage(sent(), { type: "catchup", version: 3, events: [], view: view(), complete: true });
    assert.equal(model.pending.id, "m-1");
  });
});

describe("messages the model leaves alone", () => {
  it("a pong, a reaction and a nudge change no state", () => {
    const dealt = apply(initialModel(), welcome(3));
    for (const msg of [
      { type: "pong", version: 9 },
      { type: "reaction", version: 3, seat: 2, tag: "Sam", reaction: "amen", label: "Amen!" },
      { type: "nudge", version: 3, seat: 2, tag: "Sam", words: "…" },
    ]) {
      const model = applyMessage(dealt, msg);
      assert.equal(model.change.type, msg.type);
      assert.equal(model.change.applied, false);
      for (const key of ["view", "version", "logVersion", "table", "pending"]) assert.equal(model[key], dealt[key], key);
    }
  });
});
