"""Walks the page in headless Chromium as a new owner would: setup code, photos, a playlist edit.

Run by BrowserTests with Debian's /usr/bin/python3 (python3-selenium, chromium, chromium-driver).
Environment: VITRINE_URL, VITRINE_SETUP_CODE, VITRINE_PHOTOS (two paths, ':'-separated),
VITRINE_SHOTS (folder for screenshots). Prints one line per step; exits non-zero on the first failure.
"""
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
wait = WebDriverWait(driver, 20)


def shot(name, height=None):
    driver.set_window_size(412, height or 900)
    driver.save_screenshot(os.path.join(SHOTS, name + ".png"))


try:
    step("first visit goes to setup")
    driver.get(URL + "/")
    wait.until(ec.url_contains("/setup"))
    shot("setup")
    driver.find_element(By.ID, "code").send_keys("00000000")
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "message"), "setup code"))
    step("a wrong setup code is refused on the page")
    driver.find_element(By.ID, "code").clear()
    driver.find_element(By.ID, "code").send_keys(CODE)
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait.until(ec.url_contains("/now"))
    step("password set; signed in")

    driver.get(URL + "/photos")
    upload = driver.find_element(By.ID, "files")
    upload.send_keys("\n".join(PHOTOS))
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#photos li")) == 2)
    wait.until(lambda d: sum(li.text.startswith("✓") for li in d.find_elements(By.CSS_SELECTOR, "#uploads li")) == 2)
    wait.until(lambda d: all(img.get_property("naturalWidth") > 0 for img in d.find_elements(By.CSS_SELECTOR, "#photos img")))
    step("two photos uploaded and listed")
    shot("photos", 1100)

    driver.get(URL + "/now")
    wait.until(lambda d: d.find_element(By.ID, "frame").get_property("naturalWidth") > 100)
    wait.until(ec.text_to_be_present_in_element((By.ID, "state"), "1 of 2"))
    step("the Now picture shows a photo")
    shot("now", 1100)
    driver.find_element(By.CSS_SELECTOR, "[data-command=display-off]").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "message"), "Sent: Display off"))
    driver.find_element(By.CSS_SELECTOR, "[data-command=display-on]").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "message"), "Sent: Display on"))
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
    driver.get(URL + "/playlist")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#items .item")) == 1)
    step("the fixed edit is saved")
    shot("playlist", 1300)

    driver.get(URL + "/schedule")
    driver.find_element(By.ID, "moment").send_keys("")
    driver.execute_script("document.getElementById('moment').value = '2025-06-07T12:00';")
    driver.find_element(By.CSS_SELECTOR, "#preview-form button").click()
    wait.until(lambda d: d.find_element(By.ID, "preview").get_property("naturalWidth") > 100)
    step("a Saturday-noon preview is drawn")
    shot("schedule", 1100)

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
