// The end screen: ranking, shared wins, team totals, or "ended early, no winner"; Play again.
import { h, fill, postForm, plural } from "./dom.js";
import { endReason } from "./render-log.js";

const PLACES = ["1st", "2nd", "3rd", "4th", "5th"];

function names(app, seats) {
  const list = seats.map((s) => (s === app.me.seat ? "you" : app.seatName(s)));
  return list.length > 1 ? `${list.slice(0, -1).join(", ")} and ${list.at(-1)}` : list[0] || "";
}

export function renderEnd(app) {
  const result = app.view?.result;
  const table = app.table;
  const ended = table.status === "ended" || result?.reason === "ended_by_host";
  app.el.endTitle.textContent = ended ? "The game was ended early" : "The game is over";
  const lines = [result ? endReason(result.reason) : ""];
  if (result && !result.no_winner) {
    const youWon = result.winners.includes(app.me.seat);
    if (result.teams) {
      const top = result.teams.filter((t) => t.rank === 1).map((t) => `Team ${t.team}`);
      lines.push(result.shared ? `A shared win: ${top.join(" and ")}!` : `${top[0]} wins: ${names(app, result.winners)}!`);
    } else if (result.shared) {
      lines.push(`A shared win for ${names(app, result.winners)}!`);
    } else {
      lines.push(youWon ? "You win! Well done." : `${names(app, result.winners)} wins!`);
    }
  } else if (result) {
    lines.push("Nobody wins this one.");
  }
  app.el.endReason.textContent = lines.filter(Boolean).join(" ");

  const ranking = result?.ranking || [];
  fill(
    app.el.endRanking,
    ranking.map((r) =>
      h(
        "li",
        { class: `rank-row${result.winners.includes(r.seat) ? " is-winner" : ""}${r.seat === app.me.seat ? " is-me" : ""}` },
        h("span", { class: "rank-place" }, ended ? "·" : PLACES[r.rank - 1] || `${r.rank}th`),
        h("span", { class: "rank-name" }, app.seatName(r.seat) === "You" ? `${app.tag} (you)` : app.seatName(r.seat)),
        h("span", { class: "rank-points" }, plural(r.points, "point")),
      ),
    ),
  );
  if (result?.teams) {
    app.el.endTeams.hidden = false;
    fill(
      app.el.endTeams,
      h("h2", {}, "Team totals"),
      h(
        "ul",
        { class: "team-totals" },
        result.teams.map((t) => h("li", {}, h("span", {}, `Team ${t.team}`), h("strong", {}, plural(t.points, "point")))),
      ),
    );
  } else {
    app.el.endTeams.hidden = true;
  }

  const actions = [];
  if (table.next_code) {
    actions.push(h("a", { class: "button button-big", href: `/join/${table.next_code}/` }, "Join the new table"));
  } else {
    actions.push(postForm(`${app.base}again/`, app.csrf, "Play again", "button button-big"));
  }
  actions.push(h("a", { class: "button button-secondary", href: app.homeUrl }, "Back to the start"));
  fill(app.el.endActions, actions);
}
