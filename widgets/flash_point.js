// Flash Point: the board in SVG, from the snapshot's `board` part (flatlab/ui/flash_point.py).
// It follows board.js in the same module text (see flatlab/ui/assets.py).
//
// Every space is a <g data-target="[row,col]"> with data attributes saying what is on it
// (data-threat, data-poi, data-victims, data-ff, data-p), so the view can be read by tests
// and by screen readers (aria-label) as well as by eye. Colours follow Okabe-Ito, and every
// colour is doubled by a shape, a number or a line pattern.

const CELL = 64;
const PAD = 10;
const PLAYERS = {
  blue: "#0072B2", orange: "#E69F00", green: "#009E73",
  pink: "#CC79A7", yellow: "#F0E442", sky: "#56B4E9",
};
const FIRE = "#D55E00";

const left = (c) => PAD + c * CELL;
const top = (r) => PAD + r * CELL;
const key = (r, c) => `${r},${c}`;
const cellSet = (cells) => new Set(cells.map(([r, c]) => key(r, c)));

// An edge [r1, c1, r2, c2] between two neighbouring spaces, as a line [x1, y1, x2, y2].
function edgeLine([r1, c1, r2, c2]) {
  if (r1 === r2) return [left(c2), top(r1), left(c2), top(r1) + CELL];
  return [left(c1), top(r2), left(c1) + CELL, top(r2)];
}

function flame(x, y) {
  const cx = x + 20;
  return `<path class="fire" d="M${cx},${y + 6} C${cx + 16},${y + 20} ${cx + 17},${y + 34} ${cx},${y + 42}`
    + ` C${cx - 17},${y + 34} ${cx - 16},${y + 20} ${cx},${y + 6} Z" fill="${FIRE}" stroke="#5a1e00" stroke-width="2"/>`
    + `<path d="M${cx},${y + 22} C${cx + 7},${y + 29} ${cx + 7},${y + 35} ${cx},${y + 39}`
    + ` C${cx - 7},${y + 35} ${cx - 7},${y + 29} ${cx},${y + 22} Z" fill="#F0E442"/>`;
}

function cloud(x, y) {
  return `<g class="smoke" fill="#8c8c8c" stroke="#333" stroke-width="1.5">`
    + `<circle cx="${x + 13}" cy="${y + 28}" r="9"/><circle cx="${x + 26}" cy="${y + 20}" r="11"/>`
    + `<circle cx="${x + 30}" cy="${y + 32}" r="9"/></g>`;
}

function card(x, y, text, fill) {
  return `<rect x="${x + 40}" y="${y + 4}" width="20" height="24" rx="3" fill="${fill}" stroke="#222" stroke-width="2"/>`
    + `<text x="${x + 50}" y="${y + 22}" class="fl-card">${text}</text>`;
}

// Experienced game: hazmat is a black-edged orange diamond, a hot spot a red ring with a dot,
// a parked vehicle a dark band across its two spaces.
function hazmat(x, y, n) {
  return `<path d="M${x + 14},${y + 4} l10,10 l-10,10 l-10,-10 Z" fill="#E69F00" stroke="#000"`
    + ` stroke-width="2"/><text x="${x + 14}" y="${y + 18}" class="fl-card" style="font-size:11px">${n > 1 ? n : "H"}</text>`;
}

function hotSpot(x, y) {
  return `<circle cx="${x + CELL - 10}" cy="${y + CELL - 10}" r="7" fill="#fff" stroke="#D55E00"`
    + ` stroke-width="3"/><circle cx="${x + CELL - 10}" cy="${y + CELL - 10}" r="2.5" fill="#D55E00"/>`;
}

function vehicle(x, y, letter) {
  return `<rect x="${x + 2}" y="${y + 2}" width="${CELL - 4}" height="${CELL - 4}" rx="8"`
    + ` fill="${letter === "A" ? "#ffffff" : "#b22222"}" stroke="#000" stroke-width="3"/>`
    + `<text x="${x + 32}" y="${y + 40}" class="fl-park" style="fill:${letter === "A" ? "#b22222" : "#fff"}"`
    + `>${letter === "A" ? "+" : "E"}</text>`;
}

function firefighter(x, y, slot, i, colour, current) {
  const cx = x + 12 + (slot % 3) * 20;
  const cy = y + 52 - Math.floor(slot / 3) * 20;
  const ring = current ? `<circle cx="${cx}" cy="${cy}" r="13" fill="none" stroke="#000" stroke-width="3"`
    + ` stroke-dasharray="4 3"/>` : "";
  return `${ring}<circle cx="${cx}" cy="${cy}" r="${current ? 10 : 9}" fill="${PLAYERS[colour]}" stroke="#000"`
    + ` stroke-width="${current ? 3 : 1.5}"/><text x="${cx}" y="${cy + 5}" class="fl-ff"`
    + ` fill="${colour === "blue" ? "#fff" : "#000"}">${i + 1}</text>`;
}

function wall(w) {
  const [x1, y1, x2, y2] = edgeLine(w);
  const damage = w[4];
  const style = ["stroke=\"#1a1a1a\" stroke-width=\"7\"",
    "stroke=\"#1a1a1a\" stroke-width=\"7\" stroke-dasharray=\"12 7\"",
    "stroke=\"#9a9a9a\" stroke-width=\"2\" stroke-dasharray=\"2 6\""][damage];
  const cube = damage === 1 ? `<rect x="${(x1 + x2) / 2 - 6}" y="${(y1 + y2) / 2 - 6}" width="12" height="12"`
    + ` fill="#000"/>` : "";
  return `<g class="wall" data-edge="${w.slice(0, 4)}" data-damage="${damage}"><line x1="${x1}" y1="${y1}"`
    + ` x2="${x2}" y2="${y2}" ${style} stroke-linecap="square"/>${cube}</g>`;
}

function door(d) {
  const [x1, y1, x2, y2] = edgeLine(d);
  const state = d[4];
  const vertical = x1 === x2;
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2;
  let shape = "";
  if (state === "closed") {
    shape = vertical ? `<rect x="${mx - 7}" y="${my - 22}" width="14" height="44"`
      : `<rect x="${mx - 22}" y="${my - 7}" width="44" height="14"`;
    shape += ` fill="#8B5A2B" stroke="#1a1a1a" stroke-width="3"/>`;
  } else if (state === "open") {
    // the door leaf swung open: a thin slab at right angles to the doorway
    shape = vertical ? `<rect x="${mx}" y="${my - 24}" width="24" height="6"`
      : `<rect x="${mx - 24}" y="${my}" width="6" height="24"`;
    shape += ` fill="#fff" stroke="#8B5A2B" stroke-width="3"/>`;
  } else {
    shape = `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#9a9a9a" stroke-width="2"`
      + ` stroke-dasharray="2 6"/>`;
  }
  return `<g class="door" data-edge="${d.slice(0, 4)}" data-state="${state}">${shape}</g>`;
}

function draw(snap) {
  const b = snap.board;
  const fire = cellSet(b.fire);
  const smoke = cellSet(b.smoke);
  const poi = cellSet(b.poi);
  const ambulance = cellSet(b.ambulance);
  const engine = cellSet(b.engine);
  const victims = new Map(b.victims.map(([r, c, n]) => [key(r, c), n]));
  const treated = new Map((b.treated || []).map(([r, c, n]) => [key(r, c), n]));
  const hazmats = new Map((b.hazmat || []).map(([r, c, n]) => [key(r, c), n]));
  const hot = cellSet(b.hot_spots || []);
  const parked = new Map();
  for (const [name, cells] of Object.entries(b.vehicles || {})) {
    cells.forEach(([r, c]) => parked.set(key(r, c), name));
  }
  const crew = new Map();
  b.crew.forEach((ff, i) => {
    if (ff.at) crew.set(key(...ff.at), [...(crew.get(key(...ff.at)) || []), i]);
  });
  const overlay = new Map((snap.overlay || []).map(([r, c, p]) => [key(r, c), p]));
  const rolled = b.target ? key(...b.target) : null;

  let cells = "";
  for (let r = 0; r < b.rows; r++) {
    for (let c = 0; c < b.cols; c++) {
      const k = key(r, c);
      const x = left(c);
      const y = top(r);
      const inside = r > 0 && r < b.rows - 1 && c > 0 && c < b.cols - 1;
      const threat = fire.has(k) ? "fire" : smoke.has(k) ? "smoke" : "";
      const here = crew.get(k) || [];
      const people = victims.get(k) || 0;
      const p = overlay.get(k);
      const words = [`space (${r}, ${c})${inside ? "" : " outside"}`];
      let body = "";
      let fill = inside ? "#fbf7ee" : "#e4ebef";
      if (parked.has(k)) {
        body += vehicle(x, y, parked.get(k) === "ambulance" ? "A" : "E");
        words.push(`the ${parked.get(k)}`);
      } else if (ambulance.has(k) || engine.has(k)) {
        const letter = ambulance.has(k) ? "A" : "E";
        words.push(ambulance.has(k) ? "ambulance parking" : "engine parking");
        body += `<text x="${x + 32}" y="${y + 40}" class="fl-park">${letter}</text>`;
      }
      if (hot.has(k)) {
        body += hotSpot(x, y);
        words.push("hot spot");
      }
      if (hazmats.has(k)) {
        body += hazmat(x, y, hazmats.get(k));
        words.push(hazmats.get(k) > 1 ? `${hazmats.get(k)} hazmat` : "hazmat");
      }
      if (threat) {
        fill = threat === "fire" ? "#f7c6a8" : "#d4d4d4";
        body += threat === "fire" ? flame(x, y) : cloud(x, y);
        words.push(threat);
      }
      if (poi.has(k)) {
        body += card(x, y, "?", "#fff");
        words.push("face-down POI");
      }
      if (people) {
        const healed = treated.get(k) || 0;
        body += card(x, y, people > 1 ? `V${people}` : "V", "#F0E442");
        if (healed) {  // a Heal marker: a small green cross badge on the victim card
          body += `<circle cx="${x + 60}" cy="${y + 6}" r="7" fill="#009E73" stroke="#000"/>`
            + `<text x="${x + 60}" y="${y + 10}" class="fl-card" style="font-size:11px;fill:#fff">`
            + `${healed > 1 ? healed : "+"}</text>`;
        }
        words.push(people > 1 ? `${people} victims` : "a victim");
        if (healed) words.push(`${healed} treated`);
      }
      here.forEach((i, slot) => {
        const ff = b.crew[i];
        body += firefighter(x, y, slot, i, ff.colour, i === b.current);
        const role = ff.specialist ? `, ${ff.specialist}` : "";
        words.push(`firefighter ${i + 1} (${ff.colour}${role}${i === b.current ? ", to play" : ""})`);
      });
      if (k === rolled) {
        body += `<rect x="${x + 3}" y="${y + 3}" width="${CELL - 6}" height="${CELL - 6}" fill="none"`
          + ` stroke="#000" stroke-width="5" stroke-dasharray="8 5" class="fl-rolled"/>`;
        words.push("last roll");
      }
      if (p) {
        const [n, d] = p.split("/").map(Number);
        const share = d ? n / d : 1;
        body += `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="#0072B2"`
          + ` fill-opacity="${(0.12 + 0.5 * share).toFixed(2)}"/>`
          + `<text x="${x + 32}" y="${y + 38}" class="fl-odds">${Math.round(share * 100)}%</text>`;
        words.push(`${snap.overlay_label} = ${p}`);
      }
      const attrs = [`data-target="[${r},${c}]"`, `data-r="${r}"`, `data-c="${c}"`,
        threat && `data-threat="${threat}"`, poi.has(k) && "data-poi=\"1\"",
        people && `data-victims="${people}"`, here.length && `data-ff="${here.join(" ")}"`,
        hazmats.has(k) && `data-hazmat="${hazmats.get(k)}"`, hot.has(k) && "data-hot=\"1\"",
        parked.has(k) && `data-vehicle="${parked.get(k)}"`,
        p && `data-p="${p}"`, k === rolled && "data-rolled=\"1\""].filter(Boolean).join(" ");
      cells += `<g class="cell" ${attrs} aria-label="${esc(words.join(", "))}">`
        + `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="${fill}" stroke="#b8b8b8"/>${body}`
        + `<rect class="hl" x="${x + 4}" y="${y + 4}" width="${CELL - 8}" height="${CELL - 8}"/>`
        + `<rect class="focus" x="${x + 2}" y="${y + 2}" width="${CELL - 4}" height="${CELL - 4}"/></g>`;
    }
  }
  const width = b.cols * CELL + 2 * PAD;
  const height = b.rows * CELL + 2 * PAD;
  return `<svg class="fl-svg" viewBox="0 0 ${width} ${height}" role="group"`
    + ` aria-label="${esc(snap.title)} board: rows 0 to ${b.rows - 1}, columns 0 to ${b.cols - 1}">`
    + `${cells}<g class="fl-edges">${b.walls.map(wall).join("")}${b.doors.map(door).join("")}</g></svg>`;
}

export default boardView({ draw });
