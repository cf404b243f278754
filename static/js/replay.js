// A replay: steps through the server-built views in the JSON data block, forward and back.
// Players get their own seat's views only; reviewers get every hand and the timing of each move.
import { h, fill, initial } from "./dom.js";
import { gettext, interpolate, ngettext, pgettext } from "./i18n.js";
import { fitNames, keepNamesFitted, setPeers } from "./names.js";
import { cardChip, cardFace, cardName, kindOf } from "./cards.js";
import { describe, endReason } from "./render-log.js";
import { fillSeats, openSeatMenu, reportable, seatHead } from "./render-seats.js";
import { byStory, faceOf, laidBy, ring, sayContext, seatTag, storyTitle } from "./table-model.js";

const $ = (id) => document.getElementById(id);
const data = JSON.parse($("replay-data").textContent);
const full = data.mode === "full";
// A player may report another seat's name from their replay (moderation/name_reports.py).
const reporting = { game: $("replay").dataset.game, csrf: $("replay").dataset.csrf };
const LOG_STEPS = 40;
// The server's badge codes (game/protocol/messages.py seat_badge) in the reader's words.
const BADGES = { Agent: pgettext("badge beside a name", "Agent"), Helper: pgettext("badge beside a name", "Helper"), JagAI: "JagAI" };
const cardCount = (n) => interpolate(ngettext("%(n)s card", "%(n)s cards", n), { n });

const tags = Object.fromEntries(data.seats.map((s) => [s.seat, s]));
// The game's faces and seats as the table's model holds them (table-model.js), for the same names.
const model = { cards: data.cards, table: { seats: data.seats }, me: data.me ? { seat: data.me } : null };
const name = (seat) => seatTag(model, seat);
const card = (id) => faceOf(model, id);
const story = (n) => storyTitle(model, n);
const ctx = sayContext(model);
const sentences = data.steps.map((step) => step.events.map((e) => (full ? describeFull(e) : describe(e, ctx))).filter(Boolean));

let at = 0;

/** Reviewers see every secret, told in the third person (the table's sentences assume a seat). */
function describeFull(e) {
  const chip = (id) => cardName(card(id));
  if (e.type === "well_draw" && !e.matched && e.card !== undefined) {
    return interpolate(gettext("%(name)s drew %(card)s from the Well. It wasn't from “%(story)s”."), { name: name(e.seat), card: chip(e.card), story: story(e.story) });
  }
  if (e.type === "draw" && e.card !== undefined) return interpolate(gettext("%(name)s drew %(card)s from the Well."), { name: name(e.seat), card: chip(e.card) });
  if (e.type === "pass" && e.card !== undefined) return interpolate(gettext("%(name)s passed %(card)s to %(whom)s."), { name: name(e.seat), card: chip(e.card), whom: name(e.to) });
  return describe(e, ctx);
}

/** Who was to move at this step, in the past tense: a replay has no live turn to announce. */
function turnText(view) {
  if (view.result) return `${gettext("The game is over.")} ${endReason(view.result.reason)}`;
  if (at === 0 || !view.turn) return gettext("The deal");
  if (view.turn === data.me) return gettext("You were to move");
  return interpolate(gettext("%(name)s was to move"), { name: name(view.turn) });
}

function seatChip(view, facts) {
  const seat = facts.seat;
  const info = tags[seat] || {};
  const turn = view.turn === seat && !view.result;
  const laid = laidBy(view, seat);
  const person = facts.kind === "person";
  // The badge's class names its kind in English; its words are the reader's.
  const badge = seat === data.me ? { kind: "you", words: pgettext("badge beside your own name", "You") } : info.badge ? { kind: info.badge.toLowerCase(), words: BADGES[info.badge] ?? info.badge } : person ? null : { kind: "jagai", words: "JagAI" };
  return h(
    "li",
    { class: `seat-chip${turn ? " is-turn" : ""}${seat === data.me ? " is-me" : ""}${person ? "" : " is-helper"}` },
    seatHead(name(seat), h("span", { class: "seat-avatar", "aria-hidden": "true" }, initial(name(seat))), seat, menu(seat, info)),
    h("div", { class: "seat-badges" }, badge ? h("span", { class: `badge badge-${badge.kind}` }, badge.words) : null, turn ? h("span", { class: "badge badge-turn" }, pgettext("badge beside a name: whose turn it is", "Turn")) : null),
    h(
      "div",
      { class: "seat-stats" },
      h("span", { class: "stat" }, h("span", { class: "stat-card", "aria-hidden": "true" }), String(facts.hand_size), h("span", { class: "visually-hidden" }, ` ${pgettext("after a seat's number of cards", "cards")}`)),
      person ? h("span", { class: "stat" }, h("strong", {}, String(facts.points)), ` ${pgettext("points, short, after the number", "pts")}`) : h("span", { class: "stat muted" }, gettext("no score")),
      h("span", { class: "stat" }, h("span", { class: "stone-dot", "aria-hidden": "true" }), String(laid)),
    ),
  );
}

/** A seat's menu (Report this name) in a player's replay; none in the reviewers' full replay. */
function menu(seat, info) {
  if (full || !reporting.csrf || !reportable(info, seat, data.me)) return null;
  return () => openSeatMenu($("rp-seats"), seat, name(seat), { game: reporting.game, seat }, reporting.csrf);
}

function storyGroups(hand, faces) {
  return [...byStory(hand).values()].map((ids) => faces(ids));
}

function ownHand(view) {
  $("rp-hand-count").textContent = interpolate(ngettext("(%(n)s card)", "(%(n)s cards)", view.hand.length), { n: view.hand.length });
  if (!view.hand.length) return h("p", { class: "muted hand-empty" }, gettext("Your hand was empty."));
  return storyGroups(view.hand, (ids) => {
    const first = card(ids[0]);
    return h(
      "section",
      { class: "story-group" },
      h("h4", { class: "story-group-title" }, h("span", { class: "story-group-name" }, first.story_title), h("span", { class: "story-group-count" }, interpolate(gettext("%(n)s of 4"), { n: ids.length }))),
      h("div", { class: "story-cards", tabindex: "0" }, ids.map((id) => cardFace(card(id), { held: ids.map(kindOf) }))),
    );
  });
}

function everyHand(view) {
  $("rp-hand-count").textContent = interpolate(ngettext("(%(n)s card in the Well)", "(%(n)s cards in the Well)", view.well_cards.length), { n: view.well_cards.length });
  return data.seats.map((s) =>
    h(
      "section",
      { class: `full-hand${view.turn === s.seat ? " is-turn" : ""}` },
      h("h4", { class: "full-hand-title" }, `${name(s.seat)} · ${cardCount((view.hands[String(s.seat)] || []).length)}`),
      h("ul", { class: "chip-list" }, (view.hands[String(s.seat)] || []).map((id) => h("li", {}, cardChip(card(id))))),
    ),
  );
}

function circle(view) {
  const places = ring(view).map((stone, i) => {
    const place = i + 1;
    if (!stone) return h("li", { class: `place place-${place} is-empty` }, h("span", { class: "visually-hidden" }, interpolate(gettext("Place %(place)s: empty"), { place })));
    const words = stone.sealed ? gettext("Place %(place)s: %(name)s's sealed stone of %(story)s") : gettext("Place %(place)s: %(name)s's stone of three of %(story)s");
    const label = interpolate(words, { place, name: name(stone.seat), story: story(stone.story) });
    return h("li", { class: `place place-${place} is-filled${stone.sealed ? " is-sealed" : " is-open"}` }, h("span", { class: "stone", title: label, role: "img", "aria-label": label }, String(stone.story)));
  });
  places.push(h("li", { class: "circle-center", "aria-hidden": "true" }, h("strong", {}, String(view.stones.length)), h("span", {}, gettext("of 12"))));
  return places;
}

function log() {
  const items = [];
  for (let i = at; i >= Math.max(0, at - LOG_STEPS); i -= 1) {
    for (const text of [...sentences[i]].reverse()) items.push(h("li", { class: `log-item${i === at ? " is-now" : ""}` }, text));
  }
  return items.length ? items : [h("li", { class: "log-item muted" }, gettext("The cards are dealt."))];
}

function timing(step) {
  const t = step.timing;
  if (t.seat === null && t.move === null) return h("p", { class: "muted" }, gettext("The deal."));
  // The move in the table's own words (its events), never the recorded move's raw data.
  const said = sentences[at].join(" ");
  if (t.seat === null) return h("p", {}, `${interpolate(gettext("The server: %(move)s."), { move: t.move })} ${said}`.trim());
  const speed = t.elapsed_ms === null ? gettext("no timing recorded") : interpolate(gettext("%(ms)s ms after the move became possible"), { ms: t.elapsed_ms });
  const how = interpolate(gettext("(seat %(seat)s), %(move)s (%(speed)s): %(said)s"), { seat: t.seat, move: t.move, speed, said });
  const device = interpolate(gettext("Device %(device)s"), { device: t.device || pgettext("a device", "unknown") });
  return [
    h("p", { class: `timing-line${t.fast ? " is-fast" : ""}` }, h("strong", {}, name(t.seat)), ` ${how}`, t.fast ? h("span", { class: "flag-chip flag-too_fast" }, pgettext("a move made too fast", "Fast")) : null),
    h("p", { class: "muted" }, `${device} · ${new Date(t.time).toLocaleString()}`),
  ];
}

function positionText(step) {
  if (at === 0) return interpolate(gettext("The deal · step 0 of %(last)s"), { last: data.steps.length - 1 });
  return interpolate(gettext("Move %(seq)s · step %(at)s of %(last)s"), { seq: step.seq, at, last: data.steps.length - 1 });
}

function render() {
  const step = data.steps[at];
  const view = step.view;
  $("rp-turn").textContent = turnText(view);
  $("rp-well").textContent = String(view.well);
  $("rp-stone-count").textContent = String(view.stones.length);
  fillSeats($("rp-seats"), view.seats.map((facts) => seatChip(view, facts)));
  fill($("rp-hand"), full ? everyHand(view) : ownHand(view));
  fill($("rp-circle"), circle(view));
  fill($("rp-log"), log());
  $("rp-position").textContent = positionText(step);
  $("rp-slider").value = String(at);
  if (full) {
    fill($("rp-timing"), timing(step));
    for (const bar of $("rp-timeline").children) bar.classList.toggle("is-now", Number(bar.dataset.step) === at);
  }
  fitNames($("replay"));
  const last = data.steps.length - 1;
  $("rp-first").disabled = $("rp-back").disabled = at === 0;
  $("rp-last").disabled = $("rp-forward").disabled = at === last;
  $("rp-prev-stone").disabled = !data.stones.some((s) => s < at);
  $("rp-next-stone").disabled = !data.stones.some((s) => s > at);
}

function go(step) {
  at = Math.max(0, Math.min(data.steps.length - 1, step));
  render();
}

function timeline() {
  const slowest = Math.max(1, ...data.steps.map((s) => s.timing.elapsed_ms || 0));
  const bars = data.steps.map((s, i) => {
    const ms = s.timing.elapsed_ms;
    const bar = h("span", { class: `tl-bar${s.timing.fast ? " is-fast" : ""}${ms === null ? " is-server" : ""}`, dataset: { step: String(i) }, title: ms === null ? "" : interpolate(gettext("%(name)s: %(ms)s ms"), { name: name(s.timing.seat), ms }) });
    // A square root keeps quick moves visible next to a slow one; CSSOM is allowed by our CSP.
    bar.style.setProperty("--h", String(ms === null ? 0.06 : Math.max(0.06, Math.sqrt(ms / slowest))));
    return bar;
  });
  fill($("rp-timeline"), bars);
  $("rp-timeline").addEventListener("click", (event) => {
    const step = event.target.dataset && event.target.dataset.step;
    if (step !== undefined) go(Number(step));
  });
}

function setUp() {
  const slider = $("rp-slider");
  slider.max = String(data.steps.length - 1);
  slider.addEventListener("input", () => go(Number(slider.value)));
  $("rp-first").addEventListener("click", () => go(0));
  $("rp-last").addEventListener("click", () => go(data.steps.length - 1));
  $("rp-back").addEventListener("click", () => go(at - 1));
  $("rp-forward").addEventListener("click", () => go(at + 1));
  $("rp-prev-stone").addEventListener("click", () => go([...data.stones].reverse().find((s) => s < at) ?? 0));
  $("rp-next-stone").addEventListener("click", () => go(data.stones.find((s) => s > at) ?? at));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select")) return;
    if (event.key === "ArrowLeft") go(at - 1);
    if (event.key === "ArrowRight") go(at + 1);
  });
  if (full) timeline();
  setPeers(data.seats.map((s) => name(s.seat)));
  keepNamesFitted($("replay"));
  window.jagReplay = { go, get at() { return at; }, data };
  render();
}

setUp();
