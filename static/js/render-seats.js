// The seats around the table: tag, badge, cards in hand, points, stones, whose turn, the clock.
import { h, fill, initial } from "./dom.js";
import { gettext, interpolate, ngettext, pgettext } from "./i18n.js";
import { tagName, withNodes } from "./names.js";
import { cardCount } from "./cards.js";
import { laidBy, seatTag } from "./table-model.js";

// A member's tag is letters, digits, _ and - (accounts/tags.py); "a player" is none.
const MEMBER_TAG = /^[A-Za-z0-9_-]+$/;

// The server's badge codes (game/protocol/messages.py seat_badge) in the reader's words.
const BADGES = { Agent: pgettext("badge beside a name", "Agent"), Helper: pgettext("badge beside a name", "Helper"), JagAI: "JagAI" };
const badgeWords = (code) => BADGES[code] ?? code;

/** Whether a seat's name may be reported from here: a member's (JagAI's Helper keeps it), not yours. */
export function reportable(info, seat, mine) {
  return seat !== mine && (!info.badge || info.badge === "Helper") && MEMBER_TAG.test(info.tag || "");
}

/** A seat's avatar and tag; with `open`, a button for the seat's menu (seat-report.js), in the same room. */
export function seatHead(tag, avatar, seat, open) {
  if (!open) return h("div", { class: "seat-head" }, avatar, tagName(tag, "seat-name"));
  // Named by its words (no aria-label), so a cut tag on screen stays part of its name.
  const attrs = { type: "button", class: "seat-head seat-menu", "aria-haspopup": "dialog", dataset: { reportSeat: String(seat) }, onclick: open };
  const words = withNodes(gettext("More about %(name)s"), { name: tagName(tag, "seat-name") }, (text) => h("span", { class: "visually-hidden" }, text));
  return h("button", attrs, avatar, words, h("span", { class: "seat-more", "aria-hidden": "true" }, "⋯"));
}

export function openSeatMenu(list, seat, tag, fields, csrf) {
  const opener = () => list.querySelector(`[data-report-seat="${seat}"]`);
  import("./seat-report.js").then((m) => m.openReport({ tag, fields, csrf, opener }));
}

/** Redraw the seats, the focus staying on the seat button that had it. */
export function fillSeats(list, chips) {
  const had = list.contains(document.activeElement) && document.activeElement.dataset.reportSeat;
  fill(list, chips);
  if (had) list.querySelector(`[data-report-seat="${had}"]`)?.focus({ preventScroll: true });
}

export function seatInfo(app, seat) {
  return (app.table?.seats || []).find((s) => s.seat === seat) || { seat, tag: interpolate(gettext("Seat %(seat)s"), { seat }), badge: null };
}

function badge(app, seat, info, facts) {
  if (seat === app.me.seat && facts.kind === "person") return h("span", { class: "badge badge-you" }, pgettext("badge beside your own name", "You"));
  if (info.badge) return h("span", { class: `badge badge-${info.badge.toLowerCase()}` }, badgeWords(info.badge));
  if (facts && facts.kind !== "person") return h("span", { class: "badge badge-jagai" }, facts.taken_over ? badgeWords("Helper") : "JagAI");
  return null;
}

export function renderSeats(app) {
  const view = app.view;
  fillSeats(
    app.el.seats,
    view.seats.map((facts) => {
      const seat = facts.seat;
      const info = seatInfo(app, seat);
      const tag = seatTag(app, seat);
      const turn = view.turn === seat && !view.result;
      const person = facts.kind === "person";
      const laid = laidBy(view, seat);
      const clock = app.clock && app.clock.seat === seat && turn;
      const mine = view.seats[app.me.seat - 1];
      const partner = facts.team && seat !== app.me.seat && mine && mine.team === facts.team;
      const team = facts.team
        ? h("span", { class: `team-tag team-${facts.team}` }, interpolate(partner ? gettext("Partner · Team %(team)s: %(points)s pts") : gettext("Team %(team)s: %(points)s pts"), { team: facts.team, points: facts.team_points ?? 0 }))
        : null;
      const li = h(
        "li",
        {
          class: `seat-chip${turn ? " is-turn" : ""}${seat === app.me.seat ? " is-me" : ""}${person ? "" : " is-helper"}`,
          "aria-current": turn ? "true" : null,
          "aria-label": seatLabel(app, facts, info, laid, turn),
        },
        seatHead(
          tag,
          h("span", { class: `seat-avatar${clock ? " has-clock" : ""}`, "aria-hidden": "true", dataset: { seat: String(seat) } }, initial(tag)),
          seat,
          reportable(info, seat, app.me.seat) && (() => openSeatMenu(app.el.seats, seat, tag, { code: app.code, seat }, app.csrf)),
        ),
        h(
          "div",
          { class: "seat-stats", "aria-hidden": "true" },
          badge(app, seat, info, facts),
          team,
          // No Turn badge (the green ring says it): a tile keeps its height as the turn goes round.
          h("span", { class: "stat" }, h("span", { class: "stat-card" }), String(facts.hand_size)),
          person ? h("span", { class: "stat" }, withNodes(gettext("%(points)s pts"), { points: h("strong", {}, String(facts.points)) })) : null,
          h("span", { class: "stat" }, h("span", { class: "stone-dot" }), String(laid)),
        ),
      );
      return li;
    }),
  );
  updateClockRings(app);
}

function seatLabel(app, facts, info, laid, turn) {
  const tag = seatTag(app, facts.seat);
  const parts = [facts.seat === app.me.seat ? interpolate(gettext("%(name)s (you)"), { name: tag }) : tag];
  if (facts.kind !== "person") parts.push(facts.taken_over ? gettext("played by JagAI as a Helper") : info.badge ? badgeWords(info.badge) : gettext("JagAI helper"));
  if (facts.team) {
    const n = facts.team_points ?? 0;
    parts.push(interpolate(ngettext("team %(team)s, %(n)s team point", "team %(team)s, %(n)s team points", n), { team: facts.team, n }));
  }
  parts.push(cardCount(facts.hand_size));
  if (facts.kind === "person") parts.push(interpolate(ngettext("%(n)s point", "%(n)s points", facts.points), { n: facts.points }));
  parts.push(interpolate(ngettext("%(n)s stone", "%(n)s stones", laid), { n: laid }));
  if (turn) parts.push(gettext("their turn"));
  return parts.join(", ");
}

/** The clock ring on the avatar of the person who must decide now. */
export function updateClockRings(app) {
  const left = app.clockLeft();
  for (const avatar of app.el.seats.querySelectorAll(".seat-avatar")) {
    const mine = left !== null && app.clock && String(app.clock.seat) === avatar.dataset.seat;
    avatar.classList.toggle("has-clock", mine);
    avatar.classList.toggle("is-urgent", mine && left <= 10);
    if (mine) avatar.style.setProperty("--clock", String(Math.max(0, Math.min(1, left / app.moveSeconds))));
  }
}
