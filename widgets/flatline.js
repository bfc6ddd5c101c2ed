// Flatline: the table in SVG, from the snapshot's `board` part (flatlab/ui/flatline.py).
// It follows board.js in the same module text (see flatlab/ui/assets.py).
//
// Targets (patient rows "P04/2", emergency and Stat cards "E07"/"S03", stations "station/0",
// Triage cards for the Triage tool) carry data-target = the JSON of the `on`/`card` parameter.
// A player's unplaced dice carry data-die="player:face" and data-tool = the place tool they
// select: click a die (or focus it and press Enter), then click a highlighted target.
// Re-roll: with a die selected, click the re-roll track (data-reroll="track"): the die becomes
// the sacrifice (tool reroll+player=P+sacrifice=F, from legal_actions()), the player's other dice
// toggle (data-pick="face#k"), and "Re-roll" (data-reroll="go") sends the one reroll action;
// "Cancel", Escape or a click on the sacrificed die leave. A die that cannot be placed selects
// its re-roll tool directly. The picks live only here, in the page, until the action is sent.
// The clock: while timed, the page sends {tick: true} about once a second; Python answers with
// g.tick() and the seconds left (the `clock` trait), which this file counts down in between.
// Colours follow Okabe-Ito; every colour is doubled by a letter (icons) or a number (players).

const PLAYER = {
  red: "#D55E00", blue: "#0072B2", green: "#009E73", yellow: "#F0E442", purple: "#CC79A7",
};
const ORDER = ["red", "blue", "green", "yellow", "purple"];
const INK = { blue: "#fff", red: "#000", green: "#fff", yellow: "#000", purple: "#000" };
const ICON = { heart: "H", lungs: "L", brain: "N", bone: "B", blood: "D", meds: "M" };
const TRIGGER = { red: "#D55E00", green: "#009E73", blank: "#bbb" };
const W = 1000;

const q = (value) => esc(JSON.stringify(value));
const short = (text, n) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

function die(x, y, size, face, owner, extra = "") {
  const colour = owner == null ? null : ORDER[owner];
  const letter = ICON[face] || "?";
  if (colour == null) {
    return `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="5" fill="#fff" stroke="#555"`
      + ` stroke-width="2" stroke-dasharray="4 3"/><text x="${x + size / 2}" y="${y + size * 0.68}"`
      + ` font-size="${size * 0.5}" fill="#555">${letter}</text>`;
  }
  const num = size >= 26 ? `<text x="${x + size - 6}" y="${y + size - 3}" font-size="10"`
    + ` fill="${INK[colour]}">${owner + 1}</text>` : "";
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="5" fill="${PLAYER[colour]}"`
    + ` stroke="#000" stroke-width="2" ${extra}/><text x="${x + size / 2}" y="${y + size * 0.68}"`
    + ` font-size="${size * 0.55}" fill="${INK[colour]}">${letter}</text>${num}`;
}

function slots(x, y, size, list) {
  return list.map(([face, owner], i) => die(x + i * (size + 4), y, size, face, owner)).join("");
}

// The exact chance that the team can still complete a target, as a small bar.
function bar(x, y, w, p) {
  if (!p) return "";
  const [n, d] = p;
  const pct = Math.round((100 * n) / d);
  return `<g class="fl-pbar"><title>P(can still complete) = ${n}/${d}</title>`
    + `<rect x="${x}" y="${y}" width="${w}" height="8" fill="#ddd" stroke="#555"/>`
    + `<rect x="${x}" y="${y}" width="${(w * n) / d}" height="8" fill="#009E73"/>`
    + `<text x="${x + w / 2}" y="${y + 20}" font-size="11" fill="#222">${pct}%</text></g>`;
}

function target(t, x, y, w, h, label, body, p) {
  const dp = p ? ` data-p="${p[0]}/${p[1]}"` : "";
  return `<g data-target="${q(t)}" aria-label="${esc(label)}"${dp}>`
    + `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="#fff" stroke="#444" stroke-width="1.5"/>`
    + `${body}<rect class="hl" x="${x}" y="${y}" width="${w}" height="${h}" rx="6"/>`
    + `<rect class="focus" x="${x - 2}" y="${y - 2}" width="${w + 4}" height="${h + 4}" rx="7"/></g>`;
}

function describeSlots(list) {
  return list.map(([face, owner]) => (owner == null ? `${face} needed` : `${face} (${ORDER[owner]})`))
    .join(", ");
}

function meter(b) {
  const cells = b.meter.map(([n, cube], i) => {
    const x = 10 + i * 58;
    return `<rect x="${x}" y="28" width="50" height="40" rx="4" fill="#f4f4f4" stroke="#333"/>`
      + (cube ? `<rect class="cube" x="${x + 13}" y="36" width="24" height="24" fill="#333"/>` : "")
      + `<text x="${x + 25}" y="88" font-size="16">${n}</text>`;
  }).join("");
  const cubes = b.meter.filter(([, c]) => c).length;
  return `<g data-part="meter" data-cubes="${cubes}" aria-label="Power meter: ${cubes} cubes">`
    + `<text x="10" y="20" font-size="14" style="text-anchor:start">Power meter (${cubes} cubes)</text>${cells}</g>`;
}

function station(st, i) {
  const x = 490 + i * 255;
  const body = `<text x="${x + 120}" y="28" font-size="13">${esc(st.name)}${st.cube ? " · ■ cube" : " · used"}</text>`
    + slots(x + 10, 38, 30, st.slots) + bar(x + 130, 44, 110, st.p);
  if (!st.cube) return `<g data-part="station-${i}" opacity="0.5"><rect x="${x}" y="10" width="245" height="80" rx="6" fill="#eee" stroke="#888"/>${body}</g>`;
  return target(st.target, x, 10, 245, 80, `${st.name} recharging station: ${describeSlots(st.slots)}`, body, st.p);
}

// The four patient spaces around the dial, clockwise from the top left.
const SPACES = [[10, 110], [290, 110], [290, 330], [10, 330]];

function patient(pt, b) {
  const [x, y] = SPACES[pt.space];
  const mark = pt.space === b.diamond;
  const head = `<g data-part="space-${pt.space}"${mark ? ' data-diamond="1"' : ""}>`
    + `<rect x="${x}" y="${y}" width="260" height="210" rx="8" fill="#fafafa" stroke="#222" stroke-width="${mark ? 4 : 2}"/>`;
  if (!pt.card) return `${head}<text x="${x + 130}" y="${y + 110}" font-size="15" fill="#777">empty</text></g>`;
  const blocked = pt.blocked ? ' <tspan fill="#D55E00">BLOCKED</tspan>' : "";
  let out = `${head}<rect x="${x}" y="${y}" width="12" height="210" rx="4" fill="${TRIGGER[pt.colour] || "#bbb"}"/>`
    + `<text x="${x + 136}" y="${y + 20}" font-size="14">${mark ? "◆ " : ""}${esc(pt.card)} ${esc(short(pt.name.split(":")[0], 22))}${blocked}</text>`
    + `<text x="${x + 136}" y="${y + 36}" font-size="11" fill="#333">${esc(short(pt.name.split(":")[1] || "", 30))} · ${pt.colour} trigger</text></g>`;
  pt.rows.forEach((row, r) => {
    const ry = y + 44 + r * 54;
    if (row.cleared) {
      out += `<g data-part="row-${row.target}" data-cleared="1"><rect x="${x + 18}" y="${ry}" width="234" height="48" rx="6" fill="#e3f2ea" stroke="#009E73"/>`
        + `<text x="${x + 135}" y="${ry + 30}" font-size="15" fill="#005a40">✓ row ${r + 1} cleared</text></g>`;
      return;
    }
    const need = row.players > 1 ? `<text x="${x + 208}" y="${ry + 14}" font-size="10">${row.players} players</text>` : "";
    const label = `${pt.card} row ${r + 1}: ${describeSlots(row.slots)}`;
    out += target(row.target, x + 18, ry, 234, 48, label,
      slots(x + 24, ry + 7, 34, row.slots) + need + bar(x + 170, ry + 20, 76, row.p), row.p);
  });
  return out;
}

function dial(b) {
  const [sx, sy] = SPACES[b.diamond];
  const [cx, cy] = [280, 325];
  const dx = Math.sign(sx + 130 - cx) * 16;
  const dy = Math.sign(sy + 105 - cy) * 16;
  return `<g data-part="dial" aria-label="Life support dial, diamond on space ${b.diamond + 1}">`
    + `<circle cx="${cx}" cy="${cy}" r="24" fill="#fff" stroke="#000" stroke-width="3"/>`
    + `<path d="M${cx + dx},${cy + dy - 8} l8,8 l-8,8 l-8,-8 Z" fill="#000"/></g>`;
}

function emergencyCard(card, x, y, w, h) {
  const body = `<text x="${x + w / 2}" y="${y + 15}" font-size="13">${esc(card.id)}</text>`
    + `<title>${esc(card.name)}: ${esc(card.effect || card.triage)}</title>`
    + slots(x + 4, y + 22, 19, card.slots) + bar(x + 4, y + 48, w - 8, card.p);
  return target(card.id, x, y, w, h, `${card.id} ${card.name}: ${describeSlots(card.slots)}`, body, card.p);
}

function areas(b) {
  let out = `<g data-part="emergency-head"><text x="570" y="120" font-size="14" style="text-anchor:start">Emergency area</text>`;
  for (let i = 0; i < 6; i++) out += `<text x="${605 + i * 70}" y="138" font-size="13">${i + 1}</text>`;
  out += "</g>";
  b.emergency.forEach((cards, i) => {
    for (let r = 0; r < 2; r++) {
      const [x, y] = [572 + i * 70, 144 + r * 80];
      out += cards[r] ? emergencyCard(cards[r], x, y, 66, 74)
        : `<rect data-part="slot-${i + 1}-${r}" x="${x}" y="${y}" width="66" height="74" rx="6" fill="#f2f2f2" stroke="#bbb" stroke-dasharray="4 4"/>`;
    }
  });
  out += `<g data-part="stat-head"><text x="570" y="324" font-size="14" style="text-anchor:start">Stat area</text></g>`;
  b.stat.forEach((card, i) => { out += emergencyCard(card, 572 + i * 70, 330, 66, 74); });
  out += `<g data-part="triage-head"><text x="570" y="428" font-size="14" style="text-anchor:start">Triage (+)`
    + `${b.triage_waiting ? ` · ${b.triage_waiting} waiting` : ""}</text>`
    + `<text x="850" y="428" font-size="14" style="text-anchor:start">X area</text></g>`;
  for (let i = 0; i < 4; i++) {
    const card = b.triage[i];
    const x = 572 + i * 66;
    if (!card) {
      out += `<rect data-part="plus-${i}" x="${x}" y="434" width="60" height="50" rx="6" fill="#f2f2f2" stroke="#bbb" stroke-dasharray="4 4"/>`;
      continue;
    }
    out += target(card.id, x, 434, 60, 50, `Triage card ${card.id}: ${card.triage}`,
      `<title>${esc(card.name)}: ${esc(card.triage)}</title><text x="${x + 30}" y="456" font-size="14">+ ${esc(card.id)}</text>`
      + `<text x="${x + 30}" y="474" font-size="9">${esc(short(card.triage, 14))}</text>`);
  }
  const xs = Array.from({ length: b.x_limit }, (_, i) => `<rect x="${852 + i * 34}" y="434" width="30" height="50" rx="4"`
    + ` fill="${i < b.x ? "#555" : "#f2f2f2"}" stroke="#333"/>`).join("");
  return `${out}<g data-part="x" data-x="${b.x}">${xs}<text x="920" y="500" font-size="13">${b.x} of ${b.x_limit}</text></g>`;
}

// The re-roll mode, worked out from the selected tool and the page's picks.
function rerollMode(snap, ui) {
  const tools = snap.tools || [];
  const selected = tools.find((t) => t.id === ui.tool);
  if (selected && selected.kind === "reroll") {
    return { tool: selected, player: selected.fixed.player, sacrifice: selected.fixed.sacrifice };
  }
  // a die selected (its place tool): may it go on the track?
  const armed = selected && selected.kind === "place" && tools.find((t) => t.kind === "reroll"
    && t.fixed.player === selected.fixed.player && t.fixed.sacrifice === selected.fixed.face);
  return { armed: armed || null };
}

// the icons of the picked dice, e.g. ["lungs", "meds"] (keys are "face#k")
function picked(ui) {
  return [...ui.picks].map((key) => key.split("#")[0]);
}

function track(b, snap, ui) {
  const [used, limit] = b.rerolls;
  const mode = rerollMode(snap, ui);
  let boxes = "";
  const n = Math.max(limit, used);
  for (let i = 0; i < n; i++) {
    const d = b.track[i];
    const x = 110 + i * 34;
    if (d) boxes += die(x, 562, 28, d[1], d[0]);
    else if (mode.tool && i === used) boxes += `<g opacity="0.55">${die(x, 562, 28, mode.sacrifice, mode.player)}</g>`;
    else boxes += `<rect x="${x}" y="562" width="28" height="28" rx="5" fill="#fff" stroke="#333"/>`;
  }
  const w = 104 + n * 34;
  let label = `Re-roll track, ${used} of ${limit} used`;
  if (mode.armed) label += `: click to sacrifice the selected ${ORDER[mode.armed.fixed.player]} ${mode.armed.fixed.sacrifice} and re-roll other dice`;
  const cls = `fl-reroll${mode.armed ? " armed" : ""}${mode.tool ? " active" : ""}`;
  const clickable = mode.armed || mode.tool ? ' tabindex="0" role="button"' : "";
  const locks = b.lockdowns.length ? `lock-downs: ${b.lockdowns.join(", ")}` : "no lock-downs";
  const roll = b.emergency_roll ? ` · emergency dice ${b.emergency_roll.join(" and ")}` : "";
  return `<g data-part="track" data-rerolls="${used}/${limit}">`
    + `<g class="${cls}" data-reroll="track"${clickable} aria-label="${esc(label)}">`
    + `<rect x="4" y="558" width="${w}" height="36" rx="6" fill="#fff" stroke="none"/>`
    + `<text x="10" y="582" font-size="14" style="text-anchor:start">Re-rolls ${used}/${limit}</text>${boxes}`
    + `<rect class="hl" x="4" y="558" width="${w}" height="36" rx="6"/></g>`
    + `<text x="${Math.max(300, w + 20)}" y="582" font-size="14" style="text-anchor:start" class="fl-locks">${esc(locks)}${roll}</text></g>`
    + (b.time_left == null ? "" : `<g data-part="clock"><text class="fl-clock" x="900" y="582" font-size="22"`
      + ` data-left="${b.time_left}" fill="#D55E00">${Math.ceil(b.time_left)} s left</text></g>`);
}

function button(x, y, w, text, attrs) {
  return `<g class="fl-svg-button" ${attrs} role="button" tabindex="0"><rect x="${x}" y="${y}" width="${w}" height="34" rx="6"`
    + ` fill="#fff" stroke="#333" stroke-width="2"/><text x="${x + w / 2}" y="${y + 23}" font-size="14">${esc(text)}</text></g>`;
}

function hands(snap, ui) {
  const b = snap.board;
  const tools = snap.tools || [];
  const mode = rerollMode(snap, ui);
  return b.players.map((pl, p) => {
    const y = 606 + p * 46;
    const role = pl.role ? ` (${pl.role})` : "";
    const rerolling = mode.tool && mode.player === p;
    let out = `<g data-part="hand-${p}" data-player="${p}"${rerolling ? ' data-rerolling="1"' : ""}>`
      + `<text x="10" y="${y + 24}" font-size="15" style="text-anchor:start">`
      + `${pl.colour[0].toUpperCase()}${pl.colour.slice(1)}${role}</text>`;
    let x = 170;
    const pool = rerolling ? Object.fromEntries(mode.tool.pool) : {};
    for (const [face, n] of pl.hand) {
      const place = tools.find((t) => t.kind === "place" && t.fixed.player === p && t.fixed.face === face);
      const reroll = tools.find((t) => t.kind === "reroll" && t.fixed.player === p && t.fixed.sacrifice === face);
      const t = place || reroll;
      const sel = t && t.id === ui.tool && !rerolling;
      for (let k = 0; k < n; k++) {
        const name = `${pl.colour} ${face} die`;
        let attrs;
        let ring = "";
        if (rerolling && face === mode.sacrifice && k === 0) {
          attrs = ` data-reroll="sacrifice" tabindex="0" role="button" aria-label="${esc(name)}, to be sacrificed (click to cancel)"`;
          ring = `<rect x="${x - 4}" y="${y - 4}" width="42" height="42" rx="7" fill="none" stroke="#000" stroke-width="3" stroke-dasharray="5 3"/>`;
        } else if (rerolling) {
          const key = `${face}#${k}`;
          const can = (face === mode.sacrifice ? k - 1 : k) < (pool[face] || 0);
          const on = ui.picks.has(key);
          attrs = can ? ` data-pick="${key}" tabindex="0" role="button" aria-pressed="${on}" aria-label="${esc(name)}: re-roll it"`
            : ` aria-label="${esc(name)}"`;
          if (on) ring = `<rect x="${x - 5}" y="${y - 5}" width="44" height="44" rx="8" fill="#000"/>`;
        } else {
          attrs = t ? ` data-tool="${esc(t.id)}" tabindex="0" role="button" aria-pressed="${sel}"` : "";
          attrs += ` aria-label="${esc(name)}"`;
          if (sel) ring = `<rect x="${x - 4}" y="${y - 4}" width="42" height="42" rx="7" fill="#56B4E9" stroke="#003a5c" stroke-width="3"/>`;
        }
        out += `<g class="fl-die${sel ? " sel" : ""}" data-die="${p}:${face}"${attrs}>${ring}${die(x, y, 34, face, p)}</g>`;
        x += 40;
      }
    }
    if (rerolling) {
      const count = ui.picks.size;
      const go = count ? `Re-roll ${count} ${count === 1 ? "die" : "dice"}` : "Pick dice to re-roll";
      out += button(x + 10, y, 170, go, `data-reroll="go" aria-disabled="${!count}"`)
        + button(x + 188, y, 80, "Cancel", 'data-reroll="cancel"');
      x += 268;
    }
    const more = [pl.unrolled ? `${pl.unrolled} to roll` : "", pl.aside ? `${pl.aside} set aside` : "",
      pl.out ? `${pl.out} out` : ""].filter(Boolean).join(" · ");
    out += `<text x="${x + 10}" y="${y + 24}" font-size="13" style="text-anchor:start">${esc(more)}</text></g>`;
    return out;
  }).join("");
}

function draw(snap, ui) {
  const b = snap.board;
  const h = 620 + b.players.length * 46;
  return `<svg class="fl-svg fl-flatline-svg" viewBox="0 0 ${W} ${h}" role="group" aria-label="Flatline table">`
    + meter(b) + b.stations.map(station).join("")
    + b.patients.map((pt) => patient(pt, b)).join("") + dial(b)
    + areas(b) + track(b, snap, ui) + hands(snap, ui)
    + `<g data-part="legend"><text x="10" y="${h - 6}" font-size="12" style="text-anchor:start">`
    + `Icons: H heart, L lungs, N brain, B bone, D blood, M meds · dice show the player's number</text></g></svg>`;
}

export default {
  render(ctx) {
    const { model, el } = ctx;
    el.classList.add("fl-flatline");
    const ui = { tool: model.get("tool"), picks: new Set() };
    const current = () => {
      ui.tool = model.get("tool");
      return ui;
    };
    const inner = boardView({ draw: (snap) => draw(snap, current()) }).render(ctx);
    const view = el.querySelector(".fl-view");
    let focusKey = null; // the die or re-roll control with the keyboard focus, kept across redraws

    const keyOf = (node) => {
      for (const a of ["pick", "reroll", "die"]) if (node.dataset[a]) return `[data-${a}="${node.dataset[a]}"]`;
      return null;
    };
    const refocus = () => {  // the pressed node was replaced by the redraw: focus its successor
      const node = focusKey && el.querySelector(focusKey);
      if (node && !el.contains(document.activeElement)) node.focus();
    };
    const repaint = () => {
      const snap = model.get("snapshot");
      if (snap && snap.board) patch(view, draw(snap, current()));
      refocus();
    };
    const selectTool = (id) => {
      ui.picks.clear();
      model.set("tool", id);
      model.save_changes();
    };
    const toolOf = (kind, player, face) => (model.get("snapshot").tools || []).find((t) => t.kind === kind
      && t.fixed.player === player && (kind === "place" ? t.fixed.face : t.fixed.sacrifice) === face);
    const leave = (mode) => {
      const back = toolOf("place", mode.player, mode.sacrifice);
      selectTool(back ? back.id : "");
    };

    function press(node) {
      focusKey = keyOf(node);
      if (node.dataset.reroll === "track") focusKey = "[data-rerolling] [data-pick]";
      const mode = rerollMode(model.get("snapshot"), current());
      if (node.dataset.pick) {
        if (ui.picks.has(node.dataset.pick)) ui.picks.delete(node.dataset.pick);
        else ui.picks.add(node.dataset.pick);
        repaint();
      } else if (node.dataset.reroll === "track") {
        if (mode.armed) selectTool(mode.armed.id);
      } else if (node.dataset.reroll === "go") {
        if (!mode.tool || !ui.picks.size) return;
        const dice = picked(ui);
        ui.picks.clear();
        model.send({ act: { kind: "reroll", player: mode.player, sacrifice: mode.sacrifice, dice } });
      } else if (node.dataset.reroll === "cancel" || node.dataset.reroll === "sacrifice") {
        if (!mode.tool) return;
        focusKey = `[data-die="${mode.player}:${mode.sacrifice}"]`;
        leave(mode);
      } else if (node.dataset.tool) {
        selectTool(node.dataset.tool);
      }
    }

    const clickable = "[data-pick], [data-reroll], [data-die][data-tool]";
    const onClick = (event) => {
      const node = event.target.closest(clickable);
      if (node) press(node);
    };
    const onKey = (event) => {
      const node = event.target.closest(clickable);
      if (node && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        press(node);
      } else if (event.key === "Escape") {
        const mode = rerollMode(model.get("snapshot"), current());
        if (mode.tool) leave(mode);
      }
    };
    // after board.js has redrawn (a new snapshot or tool), forget picks that no longer exist;
    // only then is a second drawing needed (for the count on the Re-roll button)
    const prune = () => {
      const before = ui.picks.size;
      const mode = rerollMode(model.get("snapshot"), current());
      if (!mode.tool) {
        ui.picks.clear();
      } else {
        const live = new Set([...view.querySelectorAll(`[data-rerolling] [data-pick]`)].map((n) => n.dataset.pick));
        for (const key of [...ui.picks]) if (!live.has(key)) ui.picks.delete(key);
      }
      if (ui.picks.size !== before) repaint();
      else refocus();
    };

    // the countdown clock: shown from the `clock` trait, counted down here between two ticks
    let left = model.get("clock");
    let since = Date.now();
    let lastTick = 0;
    const onClock = () => {
      left = model.get("clock");
      since = Date.now();
    };
    const timer = setInterval(() => {
      if (left == null) return;
      const now = left - (Date.now() - since) / 1000;
      const clock = el.querySelector(".fl-clock");
      if (clock) {
        const text = `${Math.max(0, Math.ceil(now))} s left`;
        if (clock.textContent !== text) clock.textContent = text;
        clock.dataset.now = String(Math.max(0, now).toFixed(1));
      }
      if (Date.now() - lastTick >= (now <= 0 ? 300 : 1000)) {
        lastTick = Date.now();
        model.send({ tick: true });
      }
    }, 250);

    el.addEventListener("click", onClick);
    el.addEventListener("keydown", onKey);
    model.on("change:tool", prune);
    model.on("change:snapshot", prune);
    model.on("change:clock", onClock);
    return () => {
      clearInterval(timer);
      el.removeEventListener("click", onClick);
      el.removeEventListener("keydown", onKey);
      model.off("change:tool", prune);
      model.off("change:snapshot", prune);
      model.off("change:clock", onClock);
      if (inner) inner();
    };
  },
};
