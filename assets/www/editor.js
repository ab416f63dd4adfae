// The playlist file as forms: several playlists with their items (drag the ≡ handle with a
// finger or a mouse, or use ↑ ↓), a picker of the folders and photos the page may use, the
// schedule's rules with day and time pickers, and the display's off windows. Every change is
// written back into the text (the same JSON the text view shows); Save sends it through the
// same checker. Loaded after app.js, whose helpers ($, element, toast) it uses.
"use strict";

const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
const DAY_NAMES = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };
const editor = { doc: null, file: "", folder: "" };

function fileBase() { return editor.file.split("/").pop().replace(/\.json$/i, "") || "playlist"; }

// [name, playlist object] for each playlist; a file with top-level items is one playlist.
function playlistEntries(doc) {
  if (doc.playlists && typeof doc.playlists === "object" && !Array.isArray(doc.playlists)) return Object.entries(doc.playlists);
  if (!Array.isArray(doc.items)) doc.items = [];
  return [[fileBase(), doc]];
}

function isSeveral(doc) { return !!(doc.playlists && typeof doc.playlists === "object"); }

// A path as the playlist file should hold it: relative to the file's folder when under it.
function relativePath(path) {
  return editor.folder && path.startsWith(editor.folder + "/") ? path.slice(editor.folder.length + 1) : path;
}

function expandDays(days) {
  if (days === undefined) return new Set(DAYS);
  const out = new Set();
  for (const d of Array.isArray(days) ? days : [days]) {
    if (d === "daily") DAYS.forEach((x) => out.add(x));
    else if (d === "weekdays") DAYS.slice(0, 5).forEach((x) => out.add(x));
    else if (d === "weekend") ["sat", "sun"].forEach((x) => out.add(x));
    else out.add(String(d).toLowerCase().slice(0, 3));
  }
  return out;
}

function writeDays(target, set) {
  if (set.size === 7) delete target.days;
  else target.days = DAYS.filter((d) => set.has(d));
}

function changed() {
  $("text").value = JSON.stringify(editor.doc, null, 2) + "\n";
  if (typeof showLineNumbers === "function") showLineNumbers();
  document.body.dataset.edited = String(Date.now());
}

function labelled(text, input) {
  return element("label", { className: "field" }, [element("span", { textContent: text }), input]);
}

function select(options, value, onChange) {
  const el = element("select", {}, options.map(([v, t]) => element("option", { value: v, textContent: t })));
  el.value = value ?? "";
  el.addEventListener("change", () => onChange(el.value));
  return el;
}

function itemCard(items, index, name) {
  const item = items[index];
  const kind = item.folder !== undefined ? "Folder" : item.image !== undefined ? "Photo" : item.video !== undefined ? "Video" : "Item";
  const where = item.folder ?? item.image ?? item.video ?? item.url ?? item.feed ?? "";
  const handle = element("button", { type: "button", className: "handle", textContent: "≡" });
  handle.setAttribute("aria-label", "Drag to move item " + (index + 1) + " of playlist " + name);
  const seconds = element("input", { type: "number", min: "0.1", step: "any", value: item.duration ?? "", placeholder: "(default)" });
  seconds.addEventListener("change", () => { if (seconds.value === "") delete item.duration; else item.duration = Number(seconds.value); changed(); });
  const caption = element("input", { type: "text", value: item.caption ?? "", placeholder: "(none)" });
  caption.addEventListener("change", () => { if (caption.value === "") delete item.caption; else item.caption = caption.value; changed(); });
  const preview = captionPreview(item, caption);
  const captionField = labelled("Caption", caption);
  captionField.classList.add("caption-field");
  preview.id = "caption-preview-" + (++previewCount);
  caption.setAttribute("aria-describedby", preview.id);
  const motion = select([["", "(default)"], ["still", "still"], ["kenburns", "slow zoom"]], item.motion,
    (v) => { if (v) item.motion = v; else delete item.motion; changed(); });
  const fit = select([["", "(default)"], ["contain", "whole photo"], ["cover", "fill the screen"]], item.fit,
    (v) => { if (v) item.fit = v; else delete item.fit; changed(); });
  const transition = select([["", "(default)"], ["fade", "fade"], ["zoom", "zoom"], ["slide", "slide"], ["none", "none"]], item.transition,
    (v) => { if (v) item.transition = v; else delete item.transition; changed(); });
  const move = (delta) => () => {
    const j = index + delta;
    if (j < 0 || j >= items.length) return;
    [items[index], items[j]] = [items[j], items[index]];
    changed();
    renderEditor();
  };
  const up = element("button", { type: "button", textContent: "↑" });
  up.setAttribute("aria-label", "Move item " + (index + 1) + " up");
  up.addEventListener("click", move(-1));
  const down = element("button", { type: "button", textContent: "↓" });
  down.setAttribute("aria-label", "Move item " + (index + 1) + " down");
  down.addEventListener("click", move(1));
  const remove = element("button", { type: "button", textContent: "Remove" });
  remove.setAttribute("aria-label", "Remove item " + (index + 1));
  remove.addEventListener("click", () => { items.splice(index, 1); changed(); renderEditor(); toast("Item removed (not saved yet)"); });
  const card = element("li", { className: "item" }, [
    element("div", { className: "item-head" }, [handle, element("div", { className: "what", textContent: kind + ": " + where })]),
    element("div", { className: "inputs" }, [labelled("Seconds", seconds), labelled("Fit", fit), labelled("Transition", transition), labelled("Motion", motion), captionField, preview]),
    element("div", { className: "moves" }, [up, down, remove]),
  ]);
  card.dataset.index = String(index);
  dragWith(handle, card, items);
  return card;
}

// The item's image or folder as the playlist writes it: what a caption preview is filled from.
function itemPlace(item) {
  if (typeof item.image === "string") return item.image;
  if (typeof item.folder === "string") return item.folder;
  if (item.memories && typeof item.memories.folder === "string") return item.memories.folder;
  return null;
}

// Under the caption field: the caption as the screen would draw it on a real photo of the item
// (filled by the player's own caption code), and a sentence for a field it does not know.
// Asked again a moment after each keystroke.
let previewCount = 0;

function captionPreview(item, input) {
  const box = element("div", { className: "caption-preview" });
  box.setAttribute("aria-live", "polite");
  const line = element("p", { className: "preview-line" });
  const problem = element("p", { className: "preview-problem" });
  box.append(line, problem);
  let timer = null;
  let asked = 0;
  const update = async () => {
    const template = input.value;
    const place = itemPlace(item);
    problem.textContent = "";
    problem.hidden = true;
    // Without a caption there is nothing to preview: no line under the empty field.
    box.hidden = !template.trim();
    if (box.hidden) { line.textContent = ""; box.dataset.state = "empty"; return; }
    if (!place) { line.textContent = "A preview needs a photo on this device; this item's photos come from the network."; box.dataset.state = "none"; return; }
    const ticket = ++asked;
    const data = await getJSON("/api/caption?template=" + encodeURIComponent(template) + "&item=" + encodeURIComponent(place));
    if (ticket !== asked || !data) return;
    if (data.error) { line.textContent = data.error; box.dataset.state = "error"; return; }
    const name = data.photo ? data.photo.split("/").pop() : "";
    if (data.missing) line.textContent = "Preview: " + data.missing + ".";
    else if (data.caption) line.replaceChildren("On " + name + ": ", element("q", { className: "caption-text", textContent: data.caption }));
    else line.textContent = "On " + name + ": no caption (the photo has none of these details).";
    if (data.unknown) { problem.textContent = data.unknown + "."; problem.hidden = false; }
    box.dataset.state = data.unknown ? "unknown" : "shown";
  };
  input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(update, 250); });
  update();
  return box;
}

// Drag to reorder with pointer events (a finger or a mouse): the card moves among its
// siblings as the pointer passes their middles; the order is taken when it is let go. The
// moves and the release are heard on the window: a card moved in the page loses its capture.
function dragWith(handle, card, items) {
  handle.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    handle.setPointerCapture(event.pointerId);
    card.classList.add("dragging");
    const list = card.parentElement;
    const moveTo = (y) => {
      for (const other of list.children) {
        if (other === card) continue;
        const box = other.getBoundingClientRect();
        const middle = box.top + box.height / 2;
        const before = card.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING;
        if (before && y > middle) { other.after(card); return; }
        if (!before && y < middle) { other.before(card); return; }
      }
    };
    const onMove = (e) => moveTo(e.clientY);
    const onUp = () => {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onUp);
      card.classList.remove("dragging");
      const order = [...list.children].map((li) => items[Number(li.dataset.index)]);
      const moved = order.some((item, i) => item !== items[i]);
      items.splice(0, items.length, ...order);
      if (moved) { changed(); toast("Moved (not saved yet)"); }
      renderEditor();
    };
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onUp);
    window.addEventListener("pointercancel", onUp);
  });
}

function renamePlaylist(oldName, newName) {
  const doc = editor.doc;
  if (!newName || newName === oldName || doc.playlists[newName]) return false;
  doc.playlists = Object.fromEntries(Object.entries(doc.playlists).map(([k, v]) => [k === oldName ? newName : k, v]));
  if (doc.schedule) {
    if (doc.schedule.default === oldName) doc.schedule.default = newName;
    for (const rule of doc.schedule.rules || []) if (rule.playlist === oldName) rule.playlist = newName;
  }
  return true;
}

function addPlaylist() {
  const doc = editor.doc;
  if (!isSeveral(doc)) {
    // One playlist becomes the first of several: its items move under its name.
    const first = { items: Array.isArray(doc.items) ? doc.items : [] };
    delete doc.items;
    doc.playlists = { [fileBase()]: first };
  }
  let n = Object.keys(doc.playlists).length + 1;
  while (doc.playlists["playlist-" + n]) n += 1;
  doc.playlists["playlist-" + n] = { items: [] };
  changed();
  renderEditor();
  toast("Playlist “playlist-" + n + "” added; rename it and add photos");
}

function playlistSection(name, playlist) {
  const doc = editor.doc;
  const items = Array.isArray(playlist.items) ? playlist.items : (playlist.items = []);
  const head = [];
  if (isSeveral(doc)) {
    const title = element("input", { type: "text", value: name, className: "playlist-name" });
    title.setAttribute("aria-label", "Name of playlist " + name);
    title.addEventListener("change", () => {
      if (renamePlaylist(name, title.value.trim())) { changed(); renderEditor(); }
      else { title.value = name; toast("That name is empty or taken", "bad"); }
    });
    const remove = element("button", { type: "button", textContent: "Remove playlist" });
    remove.addEventListener("click", () => {
      if (!confirm("Remove the playlist “" + name + "” and its items?")) return;
      delete doc.playlists[name];
      changed();
      renderEditor();
    });
    head.push(element("div", { className: "playlist-head" }, [title, remove]));
  } else {
    head.push(element("h2", { textContent: "Items" }));
  }
  const list = element("ol", { className: "item-list" }, items.map((_, i) => itemCard(items, i, name)));
  if (!items.length) list.append(element("li", { className: "empty", textContent: "No items yet: add a folder or photos." }));
  const add = element("button", { type: "button", className: "add-item", textContent: "Add a folder or photo…" });
  add.addEventListener("click", () => openPicker((path, kind) => {
    items.push(kind === "folder" ? { folder: relativePath(path) } : { image: relativePath(path) });
    changed();
    renderEditor();
    toast("Added " + relativePath(path) + " (not saved yet)");
  }));
  const section = element("section", { className: "playlist-box" }, [...head, list, element("div", { className: "buttons" }, [add])]);
  section.dataset.playlist = name;
  return section;
}

function timeInput(value, label, onChange) {
  const input = element("input", { type: "time", value: value || "" });
  input.setAttribute("aria-label", label);
  input.addEventListener("change", () => onChange(input.value));
  return input;
}

function dayPicker(target, label) {
  const chosen = expandDays(target.days);
  return element("fieldset", { className: "days" }, [element("legend", { textContent: label }), ...DAYS.map((d) => {
    const box = element("input", { type: "checkbox", checked: chosen.has(d), value: d });
    box.addEventListener("change", () => {
      if (box.checked) chosen.add(d); else chosen.delete(d);
      writeDays(target, chosen);
      changed();
    });
    return element("label", { className: "day-toggle" }, [box, element("span", { textContent: DAY_NAMES[d] })]);
  })]);
}

function windowCard(target, index, kind, list, names) {
  const parts = [];
  if (kind === "rule") {
    parts.push(labelled("Playlist", select(names.map((n) => [n, n]), target.playlist, (v) => { target.playlist = v; changed(); })));
  }
  parts.push(dayPicker(target, (kind === "rule" ? "Rule " : "Off window ") + (index + 1) + ": days"));
  parts.push(element("div", { className: "times" }, [
    labelled("From", timeInput(target.from, "From", (v) => { if (v) target.from = v; else delete target.from; changed(); })),
    labelled("To", timeInput(target.to, "To", (v) => { if (v) target.to = v; else delete target.to; changed(); })),
  ]));
  const remove = element("button", { type: "button", textContent: kind === "rule" ? "Remove rule" : "Remove window" });
  remove.addEventListener("click", () => { list.splice(index, 1); changed(); renderEditor(); });
  parts.push(element("div", { className: "buttons" }, [remove]));
  const card = element("li", { className: "rule" }, parts);
  card.dataset.index = String(index);
  return card;
}

function scheduleSection() {
  const doc = editor.doc;
  const names = playlistEntries(doc).map(([n]) => n);
  const parts = [element("h2", { textContent: "When each playlist plays" })];
  if (!isSeveral(doc)) {
    parts.push(element("p", { className: "hint", textContent: "With one playlist it plays all the time. Add a playlist to choose when each plays." }));
  } else {
    const schedule = doc.schedule || (doc.schedule = {});
    const rules = Array.isArray(schedule.rules) ? schedule.rules : (schedule.rules = []);
    parts.push(labelled("When no rule matches", select(names.map((n) => [n, n]), schedule.default ?? names[0], (v) => { schedule.default = v; changed(); })));
    parts.push(element("ol", { className: "rules", id: "rules" }, rules.map((rule, i) => windowCard(rule, i, "rule", rules, names))));
    const add = element("button", { type: "button", textContent: "Add a rule" });
    add.addEventListener("click", () => { rules.push({ playlist: names[0], days: ["mon", "tue", "wed", "thu", "fri"], from: "08:00", to: "12:00" }); changed(); renderEditor(); });
    parts.push(element("div", { className: "buttons" }, [add]));
  }
  const display = doc.display || {};
  const off = Array.isArray(display.off) ? display.off : [];
  parts.push(element("h2", { textContent: "Display off" }));
  parts.push(element("ol", { className: "rules", id: "off-windows" }, off.map((w, i) => windowCard(w, i, "off", off))));
  const addOff = element("button", { type: "button", textContent: "Add a display-off window" });
  addOff.addEventListener("click", () => {
    doc.display = doc.display || {};
    doc.display.off = Array.isArray(doc.display.off) ? doc.display.off : [];
    doc.display.off.push({ from: "23:00", to: "07:00" });
    changed();
    renderEditor();
  });
  parts.push(element("div", { className: "buttons" }, [addOff]));
  return element("section", { className: "schedule-box" }, parts);
}

function renderEditor() {
  const box = $("items");
  let doc;
  try { doc = JSON.parse($("text").value); } catch (e) {
    box.replaceChildren(element("p", { className: "message bad", textContent: "The text below is not valid JSON, so the forms cannot show it: fix it there (Check shows where)." }));
    return;
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) {
    box.replaceChildren(element("p", { className: "message bad", textContent: "The text below is not a playlist (a JSON object)." }));
    return;
  }
  editor.doc = doc;
  const addPlaylistButton = element("button", { type: "button", id: "add-playlist", textContent: "Add a playlist" });
  addPlaylistButton.addEventListener("click", addPlaylist);
  box.replaceChildren(
    ...playlistEntries(doc).map(([name, playlist]) => playlistSection(name, playlist)),
    element("div", { className: "buttons" }, [addPlaylistButton]),
    scheduleSection());
}

// The picker: the folders the page may use, then their subfolders and photos.
async function openPicker(chosen) {
  const dialog = $("picker");
  const list = $("picker-list");
  const here = $("picker-here");
  const useFolder = $("picker-use");
  const show = async (path) => {
    const data = await getJSON("/api/browse" + (path ? "?path=" + encodeURIComponent(path) : ""));
    if (!data) return;
    if (data.error) { toast(data.error, "bad"); return; }
    here.textContent = data.path ? relativePath(data.path) || data.path : "Folders this screen may show";
    useFolder.hidden = !data.path;
    useFolder.onclick = () => { dialog.close(); chosen(data.path, "folder"); };
    const rows = [];
    if (data.parent) {
      const up = element("button", { type: "button", className: "entry", textContent: "⬑ Up" });
      up.addEventListener("click", () => show(data.parent));
      rows.push(element("li", {}, [up]));
    } else if (data.path) {
      const top = element("button", { type: "button", className: "entry", textContent: "⬑ All folders" });
      top.addEventListener("click", () => show(""));
      rows.push(element("li", {}, [top]));
    }
    for (const entry of data.entries) {
      const button = element("button", { type: "button", className: "entry " + entry.kind, textContent: (entry.kind === "folder" ? "📁 " : "🖼 ") + entry.name });
      button.dataset.path = entry.path;
      button.addEventListener("click", () => {
        if (entry.kind === "folder") show(entry.path);
        else { dialog.close(); chosen(entry.path, "image"); }
      });
      rows.push(element("li", {}, [button]));
    }
    if (!data.entries.length) rows.push(element("li", { className: "hint", textContent: "Nothing here." }));
    list.replaceChildren(...rows);
  };
  $("picker-close").onclick = () => dialog.close();
  await show("");
  dialog.showModal();
}

function startEditor(path) {
  editor.file = path;
  editor.folder = path.split("/").slice(0, -1).join("/");
  renderEditor();
}
