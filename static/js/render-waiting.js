// The waiting room: seats filling live, the host's start button, the public countdown, Leave.
import { h, fill, initial, postForm } from "./dom.js";
import { gettext, interpolate, ngettext, pgettext } from "./i18n.js";
import { tagName } from "./names.js";
import { countdownLeft } from "./table-model.js";

export function renderWaiting(app) {
  const table = app.table;
  const people = table.seats.filter((s) => s.kind === "person");
  const isHost = app.me.seat === table.host_seat;
  const slots = [];
  for (let seat = 1; seat <= table.seat_count; seat += 1) {
    const s = table.seats.find((x) => x.seat === seat);
    const team = table.teams ? h("span", { class: `badge team-tag team-${seat % 2 === 1 ? 1 : 2}` }, interpolate(gettext("Team %(team)s"), { team: seat % 2 === 1 ? 1 : 2 })) : null;
    const number = h("span", { class: "seat-number" }, interpolate(gettext("Seat %(seat)s"), { seat }));
    slots.push(
      s
        ? h(
            "li",
            { class: `waiting-seat is-taken${seat === app.me.seat ? " is-me" : ""}` },
            h("span", { class: "seat-avatar", "aria-hidden": "true" }, initial(s.tag)),
            h("span", { class: "waiting-seat-text" }, tagName(s.tag, "seat-name"), h("span", { class: "waiting-seat-meta" }, number, team, seat === table.host_seat ? h("span", { class: "badge badge-host" }, pgettext("badge beside a name", "Host")) : null, seat === app.me.seat ? h("span", { class: "badge badge-you" }, pgettext("badge beside your own name", "You")) : null)),
          )
        : h(
            "li",
            { class: "waiting-seat is-free" },
            h("span", { class: "seat-avatar", "aria-hidden": "true" }, "?"),
            h("span", { class: "waiting-seat-text" }, h("span", { class: "seat-name muted" }, table.teams ? gettext("Waiting for a player…") : gettext("Free seat")), h("span", { class: "waiting-seat-meta" }, number, team)),
          ),
    );
  }
  fill(app.el.waitingSeats, slots);

  const notes = [];
  if (table.kind === "public") {
    notes.push(gettext("A public table. It starts when the countdown ends or every seat is taken; JagAI helpers play the free seats."));
  } else if (table.teams) {
    const n = people.length;
    notes.push(interpolate(ngettext("Teams: four people. Team 1 is seats 1 and 3, team 2 is seats 2 and 4. %(n)s person so far.", "Teams: four people. Team 1 is seats 1 and 3, team 2 is seats 2 and 4. %(n)s people so far.", n), { n }));
  } else if (app.mayInvite) {
    notes.push(gettext("Share the code. Seats nobody takes are played by JagAI helpers."));
  } else {
    notes.push(gettext("Seats nobody takes are played by JagAI helpers."));
  }
  if (table.remember_word) notes.push(gettext("Remember the Word is on."));
  for (const chip of table.chips || []) notes.push(chip.note);
  app.el.waitingNote.textContent = notes.join(" ");

  const actions = [];
  if (isHost && table.kind === "private") {
    const form = postForm(`${app.base}start/`, app.csrf, gettext("Start the game"), "button button-big");
    if (table.teams && people.length !== 4) {
      form.querySelector("button").disabled = true;
      actions.push(form, h("p", { class: "muted" }, gettext("Teams need four people before the game can start.")));
    } else if (table.options?.variant === "together" && people.length < 2) {
      form.querySelector("button").disabled = true;
      actions.push(form, h("p", { class: "muted" }, gettext("Together needs two people or more: share the code.")));
    } else {
      actions.push(form);
    }
  } else if (isHost) {
    actions.push(postForm(`${app.base}start-now/`, app.csrf, gettext("Start now"), "button button-big"));
  } else {
    const host = table.seats.find((s) => s.seat === table.host_seat);
    actions.push(h("p", { class: "muted host-note" }, host ? interpolate(gettext("%(name)s will start the game."), { name: host.tag }) : gettext("The host will start the game.")));
  }
  // The host puts a private table on the living-room TV (issue 31); a public table has no screen.
  if (isHost && table.kind !== "public") actions.push(h("a", { href: `${app.base}tv/`, class: "button button-secondary" }, gettext("Show on TV")));
  actions.push(postForm(`${app.base}leave/`, app.csrf, pgettext("leave the table", "Leave"), "button button-secondary"));
  fill(app.el.waitingActions, actions);
  updateCountdown(app);
}

/** The public table's countdown, ticking locally between messages. */
export function updateCountdown(app) {
  const box = app.el.countdown;
  const left = countdownLeft(app, performance.now());
  box.hidden = app.table?.status !== "waiting" || left === null;
  if (box.hidden) return;
  app.el.countdownNumber.textContent = String(left);
  app.el.countdownText.textContent = left > 0 ? interpolate(ngettext("The game starts in %(n)s second", "The game starts in %(n)s seconds", left), { n: left }) : gettext("Starting…");
}
