// Vitrine's page: plain JavaScript, no libraries. Every change is a POST with the page's CSRF token.
"use strict";

const csrf = document.querySelector('meta[name="csrf"]').content;
const $ = (id) => document.getElementById(id);

// A confirmation after an action, near the top where the eye is, gone after a while.
function toast(text, kind) {
  const el = $("toast");
  if (!el) return;
  el.textContent = text;
  el.className = "toast shown" + (kind ? " " + kind : "");
  clearTimeout(window.toastTimer);
  window.toastTimer = setTimeout(() => { el.className = "toast"; el.textContent = ""; }, 6000);
}

function plural(count, one, many) { return count + " " + (count === 1 ? one : many); }

function say(id, text, kind) {
  const el = $(id);
  if (!el) return;
  el.textContent = text;
  el.className = "message" + (kind ? " " + kind : "");
}

async function post(url, body, type) {
  const headers = { "X-CSRF-Token": csrf };
  if (type) headers["Content-Type"] = type;
  const response = await fetch(url, { method: "POST", headers, body, credentials: "same-origin" });
  let data = {};
  try { data = await response.json(); } catch (e) { data = {}; }
  if (response.status === 401 && !["login", "setup"].includes(document.body.dataset.page)) location.href = "/login";
  return { ok: response.ok, status: response.status, data };
}

const form = (fields) => new URLSearchParams(fields).toString();
const formType = "application/x-www-form-urlencoded";

async function getJSON(url) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (response.status === 401) { location.href = "/login"; return null; }
  return response.json();
}

function element(tag, props, children) {
  const el = document.createElement(tag);
  Object.assign(el, props || {});
  for (const child of children || []) el.append(child);
  return el;
}

// Sign-in and setup

function signIn(formId, url) {
  $(formId).addEventListener("submit", async (event) => {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.target));
    say("message", "…");
    const result = await post(url, form(fields), formType);
    if (result.ok) location.href = result.data.next || "/now";
    else say("message", result.data.error || "Something went wrong (" + result.status + ")", "bad");
  });
}

// Now: the player's state arrives on a live stream (server-sent events) each time it changes;
// each new picture of the screen is loaded at the size this screen needs (its pixel density).

function duration(seconds) {
  const s = Math.floor(seconds);
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
  return (d ? d + " d " : "") + (h || d ? h + " h " : "") + m + " min";
}

let shownFrame = -1;

function frameWidth() {
  const box = $("screen");
  return Math.round((box ? box.clientWidth : 480) * (window.devicePixelRatio || 1));
}

function showState(state) {
  const lit = state.displayLit !== false;
  const rows = [
    ["Photo", state.count ? (state.index + 1) + " of " + state.count : "none yet"],
    ["File", state.file || "—"],
    ["Playlist", state.playlist || "—"],
    ["Display", state.display || "—"],
    ["Paused", state.paused ? "yes, by you" : "no"],
  ];
  if (state.next) rows.push(["Next change", state.next + (state.nextAt ? " at " + new Date(state.nextAt * 1000).toLocaleString() : "")]);
  if (typeof state.upSince === "number") rows.push(["Up for", duration(Date.now() / 1000 - state.upSince)]);
  $("state").replaceChildren(...rows.flatMap(([k, v]) => [element("dt", { textContent: k }), element("dd", { textContent: String(v) })]));
  const pause = $("pause");
  // "Paused" is a person's pause; a dark display is not one, so it offers no Resume.
  pause.dataset.command = state.paused ? "resume" : "pause";
  pause.textContent = state.paused ? "Resume" : "Pause";
  pause.hidden = !lit && !state.paused;
  $("dark").hidden = lit;
  $("dark-text").textContent = "Display " + (state.display || "off");
  $("frame").alt = lit ? "The screen now: " + (state.file || "no photo yet") : "The screen is dark";
  const warnings = Array.isArray(state.warnings) && state.warnings.length ? state.warnings : ["None"];
  $("warnings").replaceChildren(...warnings.map((w) => element("li", { textContent: w })));
  document.body.dataset.state = JSON.stringify(state);
}

// A picture of the screen arrives in the stream itself; it is shown once decoded, and when it
// arrived and when it was shown are kept (for the page's own measurements: `window.framesShown`).
window.framesShown = [];

function showFrame(message) {
  if (message.frame === shownFrame) return;
  shownFrame = message.frame;
  const received = performance.now();
  const next = new Image();
  next.onload = () => {
    if (message.frame !== shownFrame) return;
    const frame = $("frame");
    frame.src = next.src;
    frame.dataset.frame = String(message.frame);
    document.body.dataset.frame = String(message.frame);
    window.framesShown.push({ frame: message.frame, received, at: performance.now() });
    if (window.framesShown.length > 100) window.framesShown.shift();
  };
  next.src = "data:" + message.type + ";base64," + message.data;
}

function startNow() {
  for (const button of document.querySelectorAll("[data-command]")) {
    button.addEventListener("click", async () => {
      const result = await post("/api/command", form({ command: button.dataset.command }), formType);
      say("message", result.ok ? "Sent: " + button.textContent : result.data.error, result.ok ? "good" : "bad");
    });
  }
  const live = $("live");
  const events = new EventSource("/api/events?w=" + frameWidth());
  events.addEventListener("state", (event) => {
    live.textContent = "Live";
    live.className = "live on";
    showState(JSON.parse(event.data));
  });
  events.addEventListener("frame", (event) => showFrame(JSON.parse(event.data)));
  events.addEventListener("error", async () => {
    live.textContent = "Reconnecting…";
    live.className = "live";
    // Signed out elsewhere: the stream is refused; go to sign in.
    const response = await fetch("/api/state", { credentials: "same-origin" });
    if (response.status === 401) location.href = "/login";
  });
}

// Photos: the folder in the show's order, a page at a time as the list scrolls; small
// thumbnails the browser keeps; several can be chosen and deleted at once.

const photoPage = 120;
let photoOffset = 0;
let photoTotal = null;
let photoLoading = false;
let selecting = false;
const chosen = new Set();

function photoItem(photo) {
  const img = element("img", {
    src: "/api/thumb?name=" + encodeURIComponent(photo.name) + "&v=" + encodeURIComponent(photo.version),
    alt: "", loading: "lazy", decoding: "async", width: 120, height: 120,
  });
  const box = element("input", { type: "checkbox", className: "choose" });
  box.setAttribute("aria-label", "Choose " + photo.name);
  box.checked = chosen.has(photo.name);
  box.addEventListener("change", () => {
    if (box.checked) chosen.add(photo.name); else chosen.delete(photo.name);
    showChosen();
  });
  const remove = element("button", { type: "button", className: "remove", textContent: "Delete" });
  remove.setAttribute("aria-label", "Delete " + photo.name);
  remove.addEventListener("click", () => deletePhotos([photo.name]));
  const item = element("li", {}, [img, element("div", { className: "name", textContent: photo.name, title: photo.name }), box, remove]);
  item.dataset.name = photo.name;
  return item;
}

function showChosen() {
  const button = $("delete-selected");
  button.disabled = chosen.size === 0;
  button.textContent = chosen.size ? "Delete " + chosen.size + (chosen.size === 1 ? " photo" : " photos") : "Delete selected";
}

async function deletePhotos(names) {
  const what = names.length === 1 ? names[0] : names.length + " photos";
  if (!confirm("Delete " + what + " from the screen's folder? This cannot be undone.")) return;
  const result = await post("/api/photos/delete", form({ names: names.join("\n") }), formType);
  if (result.ok) {
    const problems = result.data.problems || [];
    toast("Deleted " + what + (problems.length ? "; " + problems.join("; ") : ""), problems.length ? "bad" : "good");
    for (const name of names) chosen.delete(name);
    showChosen();
    listPhotos(true);
  } else {
    toast(result.data.error || "Not deleted (" + result.status + ")", "bad");
  }
}

let photoListing = 0;

async function morePhotos() {
  if (photoLoading || (photoTotal !== null && photoOffset >= photoTotal)) return;
  photoLoading = true;
  const listing = photoListing;
  let data = null;
  // A failed request (the connection lost) leaves the list ready to ask again as it scrolls.
  try { data = await getJSON("/api/photos?offset=" + photoOffset + "&limit=" + photoPage); } catch (e) { data = null; }
  // A page asked for before the list was started again (after a delete) is dropped.
  if (listing !== photoListing) return;
  photoLoading = false;
  if (!data || !Array.isArray(data.photos)) return;
  photoTotal = data.total;
  photoOffset += data.photos.length;
  $("photos").append(...data.photos.map(photoItem));
  $("empty").hidden = data.total !== 0;
  $("count-heading").textContent = data.total === 1 ? "1 photo in the folder" : data.total.toLocaleString("en") + " photos in the folder";
  document.body.dataset.photosShown = String(photoOffset);
  // Still room on the screen: the next page at once.
  const more = $("more").getBoundingClientRect();
  if (photoOffset < photoTotal && more.top < window.innerHeight * 2) morePhotos();
}

function listPhotos(again) {
  if (again) { photoListing += 1; photoLoading = false; photoOffset = 0; photoTotal = null; $("photos").replaceChildren(); }
  morePhotos();
}

function uploadOne(file, row, replace) {
  const bar = element("progress", { max: 100, value: 0 });
  bar.setAttribute("aria-label", "Sending " + file.name);
  const label = element("span", { textContent: file.name });
  row.replaceChildren(label, bar);
  const body = new FormData();
  body.append("photo", file, file.name);
  const xhr = new XMLHttpRequest();
  xhr.open("POST", "/api/photos" + (replace ? "?replace=1" : ""));
  xhr.setRequestHeader("X-CSRF-Token", csrf);
  xhr.upload.onprogress = (event) => { if (event.lengthComputable) bar.value = (100 * event.loaded) / event.total; };
  xhr.onload = () => {
    let data = {};
    try { data = JSON.parse(xhr.responseText); } catch (e) { data = {}; }
    if (xhr.status === 409 && !replace) {
      // A name already there: the choice stays on the row, not as a red question.
      const keep = element("button", { type: "button", textContent: "Keep the old one" });
      const swap = element("button", { type: "button", textContent: "Replace it" });
      keep.addEventListener("click", () => row.replaceChildren(element("span", { textContent: "Kept the photo already there: " + file.name })));
      swap.addEventListener("click", () => uploadOne(file, row, true));
      row.replaceChildren(element("span", { textContent: file.name + " is already in the folder." }), element("div", { className: "buttons" }, [swap, keep]));
      return;
    }
    if (xhr.status >= 200 && xhr.status < 300) {
      row.replaceChildren(element("span", { className: "good", textContent: "✓ " + file.name + " added" }));
      listPhotos(true);
    } else {
      row.replaceChildren(element("span", { className: "bad", textContent: "✗ " + (data.error || file.name + ": not added (" + xhr.status + ")") }));
    }
  };
  xhr.onerror = () => row.replaceChildren(element("span", { className: "bad", textContent: "✗ " + file.name + ": the connection failed; try again" }));
  xhr.send(body);
}

function startPhotos() {
  $("files").addEventListener("change", (event) => {
    for (const file of event.target.files) {
      const row = element("li");
      $("uploads").append(row);
      uploadOne(file, row, false);
    }
    event.target.value = "";
  });
  $("select-mode").addEventListener("click", () => {
    selecting = !selecting;
    document.body.classList.toggle("selecting", selecting);
    $("select-mode").textContent = selecting ? "Done" : "Select";
    $("delete-selected").hidden = !selecting;
    if (!selecting) { chosen.clear(); for (const box of document.querySelectorAll(".choose")) box.checked = false; showChosen(); }
  });
  $("delete-selected").addEventListener("click", () => deletePhotos([...chosen]));
  new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) morePhotos(); }, { rootMargin: "800px" })
    .observe($("more"));
  listPhotos(false);
  listHidden();
}

async function listHidden() {
  const data = await getJSON("/api/hidden");
  const hidden = (data && data.hidden) || [];
  $("hidden-card").hidden = hidden.length === 0;
  $("hidden-heading").textContent = hidden.length === 1 ? "1 photo hidden from the screen" : hidden.length + " photos hidden from the screen";
  $("hidden").replaceChildren(...hidden.map((photo) => {
    const again = element("button", { type: "button", textContent: "Show again" });
    again.setAttribute("aria-label", "Show " + photo.name + " again");
    again.addEventListener("click", async () => {
      const result = await post("/api/hidden/restore", form({ path: photo.path }), formType);
      if (result.ok) {
        toast(photo.name + " is back in the show", "good");
        listHidden();
      } else {
        toast(result.data.error || "Not shown again (" + result.status + ")", "bad");
      }
    });
    return element("li", {}, [element("span", { className: "name", textContent: photo.name, title: photo.path }), again]);
  }));
}

// Playlist

function showProblems(problems) {
  $("problems").replaceChildren(...problems.map((p) => {
    const where = p.line ? "Line " + p.line + ", column " + p.column + ": " : "";
    const button = element("button", { type: "button", className: "problem " + p.severity, textContent: (p.severity === "error" ? "Error — " : "Warning — ") + where + p.message });
    button.dataset.line = p.line || "";
    button.addEventListener("click", () => selectLine(p.line));
    return element("li", {}, [button]);
  }));
}

function selectLine(line) {
  if (!line) return;
  const text = $("text");
  const lines = text.value.split("\n");
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  text.focus();
  text.setSelectionRange(start, start + (lines[line - 1] || "").length);
  // Scrolled so the line is in view, a few lines from the top.
  const lineHeight = parseFloat(getComputedStyle(text).lineHeight) || 18;
  text.scrollTop = Math.max(0, (line - 4) * lineHeight);
  text.scrollIntoView({ block: "center" });
  showLineNumbers();
}

// Line numbers beside the text, kept in step with its scrolling.
function showLineNumbers() {
  const text = $("text"), gutter = $("gutter");
  if (!text || !gutter) return;
  const count = text.value.split("\n").length;
  if (gutter.dataset.count !== String(count)) {
    gutter.textContent = Array.from({ length: count }, (_, i) => i + 1).join("\n");
    gutter.dataset.count = String(count);
  }
  gutter.scrollTop = text.scrollTop;
}

async function sendPlaylist(url) {
  const result = await post(url, $("text").value, "text/plain; charset=utf-8");
  const problems = result.data.problems || [];
  showProblems(problems);
  const errors = problems.filter((p) => p.severity === "error").length;
  const warnings = problems.length - errors;
  const tail = warnings ? " and " + plural(warnings, "warning", "warnings") : "";
  if (url.endsWith("/check")) {
    say("message", errors ? plural(errors, "error", "errors") + tail + ": fix " + (errors === 1 ? "it" : "them") + " before saving" : "No errors" + (warnings ? "; " + plural(warnings, "warning", "warnings") : ""), errors ? "bad" : "good");
  } else if (result.data.saved) {
    say("message", "Saved; the show follows it", "good");
    toast("Playlist saved; the show follows it", "good");
  } else {
    say("message", result.data.error || plural(errors, "error", "errors") + tail + ": not saved; the show keeps the last good playlist", "bad");
  }
  if (problems.length && problems[0].line) selectLine(problems[0].line);
}

// The file's name, with its whole path on hover.
function showPath(path) {
  $("path").textContent = path.split("/").pop();
  $("path").title = path;
}

async function startPlaylist() {
  const data = await getJSON("/api/playlist");
  if (!data) return;
  if (data.path === null) {
    say("message", "This show plays folders, not a playlist file.");
    for (const id of ["save", "check", "save-forms"]) $(id).disabled = true;
    return;
  }
  showPath(data.path);
  $("text").value = data.text;
  startEditor(data.path);
  showLineNumbers();
  $("text").addEventListener("scroll", showLineNumbers);
  $("text").addEventListener("input", showLineNumbers);
  $("text").addEventListener("input", () => { clearTimeout(window.itemsTimer); window.itemsTimer = setTimeout(renderEditor, 600); });
  $("check").addEventListener("click", () => sendPlaylist("/api/playlist/check"));
  $("save").addEventListener("click", () => sendPlaylist("/api/playlist"));
  $("save-forms").addEventListener("click", () => sendPlaylist("/api/playlist"));
}

// Schedule

// The week as a chart: a row per day, 24 hours across, a colour per playlist (named in the
// legend), dark stripes where the display is off.
function showWeek(week) {
  const colours = Object.fromEntries(week.playlists.map((p) => [p.name, p.colour]));
  const marks = element("div", { className: "hour-marks" }, [0, 6, 12, 18, 24].map((h) => {
    const mark = element("span", { textContent: String(h).padStart(2, "0") + ":00" });
    mark.style.left = (h / 24 * 100) + "%";
    return element("div", { className: "hour" }, [mark]);
  }));
  const hours = element("div", { className: "hours" }, [element("span"), marks]);
  const said = [];
  const rows = week.days.map((day) => {
    const bar = element("div", { className: "bar-day" });
    for (const segment of day.segments) {
      const piece = element("div", { className: "segment" + (segment.on ? "" : " off") });
      piece.style.left = (segment.from / 24 * 100) + "%";
      piece.style.width = ((segment.to - segment.from) / 24 * 100) + "%";
      if (segment.on) piece.style.background = colours[segment.playlist] || "#888";
      const time = (h) => String(Math.floor(h)).padStart(2, "0") + ":" + String(Math.round((h % 1) * 60)).padStart(2, "0");
      piece.title = time(segment.from) + "–" + time(segment.to) + ": " + (segment.on ? segment.playlist : "display off");
      said.push(day.label + " " + piece.title);
      bar.append(piece);
    }
    return element("div", { className: "day" }, [element("span", { className: "day-name", textContent: day.label }), bar]);
  });
  $("week").replaceChildren(hours, ...rows);
  $("week").setAttribute("aria-label", "What plays when this week: " + said.join("; "));
  $("legend").replaceChildren(...week.playlists.map((p) => {
    const swatch = element("span", { className: "swatch" });
    swatch.style.background = p.colour;
    return element("li", {}, [swatch, "Playlist “" + p.name + "”"]);
  }), element("li", {}, [element("span", { className: "swatch off" }), "Display off"]));
}

async function startSchedule() {
  const response = await fetch("/api/schedule", { credentials: "same-origin" });
  if (response.status === 401) { location.href = "/login"; return; }
  if (response.ok) showWeek(await response.json());
  else say("chart-message", "This show plays folders without a schedule: the same photos all day.");
  const now = new Date(Date.now() - new Date().getTimezoneOffset() * 60000);
  $("moment").value = now.toISOString().slice(0, 16);
  $("preview-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const img = $("preview");
    say("message", "Drawing…");
    img.onload = async () => {
      img.hidden = false;
      const at = $("moment").value.replace("T", " ");
      const what = await getJSON("/api/preview-state?at=" + encodeURIComponent($("moment").value));
      const says = what && what.display === "off" ? "display off" : what && what.playlist ? "playlist “" + what.playlist + "”" : "the show";
      say("message", "At " + at + ": " + says);
    };
    img.onerror = () => { img.hidden = true; say("message", "That moment cannot be drawn.", "bad"); };
    img.src = "/api/preview.png?at=" + encodeURIComponent($("moment").value);
  });
}

// Settings

async function startSettings() {
  const data = await getJSON("/api/settings");
  if (!data) return;
  showPath(data.path || "");
  if (data.path === null) { say("message", "This show runs without a configuration file."); $("save").disabled = true; }
  $("settings").replaceChildren(...data.fields.map((field) => {
    let input;
    if (field.kind === "choice") {
      input = element("select", { name: field.key, id: "field-" + field.key }, [element("option", { value: "", textContent: "(default: " + field.default + ")" }),
        ...field.choices.map((c) => element("option", { value: c, textContent: c }))]);
      input.value = field.value;
    } else {
      input = element("input", { name: field.key, id: "field-" + field.key, type: field.kind === "number" ? "number" : "text", value: field.value, placeholder: "(default: " + field.default + ")" });
      if (field.kind === "number") { input.min = field.min; input.max = field.max; input.step = "any"; }
    }
    const error = element("span", { className: "field-error", id: "error-" + field.key });
    input.setAttribute("aria-describedby", error.id);
    return element("label", {}, [field.label, input, error]);
  }));
  $("save").addEventListener("click", async () => {
    for (const el of document.querySelectorAll(".field-error")) el.textContent = "";
    for (const el of document.querySelectorAll("#settings [aria-invalid]")) el.removeAttribute("aria-invalid");
    const result = await post("/api/settings", form(new FormData($("settings"))), formType);
    if (result.ok) {
      const text = result.data.reloaded ? "Saved and applied" : "Saved; applies at the next start";
      say("message", text, "good");
      toast(text, "good");
    } else if (result.data.field && $("field-" + result.data.field)) {
      // At the field itself, scrolled into view.
      const input = $("field-" + result.data.field);
      input.setAttribute("aria-invalid", "true");
      $("error-" + result.data.field).textContent = result.data.error;
      input.scrollIntoView({ block: "center" });
      input.focus();
      say("message", "Not saved: see the field marked in red", "bad");
    } else {
      say("message", result.data.error || (result.data.problems || []).map((p) => p.message).join("; "), "bad");
    }
  });
  $("password-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const result = await post("/api/password", form(new FormData(event.target)), formType);
    say("password-message", result.ok ? "Password changed; other browsers are signed out" : result.data.error, result.ok ? "good" : "bad");
    if (result.ok) { toast("Password changed", "good"); event.target.reset(); }
  });
}

const page = document.body.dataset.page;
for (const link of document.querySelectorAll("[data-nav]")) {
  link.classList.toggle("here", link.dataset.nav === page);
  if (link.dataset.nav === page) link.setAttribute("aria-current", "page");
}
const menu = $("menu-button");
if (menu) {
  menu.addEventListener("click", () => {
    const open = menu.getAttribute("aria-expanded") !== "true";
    menu.setAttribute("aria-expanded", String(open));
    document.body.classList.toggle("menu-open", open);
  });
}
for (const button of document.querySelectorAll("[data-sign-out]")) {
  button.addEventListener("click", async () => { await post("/api/logout", "", formType); location.href = "/login"; });
}
({
  login: () => signIn("login-form", "/api/login"),
  setup: () => signIn("setup-form", "/api/setup"),
  now: startNow,
  photos: startPhotos,
  playlist: startPlaylist,
  schedule: startSchedule,
  settings: startSettings,
})[page]();
