"""The boot test's check of presence: a motion sensor as the player meets it on a board, a key device
made with uinput in the guest (guest/uinput-key.py, as a PIR wired as a gpio-keys key), read by the
installed service as its user through `display.presence.evdev`. The display goes off after
`off-after` with nobody there, a key press brings it back on within a second, and the show goes on
from the photo it held."""

import base64
import json
import re
import time

from checks_power import CONFIG, dpms_of
from checks_service import reload

FIFO = "/run/boot-test-pir"
HELPER = "/usr/local/lib/boot-test/uinput-key.py"
KEY = 183  # KEY_F13, what Raspberry Pi's gpio-key overlay gives a PIR in the documentation
OFF_AFTER = 4  # seconds
# Waits (up to 20 s) in the guest for the connector's DPMS to be on.
WAIT_LIT = "for i in $(seq 2000); do [ \"$(cat /sys/class/drm/card0-*/dpms | head -n 1)\" = On ] && break; sleep 0.01; done"


def cursor(guest):
    return guest.shell.out("journalctl -b -u vitrine.service -n 0 --show-cursor --no-pager | sed -n 's/^-- cursor: //p'")


def said_at(guest, since, text):
    """The guest's CLOCK_REALTIME (seconds) of the first journal line after `since` containing text, or None."""
    line = guest.shell.out(
        f"journalctl -b -u vitrine.service -o short-unix --no-pager --after-cursor='{since}' | grep -F '{text}' | head -n 1"
    )
    match = re.match(r"(\d+\.\d+) ", line)
    return float(match.group(1)) if match else None


def with_config(guest, change):
    """Reloads the service with the test's configuration changed by `change` (the plain one kept)."""
    config = json.loads(guest.shell.out(f"cat {CONFIG}"))
    change(config)
    encoded = base64.b64encode(json.dumps(config, indent=2).encode()).decode()
    guest.shell.run(f"cp {CONFIG} {CONFIG}.plain && echo {encoded} | base64 -d > {CONFIG}", 10)
    return reload(guest)


def remote_state(guest):
    status, text = guest.shell.run("vitrine ctl state", 30)
    try:
        return json.loads(text) if status == 0 else {}
    except ValueError:
        return {}


def evdev(run, guest):
    try:
        drive_evdev(run, guest)
    finally:
        restore(guest)


def drive_evdev(run, guest):
    began = time.monotonic()
    status, said = guest.shell.run(
        f"modprobe uinput; rm -f {FIFO} {FIFO}.device; "
        f"(python3 {HELPER} 'Boot test PIR' {KEY} {FIFO} >/tmp/uinput-key.log 2>&1 &); "
        f"for i in $(seq 100); do [ -s {FIFO}.device ] && break; sleep 0.1; done; udevadm settle -t 10; "
        f"d=$(cat {FIFO}.device) && echo $d $(stat -L -c '%G %a' $d) $(cat /sys/class/input/${{d##*/}}/device/name) "
        f"|| cat /tmp/uinput-key.log",
        40,
    )
    words = said.split()
    device = words[0] if words and words[0].startswith("/dev/input/event") else None
    run.record(
        "presence.uinput-device",
        status == 0 and device is not None and words[1:3] == ["input", "660"],
        f"{said.strip()[-200:]!r} (the node, its group and mode, the device's name)",
        began,
    )
    if device is None:
        return
    groups = guest.shell.out("id -nG vitrine")
    began = time.monotonic()
    since = cursor(guest)

    def add_presence(config):
        config["display"] = {"presence": {"off-after": f"{OFF_AFTER}s", "evdev": {"device": device, "key": KEY}, "touch": False}}

    reloaded = with_config(guest, add_presence)
    opened = said_at(guest, since, f"presence from {device} key {KEY}")
    # Someone there (the key held down) while the reload settles, then the show paused: off-after
    # is counted in the show's time, which takes at most 0.25 s of a frame (a longer one is a
    # stall); a reload's or a transition's frames take longer under TCG, while resting the loop
    # keeps the wall clock's time. So the countdown is timed from the key's release, at rest.
    guest.shell.run(f"echo down > {FIFO}", 10)
    deadline = time.monotonic() + 20 + 10 * guest.frame_period
    while time.monotonic() < deadline and (remote_state(guest).get("presence") or {}).get("present") is not True:
        time.sleep(0.3)
    guest.shell.run("vitrine ctl pause", 30)
    guest.wait_state(lambda s: s["paused"], 15 + 6 * guest.frame_period)
    guest.steady_screen()
    since = cursor(guest)
    status, said = guest.shell.run(f"a=$(date +%s.%N); echo up > {FIFO}; echo $a", 10)
    released = float(said.split()[-1]) if status == 0 else None
    deadline = time.monotonic() + OFF_AFTER + 20 + 10 * guest.frame_period
    while time.monotonic() < deadline and dpms_of(guest) != "Off":
        time.sleep(0.3)
    off_dpms = dpms_of(guest)
    off_at = said_at(guest, since, "nobody present for a while: display off")
    dark = guest.wait_screen(lambda s: not s.looks_like_photo() and s.mean() < 20, 10 + 5 * guest.frame_period)
    off = remote_state(guest)
    away = off.get("presence") or {}
    after = off_at - released if off_at and released else None
    latest = OFF_AFTER + 1 + 2 * guest.frame_period
    run.record(
        "presence.off-after",
        "reloaded" in reloaded
        and opened is not None
        and after is not None
        and OFF_AFTER - 0.5 <= after <= latest
        and off_dpms == "Off"
        and dark is not None
        and away.get("away") is True,
        f"the service (vitrine in: {groups}) "
        + (f"opened {device}; " if opened else "did not say it opened the device; ")
        + (
            f"the display went off {after:.2f} s after the key's release"
            if after is not None
            else f"said {guest.journal(f'--after-cursor={since!r}')[-300:]!r}"
        )
        + f" (off-after {OFF_AFTER} s, at most {latest:.1f} s): DPMS {off_dpms}, screen "
        f"{'dark' if dark else 'not dark'}, presence {json.dumps(away)}",
        began,
    )
    if off_dpms != "Off":
        return
    began = time.monotonic()
    since = cursor(guest)
    # Measured in the guest: from just before the key goes down to the connector's DPMS on.
    status, took = guest.shell.run(f"a=$(date +%s.%N); echo down > {FIFO}; {WAIT_LIT}; b=$(date +%s.%N); echo $a $b", 60)
    pressed, lit = (float(x) for x in took.split()[-2:])
    on_at = said_at(guest, since, "someone is present: display on")
    decided = on_at - pressed if on_at else None
    back = guest.wait_screen(lambda s: s.looks_like_photo(), 20 + 10 * guest.frame_period)
    present = remote_state(guest).get("presence") or {}
    run.record(
        "presence.on-within-a-second",
        status == 0
        and decided is not None
        and decided <= 1.0
        and lit - pressed <= 1.0 + 2 * guest.frame_period
        and back is not None
        and present.get("present") is True,
        f"key {KEY} down on {device}: the service said 'display on' "
        + (f"{decided:.2f} s later" if decided is not None else "never")
        + f", DPMS On {lit - pressed:.2f} s later (a frame under emulation takes {guest.frame_period:.2f} s), "
        f"the screen {'shows a photo' if back else 'stays dark'}, presence {json.dumps(present)}",
        began,
    )
    # The show running: the room empties (the key released), the display goes off and the show
    # holds on its photo; someone comes (the key down) and it goes on from that photo.
    began = time.monotonic()
    guest.shell.run("vitrine ctl resume", 30)
    running = guest.wait_state(lambda s: s["index"] is not None and not s["paused"], 15 + 6 * guest.frame_period)
    guest.shell.run(f"echo up > {FIFO}", 10)
    deadline = time.monotonic() + OFF_AFTER + 30 + 20 * guest.frame_period
    while time.monotonic() < deadline and dpms_of(guest) != "Off":
        time.sleep(0.3)
    held = remote_state(guest)
    guest.shell.run(f"echo down > {FIFO}; {WAIT_LIT}", 60)
    now = remote_state(guest)
    name = held.get("file")
    # The service's status line is paced (at most one a second), so "paused" may still show just
    # after the display came back: what counts is the next slide, running, within its dwell.
    after = (held["index"] + 1) % held["count"] + 1 if held.get("index") is not None and held.get("count") else None
    moved = guest.wait_state(
        lambda s: s["index"] is not None and s["index"] != (held.get("index") or 0) + 1 and not s["paused"],
        8 + 2 + 10 + 10 * guest.frame_period,
    )
    run.record(
        "presence.resumes-at-same-photo",
        running is not None
        and (held.get("presence") or {}).get("held") is True
        and held.get("index") is not None
        and now.get("index") == held["index"]
        and now.get("file") == name
        and moved is not None
        and moved["index"] == after,
        ("" if running else "the show did not run after `vitrine ctl resume`; ")
        + f"held on slide {held.get('index')} {name!r} (presence {json.dumps(held.get('presence'))}), back on "
        f"{now.get('index')} {now.get('file')!r}, then {moved['StatusText'] if moved else 'no next slide'!r} "
        f"(the next is {after}/{held.get('count')})",
        began,
    )
    guest.shell.run(f"echo up > {FIFO}", 10)


def restore(guest):
    """The plain configuration again (reloaded), and the key device destroyed."""
    guest.shell.run(f"[ -f {CONFIG}.plain ] && mv {CONFIG}.plain {CONFIG}", 10)
    reload(guest)
    guest.shell.run(f"[ -p {FIFO} ] && timeout 5 sh -c 'echo quit > {FIFO}'", 10)


def gpio(run, guest):
    """The package's user in the gpio group (made in the image, as Raspberry Pi OS has it), and
    whether the guest's kernel can simulate a GPIO chip to drive the GPIO source against."""
    began = time.monotonic()
    groups = guest.shell.out("id -nG vitrine")
    run.record(
        "package.gpio-group",
        "gpio" in groups.split(),
        f"vitrine is in: {groups} (the guest has a gpio group, as Raspberry Pi OS does)",
        began,
    )
    kernel = guest.shell.out(
        "uname -r; grep -hE '^(# )?CONFIG_GPIO_(SIM|MOCKUP)[ =]' /boot/config-$(uname -r); "
        "for m in gpio-sim gpio-mockup; do modprobe -n $m 2>&1; done"
    )
    run.log("GPIO simulators in the guest's kernel: " + " | ".join(kernel.splitlines()))
