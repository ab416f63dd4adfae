"""The owner's pages of a running `vitrine play --web` in headless Chromium, as OwnerPagesTests asks.

Run with Debian's /usr/bin/python3 (python3-selenium, chromium, chromium-driver) and axe-core from
PyPI's axe-selenium-python (deploy/test-requirements.txt). Environment: VITRINE_URL,
VITRINE_SETUP_CODE, VITRINE_SCENARIO (`now`, `photos`, `editor` or `audit`), VITRINE_SHOTS (folder for
screenshots), VITRINE_COLOURS (for `now`: the photos' colours in show order, `rrggbb,…`),
VITRINE_TODAY (for `editor`: today's day, `mon`…`sun`).
Prints one line per step and figures as `figure: name value`; exits non-zero on the first failure.
"""
import json
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait

URL = os.environ["VITRINE_URL"].rstrip("/")
CODE = os.environ["VITRINE_SETUP_CODE"]
SCENARIO = os.environ["VITRINE_SCENARIO"]
SHOTS = os.environ["VITRINE_SHOTS"]
PASSWORD = "a long kitchen password"
PHONE = (390, 844, 3)
LAPTOP = (1366, 768, 1)


def step(text):
    print("step:", text, flush=True)


def figure(name, value):
    print("figure:", name, value, flush=True)


options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1366,900",
             "--no-first-run", "--disable-extensions", "--disable-background-networking"]:
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_script_timeout(120)
# A page may replace what a condition is looking at while it looks (a list redrawn when its
# answer arrives): that element is gone, and the condition is asked again. The player makes its
# answers on threads below its frame loop (nice 10): on a machine busy with other work they get
# a sliver of a core (a debug build's first listing of 10,000 photos took 72 s beside four busy
# processes, 2.4 s beside none), so this deadline bounds a hang, not a speed; speeds are the
# figures asserted on their own (first paint, transferred bytes, the Now page's delays).
wait = WebDriverWait(driver, 120, poll_frequency=0.02, ignored_exceptions=[StaleElementReferenceException])


def size(width, height, scale):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": scale, "mobile": width < 600})


def sign_in():
    driver.get(URL + "/")
    wait.until(lambda d: "/setup" in d.current_url or "/login" in d.current_url)
    if "/setup" in driver.current_url:
        driver.find_element(By.ID, "code").send_keys(CODE)
        driver.find_element(By.ID, "confirm").send_keys(PASSWORD)
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    # The password's hash is made slow on purpose: a loaded machine takes a while.
    WebDriverWait(driver, 90).until(ec.url_contains("/now"))
    step("signed in")


def settled():
    """Waits for the page's fonts and two animation frames: its layout is final."""
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        " document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => done(true))));")


def state():
    return driver.execute_script("return fetch('/api/state').then(r => r.json())")


MIDDLE = ("const i = document.getElementById('frame'); if (!i || !i.complete || !i.naturalWidth) return null;"
          " const c = document.createElement('canvas'); c.width = i.naturalWidth; c.height = i.naturalHeight;"
          " const g = c.getContext('2d'); g.drawImage(i, 0, 0);"
          " return Array.from(g.getImageData(c.width / 2, c.height / 2, 1, 1).data.slice(0, 3));")


def close(rgb, hex_colour, slack=24):
    want = [int(hex_colour[i:i + 2], 16) for i in (0, 2, 4)]
    return rgb is not None and all(abs(a - b) <= slack for a, b in zip(rgb, want))


def now_scenario():
    colours = os.environ["VITRINE_COLOURS"].split(",")
    size(*PHONE)
    driver.get(URL + "/now")
    wait.until(ec.text_to_be_present_in_element((By.ID, "live"), "Live"))
    wait.until(lambda d: close(d.execute_script(MIDDLE), colours[state()["index"]]))
    step("the Now page is live and shows the player's photo")
    delays = []
    arrivals = []
    changes = int(os.environ.get("VITRINE_CHANGES", "20"))
    for change in range(changes):
        before = state()["index"]
        expected = (before + 1) % len(colours)
        # Sent from the page, timed by the page's own clock: from the command to the new picture
        # decoded and on the page (no WebDriver round trip in the figure).
        driver.execute_script(
            "window.sentAt = performance.now();"
            " fetch('/api/command', {method: 'POST', headers: {'X-CSRF-Token': document.querySelector("
            "'meta[name=csrf]').content, 'Content-Type': 'application/x-www-form-urlencoded'}, body: 'command=next'})")
        shown = "return (window.framesShown.find(f => f.at > window.sentAt) || {}).at - window.sentAt"
        try:
            WebDriverWait(driver, 10, poll_frequency=0.05).until(
                lambda d: d.execute_script("return window.framesShown.some(f => f.at > window.sentAt)"))
        except Exception:
            raise AssertionError("change %d: no new picture reached the page (player at %s)" % (
                change + 1, state().get("index")))
        delays.append(driver.execute_script(shown) / 1000)
        arrivals.append(driver.execute_script(
            "return (window.framesShown.find(f => f.at > window.sentAt) || {}).received - window.sentAt") / 1000)
        middle = driver.execute_script(MIDDLE)
        assert close(middle, colours[expected]), "change %d: the Now picture is %s, not photo %d (%s)" % (
            change + 1, middle, expected + 1, colours[expected])
        # The player itself shows that photo (its state, published a few times a second), and the
        # page's words agree.
        try:
            WebDriverWait(driver, 2, poll_frequency=0.05).until(lambda d: state()["index"] == expected)
        except Exception:
            raise AssertionError("the player is at %s, the page shows %d" % (state()["index"], expected))
        wait.until(ec.text_to_be_present_in_element((By.ID, "state"), "%d of %d" % (expected + 1, len(colours))))
    def quantile(values, q):
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    figure("now_changes", len(delays))
    figure("now_slowest_seconds", "%.3f" % max(delays))
    figure("now_median_seconds", "%.3f" % quantile(delays, 0.5))
    figure("now_p95_seconds", "%.3f" % quantile(delays, 0.95))
    # The picture's arrival in the page (the event received), before it is decoded and shown.
    figure("now_arrival_median_seconds", "%.3f" % quantile(arrivals, 0.5))
    figure("now_arrival_p95_seconds", "%.3f" % quantile(arrivals, 0.95))
    figure("now_all_seconds", " ".join("%.3f" % d for d in delays))
    assert max(delays) <= 0.5, "a change took %.3f s to reach the page (all: %s)" % (
        max(delays), ", ".join("%.2f" % d for d in delays))
    step("%d changes in a row, each picture on the page within 0.5 s of its command" % changes)
    # A picture sized for this phone: 3 device pixels per CSS pixel.
    natural = driver.execute_script("return document.getElementById('frame').naturalWidth")
    figure("now_picture_width", natural)

    driver.find_element(By.CSS_SELECTOR, "[data-command=display-off]").click()
    wait.until(ec.visibility_of_element_located((By.ID, "dark")))
    wait.until(ec.text_to_be_present_in_element((By.ID, "dark-text"), "Display off (by you)"))
    assert not driver.find_element(By.ID, "pause").is_displayed() or \
        driver.find_element(By.ID, "pause").text == "Pause", "a dark display must not offer Resume"
    step("display off: a dark frame that says so")
    driver.save_screenshot(os.path.join(SHOTS, "now-display-off-phone.png"))
    driver.find_element(By.CSS_SELECTOR, "[data-command=display-auto]").click()
    wait.until(ec.invisibility_of_element_located((By.ID, "dark")))
    step("display back on by schedule")


def transferred(kind=None):
    return driver.execute_script(
        "const e = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'));"
        " return e.map(x => ({name: x.name, size: x.transferSize, type: x.initiatorType}));")


def photos_scenario():
    size(*PHONE)
    driver.get(URL + "/photos")
    wait.until(lambda d: d.execute_script("return document.body.dataset.photosShown") not in (None, "0"))
    wait.until(lambda d: d.execute_script(
        "return Array.from(document.querySelectorAll('#photos img')).filter(i => { const r = i.getBoundingClientRect();"
        " return r.top < innerHeight && r.bottom > 0; }).every(i => i.complete && i.naturalWidth > 0)"))
    paint = driver.execute_script(
        "const p = performance.getEntriesByType('paint').find(x => x.name === 'first-contentful-paint');"
        " return p ? p.startTime : null")
    entries = transferred()
    total = sum(e["size"] for e in entries)
    thumbs = [e for e in entries if "/api/thumb" in e["name"]]
    figure("photos_first_paint_ms", "%.0f" % paint)
    figure("photos_transferred_bytes", total)
    figure("photos_thumbnails_first_visit", len(thumbs))
    heading = driver.find_element(By.ID, "count-heading").text
    assert "10,000 photos" in heading, heading
    assert paint is not None and paint < 2000, "first paint after %s ms" % paint
    assert total < 2 * 1024 * 1024, "%d bytes for the first screen" % total
    assert thumbs and all(e["size"] < 64 * 1024 for e in thumbs), "thumbnails are not small"
    names = driver.execute_script("return Array.from(document.querySelectorAll('#photos li')).slice(0, 12)"
                                  ".map(li => li.dataset.name)")
    assert names[:3] == ["photo-1.jpg", "photo-2.jpg", "photo-3.jpg"], names
    step("10,000 photos: the first screen painted and sent small, in the show's order")
    driver.save_screenshot(os.path.join(SHOTS, "photos-many-phone.png"))

    # A second visit: the thumbnails come from the browser's cache.
    driver.get(URL + "/now")
    driver.get(URL + "/photos")
    wait.until(lambda d: d.execute_script(
        "return Array.from(document.querySelectorAll('#photos img')).slice(0, 12).every(i => i.complete && i.naturalWidth > 0)"))
    again = [e for e in transferred() if "/api/thumb" in e["name"]]
    # Those the first visit received (a thumbnail still on its way when the page was left is not kept).
    received = {e["name"] for e in thumbs if e["size"] > 0}
    fetched = [e["name"] for e in again if e["size"] > 0 and e["name"] in received]
    figure("photos_thumbnails_from_cache", len([e for e in again if e["name"] in received and e["size"] == 0]))
    figure("photos_thumbnails_fetched_again", len(fetched))
    assert not fetched, "%d thumbnails were fetched again: %s" % (len(fetched), fetched[:3])
    step("second visit: thumbnails from the browser's cache")

    # Scrolling loads more.
    wait.until(lambda d: d.execute_script("return document.body.dataset.photosShown") not in (None, "0"))
    listed = int(driver.execute_script("return document.body.dataset.photosShown"))
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    wait.until(lambda d: int(d.execute_script("return document.body.dataset.photosShown")) > listed)
    figure("photos_listed_after_a_scroll", driver.execute_script("return document.body.dataset.photosShown"))
    step("scrolling loads the next pages")

    # Several chosen and deleted at once.
    driver.execute_script("window.scrollTo(0, 0)")
    driver.find_element(By.ID, "select-mode").click()
    boxes = driver.find_elements(By.CSS_SELECTOR, "#photos .choose")
    boxes[0].click()
    boxes[1].click()
    button = driver.find_element(By.ID, "delete-selected")
    assert button.text == "Delete 2 photos", button.text
    button.click()
    wait.until(ec.alert_is_present()).accept()
    wait.until(ec.text_to_be_present_in_element((By.ID, "toast"), "Deleted 2 photos"))
    wait.until(ec.text_to_be_present_in_element((By.ID, "count-heading"), "9,998 photos"))
    step("two photos chosen and deleted at once")


def editor_scenario():
    from selenium.webdriver.common.action_chains import ActionChains
    today = os.environ["VITRINE_TODAY"]
    size(*PHONE)
    driver.get(URL + "/playlist")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".playlist-box")) == 3)
    assert state()["state"]["playlist"]["name"] == "evening", state()["state"]["playlist"]
    step("three playlists shown as forms; the show plays the default, evening")

    # Drag the second item of "morning" above the first, by its handle.
    box = driver.find_element(By.CSS_SELECTOR, ".playlist-box[data-playlist=morning]")
    items = box.find_elements(By.CSS_SELECTOR, ".item")
    first, second = items[0], items[1]
    handle = second.find_element(By.CSS_SELECTOR, ".handle")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", first)
    lift = first.rect["y"] + 4 - (handle.rect["y"] + handle.rect["height"] / 2)
    ActionChains(driver).click_and_hold(handle).move_by_offset(0, lift / 2).move_by_offset(0, lift / 2).release().perform()
    wait.until(lambda d: json.loads(d.find_element(By.ID, "text").get_property("value"))
               ["playlists"]["morning"]["items"][0] == {"image": "photos/photo-1.jpg"})
    step("an item moved by a drag")

    # Add a folder through the picker to "evening".
    box = driver.find_element(By.CSS_SELECTOR, ".playlist-box[data-playlist=evening]")
    box.find_element(By.CSS_SELECTOR, ".add-item").click()
    wait.until(ec.visibility_of_element_located((By.ID, "picker")))
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#picker-list .entry.folder"))
    roots = driver.find_elements(By.CSS_SELECTOR, "#picker-list .entry.folder")
    [r for r in roots if r.get_attribute("data-path").endswith("/photos")][0].click()
    wait.until(lambda d: any(e.get_attribute("data-path") and e.get_attribute("data-path").endswith("/photos/extra")
                             for e in d.find_elements(By.CSS_SELECTOR, "#picker-list .entry.folder")))
    [e for e in driver.find_elements(By.CSS_SELECTOR, "#picker-list .entry.folder")
     if e.get_attribute("data-path").endswith("/photos/extra")][0].click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "picker-here"), "photos/extra"))
    driver.save_screenshot(os.path.join(SHOTS, "playlist-picker-phone.png"))
    driver.find_element(By.ID, "picker-use").click()
    wait.until(lambda d: {"folder": "photos/extra"} in
               json.loads(d.find_element(By.ID, "text").get_property("value"))["playlists"]["evening"]["items"])
    step("a folder added through the picker, its path relative to the playlist")

    # The rule takes today too: then it covers every day.
    rule = driver.find_element(By.CSS_SELECTOR, "#rules .rule")
    toggle = rule.find_element(By.CSS_SELECTOR, "input[value=%s]" % today)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", toggle)
    toggle.find_element(By.XPATH, "..").click()
    wait.until(lambda d: "days" not in json.loads(d.find_element(By.ID, "text").get_property("value"))
               ["schedule"]["rules"][0])
    driver.save_screenshot(os.path.join(SHOTS, "playlist-editor-phone.png"))

    # The first item of "morning" (photo-1.jpg, which carries a date, a camera and a place) gets
    # Ken Burns and a caption; the preview under the caption is filled by the player from that photo.
    def morning_first():
        return driver.find_element(By.CSS_SELECTOR, ".playlist-box[data-playlist=morning] .item")

    def morning_items():
        return json.loads(driver.find_element(By.ID, "text").get_property("value"))["playlists"]["morning"]["items"]

    motion = morning_first().find_element(By.XPATH, ".//label[span[text()='Motion']]/select")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", motion)
    from selenium.webdriver.support.ui import Select
    Select(motion).select_by_value("kenburns")
    wait.until(lambda d: morning_items()[0].get("motion") == "kenburns")
    step("an item's motion chosen: Ken Burns, written into the text")

    caption = morning_first().find_element(By.XPATH, ".//label[span[text()='Caption']]/input")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", caption)
    caption.send_keys("{date:long} · {plac}")
    preview = lambda: morning_first().find_element(By.CSS_SELECTOR, ".caption-preview")
    wait.until(lambda d: "did you mean {place}?" in preview().find_element(By.CSS_SELECTOR, ".preview-problem").text)
    problem = preview().find_element(By.CSS_SELECTOR, ".preview-problem").text
    line = preview().find_element(By.CSS_SELECTOR, ".preview-line").text
    quoted = preview().find_element(By.CSS_SELECTOR, ".preview-line q.caption-text").text
    assert problem.startswith("“{plac}” (did you mean {place}?) is not a caption field"), problem
    # The caption in a <q> (its quotation marks are drawn by the browser, not part of the text).
    assert line == "On photo-1.jpg: Friday 17 May 2024" and quoted == "Friday 17 May 2024", line
    step("caption preview: '%s' and '%s'" % (line, problem.split(";")[0]))
    driver.save_screenshot(os.path.join(SHOTS, "playlist-caption-unknown-phone.png"))
    caption.send_keys(Keys.BACKSPACE, Keys.BACKSPACE, "ce}")
    wait.until(lambda d: "Paris" in preview().find_element(By.CSS_SELECTOR, ".preview-line").text)
    line = preview().find_element(By.CSS_SELECTOR, ".preview-line").text
    assert line == "On photo-1.jpg: Friday 17 May 2024 · Paris, France", line
    assert not preview().find_element(By.CSS_SELECTOR, ".preview-problem").is_displayed()
    caption.send_keys(Keys.TAB)
    wait.until(lambda d: morning_items()[0].get("caption") == "{date:long} · {place}")
    step("caption preview: '%s', the unknown field gone" % line)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", morning_first())
    driver.save_screenshot(os.path.join(SHOTS, "playlist-caption-phone.png"))
    size(*LAPTOP)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", morning_first())
    settled()
    driver.save_screenshot(os.path.join(SHOTS, "playlist-caption-laptop.png"))
    size(*PHONE)

    driver.find_element(By.ID, "save-forms").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "message"), "Saved"))
    try:
        wait.until(lambda d: state()["state"]["playlist"]["name"] == "morning")
    except Exception:
        raise AssertionError("the show did not follow the saved schedule: %s" % state()["state"]["playlist"])
    step("saved; the show follows it (morning plays today)")
    # The show plays that item with its caption template.
    try:
        wait.until(lambda d: state()["state"].get("caption") == "{date:long} · {place}")
    except Exception:
        raise AssertionError("the show's caption is %r" % state()["state"].get("caption"))
    step("the show plays the item with its caption")

    # A bad edit in the text view: its error at its line, scrolled into view.
    text = driver.find_element(By.ID, "text")
    lines = text.get_property("value").split("\n")
    bad_line = max(i + 1 for i, l in enumerate(lines) if '"from": "00:00"' in l)
    lines[bad_line - 1] = lines[bad_line - 1].replace('"from": "00:00"', '"from": "25:99"')
    assert '"25:99"' in lines[bad_line - 1], lines[bad_line - 1]
    driver.execute_script("arguments[0].value = arguments[1]; arguments[0].scrollTop = 0;", text, "\n".join(lines))
    driver.find_element(By.ID, "save").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "problems"), "Line %d" % bad_line))
    wait.until(ec.text_to_be_present_in_element((By.ID, "message"), "1 error"))
    message = driver.find_element(By.ID, "message").text
    assert "error(s)" not in message, message
    problem = driver.find_element(By.CSS_SELECTOR, "#problems .problem.error").text
    assert "rules[" not in problem and "rule 1" in problem, problem
    where = driver.execute_script(
        "const t = document.getElementById('text'); const before = t.value.slice(0, t.selectionStart);"
        " return [before.split('\\n').length, t.scrollTop, t.clientHeight,"
        " parseFloat(getComputedStyle(t).lineHeight)];")
    line, top, height, line_height = where
    assert line == bad_line, "the selection is at line %s, not %d" % (line, bad_line)
    assert top <= (bad_line - 1) * line_height <= top + height, "line %d is not in view (%s)" % (bad_line, where)
    step("a bad edit: '%s', selected at line %d and in view" % (problem, bad_line))
    driver.save_screenshot(os.path.join(SHOTS, "playlist-error-phone.png"))


def audit_scenario():
    import axe_selenium_python
    axe_js = open(os.path.join(os.path.dirname(axe_selenium_python.__file__), "node_modules", "axe-core",
                               "axe.min.js")).read()
    serious = []
    pages = ["now", "photos", "playlist", "schedule", "settings"]
    for name, (width, height, scale) in [("phone", PHONE), ("laptop", LAPTOP)]:
        size(width, height, scale)
        for page in pages + ["login"]:
            if page == "login":
                driver.execute_script(
                    "return fetch('/api/logout', {method: 'POST', headers: {'X-CSRF-Token': document.querySelector("
                    "'meta[name=csrf]').content}})")
                driver.get(URL + "/login")
            else:
                driver.get(URL + "/" + page)
            ready = {"now": lambda d: d.find_element(By.ID, "live").text == "Live",
                     "photos": lambda d: d.execute_script("return document.body.dataset.photosShown") is not None,
                     "playlist": lambda d: '"version"' in d.find_element(By.ID, "text").get_property("value"),
                     "schedule": lambda d: d.find_element(By.ID, "moment").get_property("value") != "",
                     "settings": lambda d: len(d.find_elements(By.CSS_SELECTOR, "#settings label")) > 5,
                     "login": lambda d: d.find_element(By.ID, "password")}[page]
            wait.until(ready)
            if page == "now":
                wait.until(lambda d: d.execute_script("return document.body.dataset.frame") is not None)
            if page == "photos":
                wait.until(lambda d: d.execute_script(
                    "return Array.from(document.querySelectorAll('#photos img')).every(i => i.complete)"))
            settled()
            driver.execute_script(axe_js)
            result = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                " axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations));")
            for violation in result:
                if violation["impact"] in ("serious", "critical"):
                    serious.append("%s at %s: %s (%s) %s" % (page, name, violation["id"], violation["impact"],
                                                           [n["target"] for n in violation["nodes"]][:3]))
            full = driver.execute_script("return document.documentElement.scrollHeight")
            size(width, max(height, min(full, 4000)), scale)
            driver.save_screenshot(os.path.join(SHOTS, "%s-%s.png" % (page, name)))
            size(width, height, scale)
            if page == "login":
                driver.find_element(By.ID, "password").send_keys(PASSWORD)
                driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
                wait.until(ec.url_contains("/now"))
        if name == "phone":
            driver.get(URL + "/photos")
            wait.until(lambda d: d.find_element(By.ID, "menu-button").is_displayed())
            driver.find_element(By.ID, "menu-button").click()
            wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-sign-out]").is_displayed())
            driver.save_screenshot(os.path.join(SHOTS, "menu-phone.png"))
            step("on a phone the pages fold into a menu with Sign out")
    figure("audit_serious_or_critical", len(serious))
    assert not serious, "; ".join(serious)
    step("axe-core: no serious or critical violations on any page at phone and laptop sizes")
    # Every tap target on the phone is at least 44 px tall.
    size(*PHONE)
    small = []
    for page in pages:
        driver.get(URL + "/" + page)
        wait.until(lambda d: d.execute_script("return document.readyState") == "complete")
        settled()
        small += driver.execute_script(
            "return Array.from(document.querySelectorAll('button, a, select, input:not([type=checkbox]):not([type=file])'))"
            ".filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.height < 43.5; })"
            ".map(e => location.pathname + ' ' + (e.id || e.textContent.trim().slice(0, 20) || e.tagName))")
    assert not small, "tap targets under 44 px: %s" % small[:10]
    step("every tap target is at least 44 px tall on a phone")


try:
    sign_in()
    {"now": now_scenario, "photos": photos_scenario, "audit": audit_scenario, "editor": editor_scenario}[SCENARIO]()
    print("done", flush=True)
except Exception as error:  # one line for the test's failure message
    print("failed:", type(error).__name__, str(error).splitlines()[0] if str(error) else "", "at", driver.current_url,
          flush=True)
    driver.save_screenshot(os.path.join(SHOTS, "failure-%s.png" % SCENARIO))
    # The page's calls to the player (not its pictures), for what was asked and how it ended.
    calls = driver.execute_script(
        "return performance.getEntriesByType('resource').filter(e => e.name.includes('/api/') && !e.name.includes('/api/thumb'))"
        ".map(e => [e.name.split('/api/')[1].slice(0, 40), Math.round(e.startTime), Math.round(e.duration),"
        " e.responseStatus]).concat([['now', Math.round(performance.now())]])")
    print("calls:", calls, flush=True)
    sys.exit(1)
finally:
    driver.quit()
