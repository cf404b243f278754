// The table's sentences (static/js/render-log.js): why a game ended, in the words of the one reading.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { describe as sentence, endReason } from "../../static/js/render-log.js";
import { applyMessage, initialModel, sayContext } from "../../static/js/table-model.js";
import { table, welcome } from "./fixtures.mjs";

describe("why a game ended", () => {
  it("names the host at a family's table and the leader at a class's", () => {
    assert.equal(endReason("ended_by_host"), "The host ended the game early.");
    assert.equal(endReason("ended_by_host", true), "Your leader ended the game.");
    assert.equal(endReason("twelve_stones", true), "Twelve stones are laid: the circle is full.");
  });

  it("reads the table's led mark into the log's last sentence", () => {
    const led = applyMessage(applyMessage(initialModel(), welcome()), { type: "table", table: table("ended", { led: true }) }, 1000);
    const ctx = sayContext(led);
    assert.equal(ctx.led, true);
    assert.equal(sentence({ type: "game_over", reason: "ended_by_host" }, ctx), "The game is over. Your leader ended the game.");
    const family = sayContext(applyMessage(initialModel(), welcome()));
    assert.equal(sentence({ type: "game_over", reason: "ended_by_host" }, family), "The game is over. The host ended the game early.");
  });
});
