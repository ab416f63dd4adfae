// Vitrine's page: plain JavaScript, no libraries. Every change is a POST with the page's CSRF token.
"use strict";

const csrf = document.querySelector('meta[name="csrf"]').content;
const $ = (id) => document.getElementById(id);

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

// Now

function duration(seconds) {
  const s = Math.floor(seconds);
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
  return (d ? d + " d " : "") + (h || d ? h + " h " : "") + m + " min";
}

async function refreshNow() {
  $("frame").src = "/api/frame?t=" + Date.now();
  const state = await getJSON("/api/state");
  if (!state) return;
  const rows = [
    ["Photo", state.count ? (state.index + 1) + " of " + state.count : "none yet"],
    ["File", state.source || "—"],
    ["Playlist", state.playlist || "—"],
    ["Mode", state.mode || "—"],
    ["Paused", state.paused ? "yes" : "no"],
    ["Display", state.display || "—"],
  ];
  if (typeof state.uptime === "number") rows.push(["Up for", duration(state.uptime)]);
  $("state").replaceChildren(...rows.flatMap(([k, v]) => [element("dt", { textContent: k }), element("dd", { textContent: String(v) })]));
  const pause = $("pause");
  pause.dataset.command = state.paused ? "resume" : "pause";
  pause.textContent = state.paused ? "Resume" : "Pause";
  const warnings = Array.isArray(state.warnings) && state.warnings.length ? state.warnings : ["None"];
  $("warnings").replaceChildren(...warnings.map((w) => element("li", { textContent: w })));
}

function startNow() {
  for (const button of document.querySelectorAll("[data-command]")) {
    button.addEventListener("click", async () => {
      const result = await post("/api/command", form({ command: button.dataset.command }), formType);
      say("message", result.ok ? "Sent: " + button.textContent : result.data.error, result.ok ? "good" : "bad");
      setTimeout(refreshNow, 400);
    });
  }
  refreshNow();
  setInterval(refreshNow, 4000);
}

// Photos

async function listPhotos() {
  const data = await getJSON("/api/photos");
  if (!data) return;
  $("photos").replaceChildren(...data.photos.map((photo) => {
    const remove = element("button", { type: "button", textContent: "Delete" });
    remove.addEventListener("click", async () => {
      if (!confirm("Delete " + photo.name + "?")) return;
      const result = await post("/api/photos/delete", form({ name: photo.name }), formType);
      say("message", result.ok ? "Deleted " + photo.name : result.data.error, result.ok ? "good" : "bad");
      listPhotos();
    });
    const img = element("img", { src: "/api/photo?name=" + encodeURIComponent(photo.name), alt: photo.name, loading: "lazy" });
    return element("li", {}, [img, element("div", { className: "name", textContent: photo.name }), remove]);
  }));
}

function uploadOne(file, row, replace) {
  const bar = element("progress", { max: 100, value: 0 });
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
    if (xhr.status === 409 && !replace && confirm(data.error || file.name + " exists; replace it?")) {
      uploadOne(file, row, true);
      return;
    }
    if (xhr.status >= 200 && xhr.status < 300) {
      row.replaceChildren(element("span", { textContent: "✓ " + file.name }));
      listPhotos();
    } else {
      row.replaceChildren(element("span", { className: "bad", textContent: "✗ " + (data.error || file.name + ": " + xhr.status) }));
    }
  };
  xhr.onerror = () => row.replaceChildren(element("span", { className: "bad", textContent: "✗ " + file.name + ": the connection failed" }));
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
  listPhotos();
}

// Playlist

let playlist = null;

function showItems() {
  const box = $("items");
  let doc;
  try { doc = JSON.parse($("text").value); } catch (e) {
    box.replaceChildren(element("p", { className: "message bad", textContent: "The text is not valid JSON; fix it below (Check shows where)." }));
    return;
  }
  playlist = doc;
  const items = Array.isArray(doc.items) ? doc.items : [];
  box.replaceChildren(...items.map((item, i) => {
    const what = item.image ? "Photo: " + item.image : item.folder ? "Folder: " + item.folder : "Item " + (i + 1);
    const seconds = element("input", { type: "number", min: "1", step: "any", placeholder: "seconds", value: item.duration ?? "" });
    seconds.setAttribute("aria-label", "Seconds for item " + (i + 1));
    const caption = element("input", { type: "text", placeholder: "caption", value: item.caption ?? "" });
    caption.setAttribute("aria-label", "Caption for item " + (i + 1));
    const change = () => {
      if (seconds.value === "") delete item.duration; else item.duration = Number(seconds.value);
      if (caption.value === "") delete item.caption; else item.caption = caption.value;
      writeBack();
    };
    seconds.addEventListener("change", change);
    caption.addEventListener("change", change);
    const move = (delta) => () => {
      const j = i + delta;
      if (j < 0 || j >= items.length) return;
      [items[i], items[j]] = [items[j], items[i]];
      writeBack();
      showItems();
    };
    const up = element("button", { type: "button", textContent: "↑" });
    up.addEventListener("click", move(-1));
    const down = element("button", { type: "button", textContent: "↓" });
    down.addEventListener("click", move(1));
    const remove = element("button", { type: "button", textContent: "Remove" });
    remove.addEventListener("click", () => { items.splice(i, 1); writeBack(); showItems(); });
    return element("div", { className: "item" }, [
      element("div", { className: "what", textContent: what }),
      element("div", { className: "inputs" }, [seconds, caption]),
      element("div", { className: "moves" }, [up, down, remove]),
    ]);
  }));
}

function writeBack() {
  $("text").value = JSON.stringify(playlist, null, 2) + "\n";
}

function showProblems(problems) {
  $("problems").replaceChildren(...problems.map((p) => {
    const where = p.line ? "Line " + p.line + ", column " + p.column + ": " : "";
    const li = element("li", { textContent: where + p.severity + ": " + p.message });
    li.dataset.line = p.line || "";
    li.addEventListener("click", () => selectLine(p.line));
    return li;
  }));
}

function selectLine(line) {
  if (!line) return;
  const text = $("text");
  const lines = text.value.split("\n");
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  text.focus();
  text.setSelectionRange(start, start + (lines[line - 1] || "").length);
}

async function sendPlaylist(url) {
  const result = await post(url, $("text").value, "text/plain; charset=utf-8");
  const problems = result.data.problems || [];
  showProblems(problems);
  const errors = problems.filter((p) => p.severity === "error").length;
  if (url.endsWith("/check")) {
    say("message", errors ? errors + " error(s): not saved" : "No errors", errors ? "bad" : "good");
  } else if (result.data.saved) {
    say("message", "Saved; the show follows it", "good");
  } else {
    say("message", result.data.error || errors + " error(s): not saved; the show keeps the last good playlist", "bad");
  }
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
    for (const id of ["save", "check", "add-item"]) $(id).disabled = true;
    return;
  }
  showPath(data.path);
  $("text").value = data.text;
  showItems();
  $("text").addEventListener("input", () => { clearTimeout(window.itemsTimer); window.itemsTimer = setTimeout(showItems, 600); });
  $("check").addEventListener("click", () => sendPlaylist("/api/playlist/check"));
  $("save").addEventListener("click", () => sendPlaylist("/api/playlist"));
  $("add-item").addEventListener("click", () => {
    if (!playlist) return;
    const name = prompt("A photo file or a folder (a name ending in / is a folder):");
    if (!name) return;
    playlist.items = Array.isArray(playlist.items) ? playlist.items : [];
    playlist.items.push(name.endsWith("/") ? { folder: name.slice(0, -1) } : { image: name });
    writeBack();
    showItems();
  });
}

// Schedule

function startSchedule() {
  const chart = $("chart");
  chart.addEventListener("error", () => { chart.hidden = true; say("chart-message", "This show has no schedule."); });
  chart.src = "/api/schedule.png?t=" + Date.now();
  const now = new Date(Date.now() - new Date().getTimezoneOffset() * 60000);
  $("moment").value = now.toISOString().slice(0, 16);
  $("preview-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const img = $("preview");
    say("message", "Drawing…");
    img.onload = () => { img.hidden = false; say("message", "The screen at " + $("moment").value.replace("T", " ")); };
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
      input = element("select", { name: field.key }, [element("option", { value: "", textContent: "(default)" }),
        ...field.choices.map((c) => element("option", { value: c, textContent: c }))]);
      input.value = field.value;
    } else {
      input = element("input", { name: field.key, type: field.kind === "number" ? "number" : "text", value: field.value, placeholder: "(default)" });
      if (field.kind === "number") { input.min = field.min; input.max = field.max; input.step = "any"; }
    }
    return element("label", {}, [field.label, input]);
  }));
  $("save").addEventListener("click", async () => {
    const result = await post("/api/settings", form(new FormData($("settings"))), formType);
    if (result.ok) say("message", result.data.reloaded ? "Saved and applied" : "Saved; applies at the next start", "good");
    else say("message", result.data.error || (result.data.problems || []).map((p) => p.message).join("; "), "bad");
  });
  $("password-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const result = await post("/api/password", form(new FormData(event.target)), formType);
    say("password-message", result.ok ? "Password changed" : result.data.error, result.ok ? "good" : "bad");
  });
  $("logout").addEventListener("click", async () => { await post("/api/logout", "", formType); location.href = "/login"; });
}

const page = document.body.dataset.page;
for (const link of document.querySelectorAll("[data-nav]")) link.classList.toggle("here", link.dataset.nav === page);
({
  login: () => signIn("login-form", "/api/login"),
  setup: () => signIn("setup-form", "/api/setup"),
  now: startNow,
  photos: startPhotos,
  playlist: startPlaylist,
  schedule: startSchedule,
  settings: startSettings,
})[page]();
