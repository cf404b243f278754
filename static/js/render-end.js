// The end screen: ranking (teams first, then their members), shared wins, or "ended early"; Play again.
import { h, fill, postForm, plural, tagName } from "./dom.js";
import { endReason } from "./render-log.js";

const PLACES = ["1st", "2nd", "3rd", "4th", "5th"];
const WELL_DONE = "Well done, thou good and faithful servant: thou hast been faithful over a few things, I will make thee ruler over many things.";

function place(rank) {
  return PLACES[rank - 1] || `${rank}th`;
}

function names(app, seats) {
  const list = seats.map((s) => (s === app.me.seat ? "you" : app.seatName(s)));
  return list.length > 1 ? `${list.slice(0, -1).join(", ")} and ${list.at(-1)}` : list[0] || "";
}

function outcome(app, result) {
  if (result.no_winner) return "Nobody wins this one.";
  if (result.teams) {
    const top = result.teams.filter((t) => t.rank === 1).map((t) => `Team ${t.team}`);
    return result.shared ? `A shared win: ${top.join(" and ")}!` : `${top[0]} wins: ${names(app, result.winners)}!`;
  }
  if (result.shared) return `A shared win for ${names(app, result.winners)}!`;
  return result.winners.includes(app.me.seat) ? "You win! Well done." : `${names(app, result.winners)} wins!`;
}

function memberRow(app, result, r, { showPlace }) {
  const me = r.seat === app.me.seat;
  return h(
    "li",
    { class: `rank-row${result.winners.includes(r.seat) ? " is-winner" : ""}${me ? " is-me" : ""}` },
    showPlace ? h("span", { class: "rank-place" }, place(r.rank)) : null,
    h("span", { class: "rank-name" }, tagName(me ? app.tag : app.seatName(r.seat)), me ? h("span", { class: "tag-suffix" }, " (you)") : null),
    h("span", { class: "rank-points" }, plural(r.points, "point")),
  );
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
          h("span", { class: "team-rank-name" }, `Team ${t.team}`),
          h("span", { class: "rank-points" }, plural(t.points, "point")),
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
  const { won, stones } = result.together;
  const title = ended ? "The game was ended early" : won ? "We filled the circle!" : "The Well ran dry";
  const laid = won ? "All twelve stones are laid. Well done, everyone." : `Together we laid ${plural(stones, "stone")} of 12.`;
  const best = table.together_best;
  const record = best === null || best === undefined ? "" : ` The table's best so far: ${plural(best, "stone")}.`;
  return { title, reason: `${laid}${record}` };
}

export function renderEnd(app) {
  const result = app.view?.result;
  const table = app.table;
  const ended = table.status === "ended" || result?.reason === "ended_by_host";
  const noWinner = ended || !!result?.no_winner;
  app.el.endTitle.textContent = ended ? "The game was ended early" : "The game is over";
  app.el.endReason.textContent = result ? `${endReason(result.reason)} ${outcome(app, { ...result, no_winner: noWinner })}` : "";
  if (result?.together) {
    const words = togetherWords(result, table, ended);
    app.el.endTitle.textContent = words.title;
    app.el.endReason.textContent = words.reason;
  }
  // The servant's verse is for a game somebody won; an ended game does not quote it at all.
  fill(app.el.endVerse, noWinner ? [] : [WELL_DONE, h("cite", {}, "Matthew 25:21")]);
  app.el.endVerse.hidden = noWinner;

  if (result?.teams) {
    app.el.endRanking.classList.add("is-teams");
    fill(app.el.endRanking, teamRanking(app, result, noWinner));
  } else {
    app.el.endRanking.classList.remove("is-teams");
    // Together has no places: everyone won or lost as one side.
    const showPlace = !noWinner && !result?.together;
    fill(
      app.el.endRanking,
      (result?.ranking || []).map((r) => memberRow(app, result, r, { showPlace })),
    );
  }
  app.el.endTeams.hidden = true;

  const actions = [];
  if (table.next_code) {
    // A post, like every way of sitting down: the join link's GET only shows the table.
    actions.push(postForm(`/join/${table.next_code}/`, app.csrf, "Join the new table", "button button-big"));
  } else {
    actions.push(postForm(`${app.base}again/`, app.csrf, "Play again", "button button-big"));
  }
  actions.push(h("a", { class: "button button-secondary", href: app.homeUrl }, "Back to the start"));
  fill(app.el.endActions, actions);
}
