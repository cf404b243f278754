// The end screen: a podium for the winners (or the team, or the whole table in Together), Play again
// first, the stones laid and the verses met, then everyone's points (teams first, then their members).
import { h, fill, initial, postForm } from "./dom.js";
import { gettext, interpolate, ngettext, pgettext } from "./i18n.js";
import { tagName, tagsInText, withNodes } from "./names.js";
import { endReason } from "./render-log.js";
import { verseUrl } from "./verse.js";

const PLACES = [
  pgettext("place in the ranking", "1st"),
  pgettext("place in the ranking", "2nd"),
  pgettext("place in the ranking", "3rd"),
  pgettext("place in the ranking", "4th"),
  pgettext("place in the ranking", "5th"),
];
// Matthew 25:21, in the reader's own public-domain Bible (the KJV in English).
const WELL_DONE = pgettext(
  "Matthew 25:21, quoted from the reader's own public-domain Bible",
  "Well done, thou good and faithful servant: thou hast been faithful over a few things, I will make thee ruler over many things.",
);

function place(rank) {
  return PLACES[rank - 1] || interpolate(pgettext("place in the ranking", "%(n)sth"), { n: rank });
}

const points = (n) => interpolate(ngettext("%(n)s point", "%(n)s points", n), { n });
const team = (n) => interpolate(gettext("Team %(team)s"), { team: n });

/** "Sam, Ruth and you": the last two joined by "and". */
function listed(list) {
  if (list.length < 2) return list[0] || "";
  return interpolate(gettext("%(names)s and %(last)s"), { names: list.slice(0, -1).join(", "), last: list.at(-1) });
}

function names(app, seats) {
  return listed(seats.map((s) => (s === app.me.seat ? pgettext("yourself, among the winners", "you") : app.seatName(s))));
}

function outcome(app, result) {
  if (result.no_winner) return gettext("Nobody wins this one.");
  if (result.teams) {
    const top = result.teams.filter((t) => t.rank === 1).map((t) => team(t.team));
    if (result.shared) return interpolate(gettext("A shared win: %(teams)s!"), { teams: listed(top) });
    return interpolate(gettext("%(team)s wins: %(names)s!"), { team: top[0], names: names(app, result.winners) });
  }
  if (result.shared) return interpolate(gettext("A shared win for %(names)s!"), { names: names(app, result.winners) });
  return result.winners.includes(app.me.seat) ? gettext("You win! Well done.") : interpolate(gettext("%(names)s wins!"), { names: names(app, result.winners) });
}

/** "You" is a badge beside the tag, never text that could run into it. */
function nameWithBadge(app, seat, cls) {
  const me = seat === app.me.seat;
  return h(
    "span",
    { class: cls },
    tagName(me ? app.me.tag : app.seatName(seat)),
    me ? h("span", { class: "badge badge-you" }, pgettext("badge beside your own name", "You")) : null,
  );
}

function memberRow(app, result, r, { showPlace, showPoints = true }) {
  const me = r.seat === app.me.seat;
  return h(
    "li",
    { class: `rank-row${result.winners.includes(r.seat) ? " is-winner" : ""}${me ? " is-me" : ""}` },
    showPlace ? h("span", { class: "rank-place" }, place(r.rank)) : null,
    nameWithBadge(app, r.seat, "rank-name"),
    showPoints ? h("span", { class: "rank-points" }, points(r.points)) : null,
  );
}

/** The podium: up to three places, the winner in the middle and highest; a team's win is one step. */
function podium(app, result) {
  if (result.together) {
    return result.together.won ? [h("li", { class: "podium-step podium-1 is-together" }, h("span", { class: "podium-medal", "aria-hidden": "true" }, "✦"), h("span", { class: "podium-words" }, gettext("Everyone, together")))] : [];
  }
  if (result.teams) {
    const top = result.teams.filter((t) => t.rank === 1);
    const seats = app.view?.seats || [];
    return top.map((t) =>
      h(
        "li",
        { class: "podium-step podium-1" },
        h("span", { class: "podium-medal", "aria-hidden": "true" }, "1"),
        h("span", { class: "podium-words" }, team(t.team)),
        h("span", { class: "podium-members" }, (result.ranking || []).filter((r) => (seats[r.seat - 1]?.team ?? (r.seat % 2 === 1 ? 1 : 2)) === t.team).map((r) => nameWithBadge(app, r.seat, "podium-name"))),
        h("span", { class: "podium-points" }, points(t.points)),
      ),
    );
  }
  const placed = (result.ranking || []).filter((r) => r.rank <= 3).slice(0, 3);
  // Second, first, third from left to right; the list order stays 1st, 2nd, 3rd for a reader.
  return placed.map((r) =>
    h(
      "li",
      { class: `podium-step podium-${r.rank}${r.seat === app.me.seat ? " is-me" : ""}` },
      h("span", { class: "podium-medal", "aria-hidden": "true" }, initial(r.seat === app.me.seat ? app.me.tag : app.seatName(r.seat))),
      h("span", { class: "visually-hidden" }, interpolate(pgettext("a place in the ranking, before the name", "%(place)s:"), { place: place(r.rank) }), " "),
      nameWithBadge(app, r.seat, "podium-name"),
      h("span", { class: "podium-points" }, points(r.points)),
      h("span", { class: "podium-block", "aria-hidden": "true" }, place(r.rank)),
    ),
  );
}

/** What the table did together: stones laid and the verses met, each opening in the reader. */
function summary(app) {
  const laid = app.view?.stones || [];
  const met = laid.map((s) => ({ story: s.story, verse: app.verses[String(s.story)] })).filter((m) => m.verse?.text);
  const facts = h(
    "p",
    { class: "end-facts" },
    h("span", { class: "end-fact" }, withNodes(ngettext("%(n)s stone laid", "%(n)s stones laid", laid.length), { n: h("strong", {}, String(laid.length)) })),
    h("span", { class: "end-fact" }, withNodes(ngettext("%(n)s verse met", "%(n)s verses met", met.length), { n: h("strong", {}, String(met.length)) })),
  );
  if (!met.length) return [facts];
  return [
    facts,
    h(
      "details",
      { class: "end-verses" },
      h("summary", {}, gettext("The verses we met")),
      h(
        "ul",
        { class: "end-verse-list" },
        met.map((m) =>
          h(
            "li",
            {},
            h("a", { href: verseUrl(m.verse), target: "_blank", rel: "noopener" }, app.story(m.story)),
            h("span", { class: "muted" }, ` ${m.verse.reference}`),
          ),
        ),
      ),
    ),
  ];
}

/** Teams: each team with its place and total, its members under it (no 1st-4th among people). */
function teamRanking(app, result, ended) {
  const ranking = result.ranking || [];
  const seats = app.view?.seats || [];
  const teamOf = (seat) => seats[seat - 1]?.team ?? (seat % 2 === 1 ? 1 : 2);
  return [...result.teams]
    .sort((a, b) => a.rank - b.rank || a.team - b.team)
    .map((t) => {
      const won = !ended && result.teams.filter((x) => x.rank === 1).some((x) => x.team === t.team) && !result.no_winner;
      return h(
        "li",
        { class: `team-rank${won ? " is-winner" : ""}` },
        h(
          "h2",
          { class: "team-rank-head" },
          ended ? null : h("span", { class: "rank-place" }, place(t.rank)),
          h("span", { class: "team-rank-name" }, team(t.team)),
          h("span", { class: "rank-points" }, points(t.points)),
        ),
        h(
          "ul",
          { class: "team-members" },
          ranking.filter((r) => teamOf(r.seat) === t.team).map((r) => memberRow(app, result, r, { showPlace: false })),
        ),
      );
    });
}

/** Together (V3): one side against the Well; the stones laid and the table's best so far. */
function togetherWords(result, table, ended) {
  const { won, stones: n } = result.together;
  const title = ended ? gettext("The game was ended early") : won ? gettext("We filled the circle!") : gettext("The Well ran dry");
  const laid = won ? gettext("All twelve stones are laid. Well done, everyone.") : interpolate(ngettext("Together we laid %(n)s stone of 12.", "Together we laid %(n)s stones of 12.", n), { n });
  const best = table.together_best;
  const record = best === null || best === undefined ? "" : ` ${interpolate(ngettext("The table's best so far: %(n)s stone.", "The table's best so far: %(n)s stones.", best), { n: best })}`;
  return { title, reason: `${laid}${record}` };
}

export function renderEnd(app) {
  const result = app.view?.result;
  const table = app.table;
  const ended = table.status === "ended" || result?.reason === "ended_by_host";
  const noWinner = ended || !!result?.no_winner;
  app.el.endTitle.textContent = ended ? gettext("The game was ended early") : gettext("The game is over");
  fill(app.el.endReason, result ? tagsInText(`${endReason(result.reason, !!table.led)} ${outcome(app, { ...result, no_winner: noWinner })}`) : "");
  if (result?.together) {
    const words = togetherWords(result, table, ended);
    app.el.endTitle.textContent = words.title;
    app.el.endReason.textContent = words.reason;
  }
  // The servant's verse is for a game somebody won; an ended game does not quote it at all.
  fill(app.el.endVerse, noWinner ? [] : [WELL_DONE, h("cite", {}, pgettext("a Bible reference, in the reader's own Bible", "Matthew 25:21"))]);
  app.el.endVerse.hidden = noWinner;

  const steps = result && !noWinner ? podium(app, result) : [];
  fill(app.el.endPodium, steps);
  app.el.endPodium.hidden = steps.length === 0;
  app.el.endPodium.classList.toggle("is-team", !!result?.teams || !!result?.together);
  fill(app.el.endSummary, summary(app));

  if (result?.teams) {
    app.el.endRanking.classList.add("is-teams");
    fill(app.el.endRanking, teamRanking(app, result, noWinner));
  } else {
    app.el.endRanking.classList.remove("is-teams");
    // Together has no places and no points of one's own: everyone won or lost as one side.
    const showPlace = !noWinner && !result?.together;
    fill(
      app.el.endRanking,
      result?.together ? [] : (result?.ranking || []).map((r) => memberRow(app, result, r, { showPlace })),
    );
  }
  app.el.endRanking.hidden = !app.el.endRanking.children.length;
  app.el.endTeams.hidden = true;

  const actions = [];
  if (table.led) {
    // A class's table: the leader deals the next game from the class board; the start page takes
    // a class child back to their class.
    actions.push(h("a", { class: "button button-big", href: app.homeUrl }, gettext("Back to my class")));
    fill(app.el.endActions, actions);
    return;
  }
  if (table.next_code) {
    // A post, like every way of sitting down: the join link's GET only shows the table.
    actions.push(postForm(`/join/${table.next_code}/`, app.csrf, gettext("Join the new table"), "button button-big"));
  } else {
    actions.push(postForm(`${app.base}again/`, app.csrf, gettext("Play again"), "button button-big"));
  }
  actions.push(h("a", { class: "button button-secondary", href: app.homeUrl }, gettext("Back to the start")));
  fill(app.el.endActions, actions);
}
