// The family screen's drawings: the waiting room, the circle of twelve with each stone's story and
// owner, the seats, the feed, the verse moment and the end. Large and public: no seat is "you" here,
// so these read a screen's `app` (screen.js), not the table page's, and never draw a hand.
import { fill, h, initial } from "./dom.js";
import { gettext, interpolate, ngettext, pgettext } from "./i18n.js";
import { tagName, tagsInText } from "./names.js";
import { verseNodes } from "./verse.js";
import { prependRolling } from "./roll.js";
import { endReason } from "./render-log.js";
import { countdownLeft, laidBy, ring, seatTag, storyTitle } from "./table-model.js";

const $ = (id) => document.getElementById(id);

// Counts, each said whole in the reader's language.
const cardCount = (n) => interpolate(ngettext("%(n)s card", "%(n)s cards", n), { n });
const pointCount = (n) => interpolate(ngettext("%(n)s point", "%(n)s points", n), { n });
const stoneCount = (n) => interpolate(ngettext("%(n)s stone", "%(n)s stones", n), { n });
const teamName = (team) => interpolate(gettext("Team %(n)s"), { n: team });

/** "Sam", "Sam and Ruth", "Sam, Ruth and Bea": the list as one phrase. */
function andList(list) {
  if (list.length < 2) return list[0] || "";
  return interpolate(gettext("%(names)s and %(last)s"), { names: list.slice(0, -1).join(pgettext("between the names of a list", ", ")), last: list.at(-1) });
}

// The server's badge codes (game/protocol/messages.py seat_badge) in the reader's words.
const BADGES = { Agent: pgettext("badge beside a name", "Agent"), Helper: pgettext("badge beside a name", "Helper"), JagAI: "JagAI" };
const badgeWords = (code) => BADGES[code] ?? code;

function seatBadge(info, facts) {
  if (facts && facts.kind !== "person") return h("span", { class: "badge badge-jagai" }, facts.taken_over ? badgeWords("Helper") : "JagAI");
  if (info?.badge) return h("span", { class: `badge badge-${info.badge.toLowerCase()}` }, badgeWords(info.badge));
  return null;
}

export function renderChips(app) {
  const chips = app.table?.chips || [];
  // At the table, as on the table page, Remember the Word off needs no chip: no quiz shows.
  for (const [id, shown] of [
    ["waiting-chips", chips],
    ["game-chips", chips.filter((chip) => chip.key !== "word_off")],
  ]) {
    const list = $(id);
    fill(list, shown.map((chip) => h("li", { class: "screen-chip" }, chip.label)));
    list.hidden = shown.length === 0;
  }
}

// --- The waiting room -------------------------------------------------------------------------

export function renderWaiting(app) {
  const audience = app.audience || {};
  let host = location.host;
  try {
    if (audience.join_url) host = new URL(audience.join_url, location.href).host;
  } catch {
    // a join link that is not a URL: the page's own host is where the site is
  }
  $("join-host").textContent = host;
  $("join-code").textContent = app.table.code;
  const qr = $("join-qr");
  if (audience.join_qr) {
    if (qr.getAttribute("src") !== audience.join_qr) qr.src = audience.join_qr;
    qr.alt = interpolate(gettext("A QR code that opens the join page for table %(code)s"), { code: app.table.code });
  }
  qr.hidden = !audience.join_qr;
  const seats = app.table.seats || [];
  fill(
    $("waiting-seats"),
    seats.map((s) =>
      h(
        "li",
        { class: "screen-seat" },
        h("span", { class: "screen-avatar", "aria-hidden": "true" }, initial(s.tag)),
        h("span", { class: "screen-seat-head" }, tagName(s.tag, "screen-tag"), seatBadge(s, { kind: s.kind === "agent" ? "agent" : "person" })),
      ),
    ),
  );
  const free = Math.max(0, (app.table.seat_count || seats.length) - seats.length);
  $("waiting-note").textContent = free
    ? interpolate(ngettext("%(n)s seat still free. The game begins when the host deals.", "%(n)s seats still free. The game begins when the host deals.", free), { n: free })
    : gettext("Everyone is here. The game begins when the host deals.");
  updateCountdown(app);
}

export function updateCountdown(app) {
  const el = $("waiting-countdown");
  const left = countdownLeft(app, performance.now());
  el.hidden = app.table?.kind !== "public" || left === null;
  if (!el.hidden) el.textContent = left > 0 ? interpolate(gettext("The game begins in %(n)s s"), { n: left }) : gettext("The game begins now");
}

// --- The game ---------------------------------------------------------------------------------

export function renderRing(app) {
  const stones = ring(app.view);
  const places = stones.map((stone, i) => {
    const place = i + 1;
    if (!stone) return h("li", { class: `ring-place place-${place} is-empty` }, h("span", { class: "ring-number" }, String(place)), h("span", { class: "visually-hidden" }, pgettext("a place in the circle", "empty")));
    return h(
      "li",
      { class: `ring-place place-${place} is-filled ${stone.sealed ? "is-sealed" : "is-open"}`, dataset: { story: String(stone.story) } },
      h("span", { class: "ring-head" }, h("span", { class: "ring-number", "aria-hidden": "true" }, String(place)), h("span", { class: "ring-title" }, storyTitle(app, stone.story))),
      tagName(seatTag(app, stone.seat), "ring-owner"),
      h("span", { class: "ring-kind" }, stone.sealed ? pgettext("a stone", "sealed") : gettext("stone of three")),
    );
  });
  fill($("ring"), places);
  $("stone-count").textContent = String(stones.filter(Boolean).length);
}

export function renderSeats(app) {
  const view = app.view;
  fill(
    $("seats"),
    view.seats.map((facts) => {
      const seat = facts.seat;
      const info = (app.table?.seats || []).find((s) => s.seat === seat);
      const tag = seatTag(app, seat);
      const turn = view.turn === seat && !view.result;
      const laid = laidBy(view, seat);
      const person = facts.kind === "person";
      const label = [
        tag,
        facts.taken_over ? gettext("played by JagAI as a Helper") : null,
        cardCount(facts.hand_size),
        person ? pointCount(facts.points) : null,
        stoneCount(laid),
        turn ? gettext("their turn") : null,
      ];
      return h(
        "li",
        { class: `screen-seat${turn ? " is-turn" : ""}${person ? "" : " is-helper"}`, "aria-current": turn ? "true" : null, "aria-label": label.filter(Boolean).join(pgettext("between the facts of a seat", ", ")) },
        h("span", { class: "screen-avatar", "aria-hidden": "true" }, initial(tag)),
        h(
          "span",
          { class: "screen-seat-head" },
          tagName(tag, "screen-tag"),
          h(
            "span",
            { class: "screen-seat-stats", "aria-hidden": "true" },
            seatBadge(info, facts),
            facts.team ? h("span", { class: `team-tag team-${facts.team}` }, teamName(facts.team)) : null,
            h("span", { class: "screen-stat" }, h("span", { class: "stat-card" }), ` ${cardCount(facts.hand_size)}`),
            person ? h("span", { class: "screen-stat" }, h("strong", {}, String(facts.points)), ` ${pgettext("points, short, after the number", "pts")}`) : null,
            h("span", { class: "screen-stat" }, h("span", { class: "stone-dot" }), ` ${laid}`),
          ),
        ),
      );
    }),
  );
}

/** "Sam's turn", with the clock when the server runs one for that seat. */
export function renderTurn(app) {
  const view = app.view;
  const key = `${view.turn}:${seatTag(app, view.turn)}`;
  const line = $("turn-line");
  if (line.dataset.key !== key) {
    line.dataset.key = key;
    fill(line, turnParts(tagName(seatTag(app, view.turn), "turn-tag")));
  }
  const left = app.clockLeft();
  const clock = $("turn-clock");
  clock.hidden = left === null || app.clock.seat !== view.turn;
  if (!clock.hidden) {
    clock.textContent = interpolate(pgettext("seconds left on the clock", "%(n)s s"), { n: Math.ceil(left) });
    clock.classList.toggle("is-urgent", left <= 10);
  }
  $("well-count").textContent = String(view.well);
}

/** "Sam's turn" around the tag, in the reader's words. In English "'s" stays with the tag (the
 *  word the sentence puts right after it): a long tag breaks the line before "turn", never before "'s". */
function turnParts(tag) {
  const [before, after = ""] = gettext("%(name)s's turn").split("%(name)s");
  const [, suffix, rest] = after.match(/^(\S*)([\s\S]*)$/);
  return [
    before ? h("span", { class: "turn-word" }, before) : null,
    h("span", { class: "turn-who" }, tag, suffix ? h("span", { class: "turn-suffix" }, suffix) : null),
    rest ? h("span", { class: "turn-word" }, rest) : null,
  ];
}

const FEED_SHOWN = 4;

/** The newest happenings first, a few only: the screen never scrolls. The feed rolls down as news
 *  comes (roll.js): nothing the room reads jumps. */
export function addToFeed(sentences) {
  const items = sentences.map(({ text, type }) => h("li", { class: `feed-item feed-${type}` }, tagsInText(text)));
  prependRolling($("feed"), items.reverse(), FEED_SHOWN);
}

/** The verse of a stone just laid, large; words of the verse as the reader prints them. */
export function showVerse(app, story, laidBy) {
  const verse = app.verses[String(story)];
  if (!verse?.text) return null;
  const title = interpolate(gettext("%(name)s's stone: %(story)s"), { name: seatTag(app, laidBy), story: storyTitle(app, story) });
  const shown = $("verse-moment");
  // A newer stone while a verse is up: its verse comes in a box of its own, faded in as the first
  // was, rather than the words on the screen rearranging under the room's eyes.
  if (!shown.hidden && shown.dataset.story !== String(story)) shown.replaceWith(shown.cloneNode(true));
  fill($("verse-title"), tagsInText(title));
  fill($("verse-text"), verseNodes(verse.text));
  $("verse-ref").textContent = verse.reference || "";
  const box = $("verse-moment");
  box.classList.toggle("is-long", verse.text.length > 220);
  box.hidden = false;
  box.dataset.story = String(story);
  return `${title}. ${verse.text.replace(/[[\]]/g, "")} ${verse.reference || ""}`.trim();
}

export function hideVerse() {
  $("verse-moment").hidden = true;
}

// --- The end ----------------------------------------------------------------------------------

const PLACES = [pgettext("a place in the ranking", "1st"), pgettext("a place in the ranking", "2nd"), pgettext("a place in the ranking", "3rd")];

function place(rank) {
  return PLACES[rank - 1] || interpolate(pgettext("a place in the ranking", "%(n)sth"), { n: rank });
}

function names(app, seats) {
  return andList(seats.map((s) => seatTag(app, s)));
}

function outcome(app, result, noWinner) {
  if (noWinner) return gettext("Nobody wins this one.");
  if (result.together) {
    const stones = result.together.stones;
    return result.together.won
      ? gettext("Everyone, together, filled the circle!")
      : interpolate(ngettext("Together the table laid %(n)s stone of 12.", "Together the table laid %(n)s stones of 12.", stones), { n: stones });
  }
  if (result.teams) {
    const top = result.teams.filter((t) => t.rank === 1).map((t) => teamName(t.team));
    if (result.shared) return interpolate(gettext("A shared win: %(teams)s!"), { teams: andList(top) });
    return interpolate(gettext("%(team)s wins: %(names)s!"), { team: top[0], names: names(app, result.winners) });
  }
  if (result.shared) return interpolate(gettext("A shared win for %(names)s!"), { names: names(app, result.winners) });
  return interpolate(gettext("%(names)s wins!"), { names: names(app, result.winners) });
}

function podium(app, result) {
  if (result.together) {
    return result.together.won ? [h("li", { class: "podium-step podium-1 is-together" }, h("span", { class: "podium-words" }, gettext("Everyone, together")))] : [];
  }
  if (result.teams) {
    return result.teams
      .filter((t) => t.rank === 1)
      .map((t) => h("li", { class: "podium-step podium-1" }, h("span", { class: "podium-words" }, teamName(t.team)), h("span", { class: "podium-points" }, pointCount(t.points))));
  }
  return (result.ranking || [])
    .filter((r) => r.rank <= 3)
    .slice(0, 3)
    .map((r) =>
      h(
        "li",
        { class: `podium-step podium-${r.rank}` },
        h("span", { class: "podium-medal", "aria-hidden": "true" }, initial(seatTag(app, r.seat))),
        h("span", { class: "visually-hidden" }, interpolate(pgettext("a podium's place, read before the name", "%(place)s: "), { place: PLACES[r.rank - 1] })),
        tagName(seatTag(app, r.seat), "podium-tag"),
        h("span", { class: "podium-points" }, pointCount(r.points)),
        h("span", { class: "podium-block", "aria-hidden": "true" }, PLACES[r.rank - 1]),
      ),
    );
}

/** Everyone's place and points, not the podium's three alone (a team's members under their team;
 *  Together's names only, as one side), each tag whole where its row has room. */
function ranking(app, result, placed) {
  const rows = result.ranking || [];
  const row = (r, { showPlace = placed, points = true } = {}) =>
    h(
      "li",
      { class: `end-rank${placed && result.winners?.includes(r.seat) ? " is-winner" : ""}` },
      showPlace ? h("span", { class: "end-rank-place" }, place(r.rank)) : null,
      tagName(seatTag(app, r.seat), "end-rank-tag"),
      points ? h("span", { class: "end-rank-points" }, pointCount(r.points)) : null,
    );
  if (result.together) return rows.map((r) => row(r, { showPlace: false, points: false }));
  if (!result.teams) return rows.map((r) => row(r));
  const seats = app.view?.seats || [];
  const teamOf = (seat) => seats[seat - 1]?.team ?? (seat % 2 === 1 ? 1 : 2);
  return [...result.teams]
    .sort((a, b) => a.rank - b.rank || a.team - b.team)
    .flatMap((t) => [
      h(
        "li",
        { class: "end-rank is-team" },
        placed ? h("span", { class: "end-rank-place" }, place(t.rank)) : null,
        h("span", { class: "end-rank-team" }, teamName(t.team)),
        h("span", { class: "end-rank-points" }, pointCount(t.points)),
      ),
      ...rows.filter((r) => teamOf(r.seat) === t.team).map((r) => row(r, { showPlace: false })),
    ]);
}

/** Returns the words to say out loud. */
export function renderEnd(app) {
  const result = app.view?.result;
  const ended = app.table.status === "ended" || result?.reason === "ended_by_host";
  const noWinner = ended || !!result?.no_winner || (result?.together && !result.together.won);
  const title = ended ? gettext("The game was ended early") : gettext("The game is over");
  const reason = result ? `${endReason(result.reason)} ${outcome(app, result, ended || !!result.no_winner)}` : "";
  $("end-title").textContent = title;
  fill($("end-reason"), tagsInText(reason));
  const steps = result && !noWinner ? podium(app, result) : [];
  fill($("end-podium"), steps);
  $("end-podium").hidden = steps.length === 0;
  fill($("end-ranking"), result ? ranking(app, result, !(ended || result.no_winner)) : []);
  $("end-ranking").hidden = !$("end-ranking").children.length;
  const stones = app.view ? ring(app.view).filter(Boolean) : [];
  $("end-stones-title").textContent = interpolate(ngettext("%(n)s stone laid", "%(n)s stones laid", stones.length), { n: stones.length });
  fill(
    $("end-stones"),
    stones.map((s) =>
      h(
        "li",
        { class: `end-stone${s.sealed ? " is-sealed" : ""}` },
        h("span", { class: "ring-number", "aria-hidden": "true" }, String(s.place)),
        h("span", { class: "end-stone-title" }, storyTitle(app, s.story)),
        tagName(seatTag(app, s.seat), "end-stone-owner"),
      ),
    ),
  );
  return `${title}. ${reason}`;
}
