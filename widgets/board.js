// flatlab board views: the part every game shares. The Python side is flatlab/ui/board.py.
//
// anywidget loads one module text per widget: this file followed by the game's own file
// (e.g. flash_point.js), which ends with `export default boardView({ draw })`.
//
// `draw(snapshot)` returns SVG markup. Every element a player can click carries
// data-target = the JSON of the action parameter it fills in (e.g. "[2,4]" for a space)
// and an aria-label; it may contain a `.hl` shape, shown while it is a legal target of the
// selected tool, and a `.focus` shape, shown while it has the keyboard focus.
// Nothing here knows a rule: tools and their legal targets come from game.legal_actions().

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

function esc(text) {
  return String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function centre(element) {
  const r = element.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

// The target nearest to `from` in direction [dx, dy] on screen: arrow keys work on any layout.
function neighbour(from, [dx, dy], targets) {
  const [x, y] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const t of targets) {
    const [tx, ty] = centre(t);
    const along = (tx - x) * dx + (ty - y) * dy;
    const across = Math.abs((tx - x) * dy) + Math.abs((ty - y) * dx);
    const score = along + 3 * across;
    if (t !== from && along > 1 && score < bestScore) {
      best = t;
      bestScore = score;
    }
  }
  return best;
}

function setAttr(element, name, value) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

// Redraw only what changed. The top-level children of the game's <svg> are compared with
// the last draw by their markup (so each must be unique, e.g. one <g> per space), and only
// new or changed ones are replaced: a move repaints two spaces, not the whole board, which
// matters without a GPU, where repainting the whole board takes tens of milliseconds.
function patch(view, markup) {
  const parsed = document.createElement("template");
  parsed.innerHTML = markup.trim();
  const fresh = parsed.content.firstElementChild;
  const svg = view.firstElementChild;
  if (!svg || svg.getAttribute("viewBox") !== fresh.getAttribute("viewBox")) {
    for (const child of fresh.children) child.flMarkup = child.outerHTML;
    view.replaceChildren(fresh);
    return;
  }
  const old = new Map([...svg.children].map((child) => [child.flMarkup, child]));
  let cursor = svg.firstElementChild;
  for (const child of [...fresh.children]) {
    const markup = child.outerHTML;
    let node = old.get(markup);
    if (node) {
      old.delete(markup);
    } else {
      node = child;
      node.flMarkup = markup;
    }
    if (node === cursor) cursor = cursor.nextElementSibling;
    else svg.insertBefore(node, cursor);
  }
  for (const node of old.values()) node.remove();
}

function boardView(game) {
  function render({ model, el }) {
    el.classList.add("fl-board");
    el.innerHTML = `
      <div class="fl-head"><strong class="fl-title"></strong> <span class="fl-status"></span></div>
      <div class="fl-counters" aria-live="polite"></div>
      <div class="fl-tools" role="toolbar" aria-label="What a click on the board does"></div>
      <div class="fl-error" role="alert"></div>
      <div class="fl-view"></div>`;
    const part = (name) => el.querySelector(`.fl-${name}`);
    const view = part("view");
    let focused = null; // data-target of the element with the keyboard focus, kept across redraws

    const snapshot = () => model.get("snapshot");
    const selected = () => (snapshot().tools || []).find((t) => t.id === model.get("tool"));

    function act(tool, target) {
      const action = { kind: tool.kind, ...tool.fixed };
      if (tool.param) action[tool.param] = target;
      model.send({ act: action });
    }

    function choose(tool) {
      if (!tool.param) return act(tool, null);
      model.set("tool", tool.id);
      model.save_changes();
    }

    function showError(text) {
      part("error").textContent = text;
      part("error").hidden = !text;
    }

    function drawHeader(snap) {
      part("title").textContent = snap.title || "";
      const now = snap.pending === snap.phase ? "" : ` · now: ${snap.pending}`;
      part("status").textContent = snap.outcome ? `turn ${snap.turn} · game over: ${snap.outcome}`
        : `turn ${snap.turn} · ${snap.phase}${now}`;
      part("counters").innerHTML = (snap.counters || [])
        .map(([label, value, max]) => `<span class="fl-counter" data-counter="${esc(label)}">`
          + `${esc(label)} <b>${esc(value)}</b>${max == null ? "" : `/${esc(max)}`}</span>`)
        .join("");
    }

    function drawTools(snap) {
      const active = document.activeElement;
      const hadFocus = active && part("tools").contains(active) ? active : null;
      const buttons = (snap.tools || []).map((tool, i) => {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "fl-tool";
        b.dataset.tool = tool.id;
        b.textContent = tool.param && i < 9 ? `${i + 1} · ${tool.label}` : tool.label;
        if (tool.param) b.setAttribute("aria-pressed", String(tool.id === model.get("tool")));
        b.addEventListener("click", () => choose(tool));
        return b;
      });
      if (snap.overlay_label) {
        const label = document.createElement("label");
        label.className = "fl-overlay";
        label.innerHTML = `<input type="checkbox"> ${esc(snap.overlay_label)}`;
        const box = label.querySelector("input");
        box.checked = model.get("overlay");
        box.addEventListener("change", () => {
          model.set("overlay", box.checked);
          model.save_changes();
        });
        buttons.push(label);
      }
      part("tools").replaceChildren(...buttons);
      if (hadFocus) {
        const again = hadFocus.dataset.tool
          ? part("tools").querySelector(`[data-tool="${hadFocus.dataset.tool}"]`)
          : part("tools").querySelector("input");
        if (again) again.focus();
      }
    }

    function drawBoard(snap) {
      const hadFocus = view.contains(document.activeElement);
      patch(view, game.draw(snap));
      const tool = selected();
      const legal = new Set(((tool && tool.targets) || []).map((t) => JSON.stringify(t)));
      const targets = [...view.querySelectorAll("[data-target]")];
      for (const t of targets) {
        const ok = legal.has(t.dataset.target);
        if (!t.dataset.label) t.dataset.label = t.getAttribute("aria-label") || "";
        t.classList.toggle("legal", ok);
        setAttr(t, "role", "button");
        setAttr(t, "aria-label", ok ? `${t.dataset.label}; ${tool.label} here` : t.dataset.label);
        setAttr(t, "tabindex", "-1");
      }
      const home = targets.find((t) => t.dataset.target === focused)
        || targets.find((t) => t.classList.contains("legal")) || targets[0];
      if (home) {
        home.setAttribute("tabindex", "0");
        if (hadFocus && document.activeElement !== home) home.focus();
      }
    }

    function redraw() {
      const snap = snapshot();
      if (!snap || !snap.board) return;
      drawHeader(snap);
      drawTools(snap);
      drawBoard(snap);
      showError(model.get("error"));
      el.dataset.pending = snap.pending;
    }

    function activate(target) {
      focused = target.dataset.target;
      const tool = selected();
      if (!tool || !tool.param) {
        showError(`Nothing to click now: the game waits for ${snapshot().pending}.`);
        return;
      }
      act(tool, JSON.parse(target.dataset.target));
    }

    view.addEventListener("click", (event) => {
      const target = event.target.closest("[data-target]");
      if (target) activate(target);
    });
    view.addEventListener("focusin", (event) => {
      const target = event.target.closest("[data-target]");
      if (!target) return;
      for (const t of view.querySelectorAll("[data-target][tabindex='0']")) t.setAttribute("tabindex", "-1");
      target.setAttribute("tabindex", "0");
      focused = target.dataset.target;
    });
    view.addEventListener("keydown", (event) => {
      const target = event.target.closest("[data-target]");
      if (!target) return;
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        activate(target);
      } else if (ARROWS[event.key]) {
        event.preventDefault();
        const next = neighbour(target, ARROWS[event.key], view.querySelectorAll("[data-target]"));
        if (next) next.focus();
      }
    });
    el.addEventListener("keydown", (event) => {
      const n = Number(event.key);
      const tools = (snapshot().tools || []).slice(0, 9);
      if (n >= 1 && n <= tools.length && tools[n - 1].param && !event.target.matches("input, select")) {
        choose(tools[n - 1]);
      }
    });

    const onError = () => showError(model.get("error"));
    model.on("change:snapshot", redraw);
    model.on("change:tool", redraw);
    model.on("change:error", onError);
    redraw();
    return () => {
      model.off("change:snapshot", redraw);
      model.off("change:tool", redraw);
      model.off("change:error", onError);
    };
  }
  return { render };
}
