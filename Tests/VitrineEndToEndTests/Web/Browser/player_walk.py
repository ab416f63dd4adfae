"""Walks the page of a running `vitrine play` in headless Chromium as a new owner would.

Run by PlayerBrowserTests with Debian's /usr/bin/python3 (python3-selenium, chromium, chromium-driver).
Environment: VITRINE_URL, VITRINE_SETUP_CODE, VITRINE_PHOTOS (two paths, ':'-separated), VITRINE_SHOTS
(folder for screenshots), VITRINE_PREVIEW (where to write the Saturday-noon preview PNG).
Prints one line per step; exits non-zero on the first failure.
"""
import base64
import os
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait

URL = os.environ["VITRINE_URL"].rstrip("/")
CODE = os.environ["VITRINE_SETUP_CODE"]
PHOTOS = os.environ["VITRINE_PHOTOS"].split(":")
SHOTS = os.environ["VITRINE_SHOTS"]
PREVIEW = os.environ["VITRINE_PREVIEW"]
PASSWORD = "a long kitchen password"

BAD = '{\n  "version": 1,\n  "items": [\n    { "folder": "photos", "duration": "long" }\n  ]\n}\n'
GOOD = '{\n  "version": 1,\n  "items": [\n    { "folder": "photos", "duration": 12, "caption": "Kitchen" }\n  ]\n}\n'


def step(text):
    print("step:", text, flush=True)


options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=412,900",
             "--no-first-run", "--disable-extensions", "--disable-background-networking"]:
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_script_timeout(60)
wait = WebDriverWait(driver, 20)


def shot(name, height=None):
    driver.set_window_size(412, height or 900)
    driver.save_screenshot(os.path.join(SHOTS, name + ".png"))


def state():
    """The running player's state, as the page reads it (with this browser's session)."""
    return driver.execute_script("return fetch('/api/state').then(r => r.json())")


def until_state(what, test):
    try:
        wait.until(lambda d: test(state()))
    except Exception:
        raise AssertionError("the player's state never showed " + what + ": " + str(state()))


try:
    step("first visit goes to setup")
    driver.get(URL + "/")
    wait.until(ec.url_contains("/setup"))
    shot("setup")
    driver.find_element(By.ID, "code").send_keys(CODE)
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    driver.find_element(By.ID, "confirm").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait.until(ec.url_contains("/now"))
    step("password set from the setup code; signed in")
    until_state("no photos yet", lambda s: s.get("count") == 0)

    driver.get(URL + "/photos")
    driver.find_element(By.ID, "files").send_keys("\n".join(PHOTOS))
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#photos li")) == 2)
    wait.until(lambda d: sum(li.text.startswith("✓") for li in d.find_elements(By.CSS_SELECTOR, "#uploads li")) == 2)
    wait.until(lambda d: all(i.get_property("naturalWidth") > 0 for i in d.find_elements(By.CSS_SELECTOR, "#photos img")))
    step("two photos uploaded and listed")
    shot("photos", 1100)
    until_state("the two photos", lambda s: s.get("count") == 2)
    step("the player shows 2 photos")

    driver.get(URL + "/now")
    wait.until(ec.text_to_be_present_in_element((By.ID, "state"), " of 2"))
    # The picture is the photo the player shows (not the setup screen): the page reloads it
    # every few seconds; its middle pixel is the photo's, not the setup screen's dark blue.
    middle = ("const i = document.getElementById('frame'); if (!i.complete || !i.naturalWidth) return null;"
              " const c = document.createElement('canvas'); c.width = i.naturalWidth; c.height = i.naturalHeight;"
              " const g = c.getContext('2d'); g.drawImage(i, 0, 0);"
              " return Array.from(g.getImageData(c.width / 2, c.height / 2, 1, 1).data.slice(0, 3));")
    try:
        wait.until(lambda d: (d.execute_script(middle) or [0x1C, 0x25, 0x30]) != [0x1C, 0x25, 0x30]
                   and abs(d.execute_script(middle)[0] - 0x1C) + abs(d.execute_script(middle)[2] - 0x30) > 24)
    except Exception:
        raise AssertionError("the Now picture is not a photo: middle pixel " + str(driver.execute_script(middle)))
    step("the Now picture shows the photo on the screen")
    shot("now", 1100)
    driver.find_element(By.CSS_SELECTOR, "[data-command=display-off]").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "message"), "Sent: Display off"))
    until_state("the display dark", lambda s: s["state"]["display"]["lit"] is False)
    driver.find_element(By.CSS_SELECTOR, "[data-command=display-on]").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "message"), "Sent: Display on"))
    until_state("the display lit", lambda s: s["state"]["display"]["lit"] is True)
    step("display switched off and on")

    driver.get(URL + "/playlist")
    text = wait.until(ec.presence_of_element_located((By.ID, "text")))
    wait.until(lambda d: '"version"' in text.get_property("value"))
    driver.execute_script("arguments[0].value = arguments[1];", text, BAD)
    driver.find_element(By.ID, "save").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "problems"), "Line 4, column 39"))
    wait.until(ec.text_to_be_present_in_element((By.ID, "message"), "not saved"))
    step("the bad edit shows its error at line 4 and is not saved")
    shot("playlist-error", 1300)
    driver.execute_script("arguments[0].value = arguments[1];", text, GOOD)
    driver.find_element(By.ID, "save").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "message"), "Saved"))
    until_state("the caption of the edit", lambda s: s.get("caption") == "Kitchen")
    step("the fixed edit is saved and the show follows it")
    driver.get(URL + "/playlist")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#items .item")) == 1)
    shot("playlist", 1300)

    driver.get(URL + "/schedule")
    driver.execute_script("document.getElementById('moment').value = '2025-06-07T12:00';")
    driver.find_element(By.CSS_SELECTOR, "#preview-form button").click()
    wait.until(lambda d: d.find_element(By.ID, "preview").get_property("naturalWidth") > 100)
    step("a Saturday-noon preview is drawn")
    shot("schedule", 1100)
    png = driver.execute_script(
        "return fetch('/api/preview.png?at=2025-06-07T12:00').then(r => r.arrayBuffer()).then(b => {"
        " const a = new Uint8Array(b); let s = ''; for (let i = 0; i < a.length; i++) s += String.fromCharCode(a[i]);"
        " return btoa(s); })")
    with open(PREVIEW, "wb") as out:
        out.write(base64.b64decode(png))

    driver.get(URL + "/settings")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#settings label")) > 5)
    shot("settings", 1400)
    driver.find_element(By.ID, "logout").click()
    wait.until(ec.url_contains("/login"))
    driver.find_element(By.ID, "password").send_keys("not it")
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "message"), "wrong password"))
    shot("login")
    step("signed out; a wrong password is refused")
    print("done", flush=True)
except Exception as error:  # one line for the test's failure message
    print("failed:", type(error).__name__, str(error).splitlines()[0] if str(error) else "", "at", driver.current_url,
          flush=True)
    driver.save_screenshot(os.path.join(SHOTS, "failure.png"))
    sys.exit(1)
finally:
    driver.quit()
