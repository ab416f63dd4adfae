"""The boot test's checks of the network side of the unit and of display power: the web page and the
control API reachable under the shipped unit, DPMS through DRM, a fake backlight, and HDMI-CEC
against the kernel's vivid test driver with cec-follower playing the TV."""

import base64
import json
import time

BACKLIGHT = "/var/lib/vitrine/test-backlight"  # writable by the service (its state folder)
CONFIG = "/etc/vitrine/config.json"


def web_and_control(run, guest):
    began = time.monotonic()
    status, state = guest.shell.run("vitrine ctl state", 30)
    page = guest.shell.out(
        "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3 && head -n 1 <&3", 30
    )
    run.record(
        "unit.web-and-control",
        status == 0 and '"index"' in state and page.startswith("HTTP/1."),
        f"`vitrine ctl state` exit {status} ({state.strip()[:80]!r}); the web page answers {page[:40]!r}",
        began,
    )


def dpms_of(guest):
    return guest.shell.out("cat /sys/class/drm/card0-*/dpms 2>/dev/null | head -n 1")


def with_display_section(guest, display):
    """Restarts the service with a display section added to the test's configuration."""
    text = guest.shell.out(f"cat {CONFIG}")
    config = json.loads(text)
    config["display"] = display
    encoded = base64.b64encode(json.dumps(config, indent=2).encode()).decode()
    guest.shell.run(f"cp {CONFIG} {CONFIG}.plain && echo {encoded} | base64 -d > {CONFIG}", 10)
    guest.shell.run("systemctl restart vitrine.service", 120)
    return guest.showing(90 + 10 * guest.frame_period)


def cec_setup(guest):
    """vivid's emulated HDMI adapters: /dev/cec0 the player's output, the TV on the input's adapter
    played by cec-follower. Returns (player device, TV device) or None, saying why in the journal of the test."""
    status, said = guest.shell.run(
        "modprobe vivid n_devs=1 num_inputs=1 input_types=3 num_outputs=1 output_types=1 && sleep 2 && "
        "for d in /dev/cec*; do echo $d $(cec-ctl -d $d 2>/dev/null | sed -n 's/.*Driver *: //p;"
        "s/.*Adapter *: //p' | tr '\\n' ' '); done",
        60,
    )
    devices = [line.split()[0] for line in said.splitlines() if line.startswith("/dev/cec")]
    if status != 0 or len(devices) < 2:
        return None, said
    tv, player = devices[0], devices[1]
    guest.shell.run(
        f"cec-ctl -d {tv} --tv --osd-name TV >/dev/null; cec-ctl -d {player} --clear >/dev/null; "
        f"(cec-follower -d {tv} -v > /tmp/cec-follower.log 2>&1 &)",
        30,
    )
    return (player, tv), said


def display_power(run, guest):
    """`vitrine ctl display off` then `on`: the connector's DPMS, the screen, the backlight, the TV."""
    began = time.monotonic()
    guest.shell.run(
        f"mkdir -p {BACKLIGHT}/test && echo 255 > {BACKLIGHT}/test/max_brightness && "
        f"echo 255 > {BACKLIGHT}/test/brightness && chown -R vitrine:vitrine {BACKLIGHT}"
    )
    cec, said = cec_setup(guest)
    display = {"dpms": True, "backlight": {"root": BACKLIGHT, "device": "test", "level": 1, "fade": 0}}
    if cec:
        display["cec"] = {"devices": [cec[0]], "timeout": 3, "name": "Vitrine"}
    state = with_display_section(guest, display)
    if state is None:
        run.record(
            "power.config",
            False,
            f"the service did not come back with a display section: {guest.journal()[-300:]!r}",
            began,
        )
        restore(guest)
        return
    lit = guest.steady_screen()
    on_dpms = dpms_of(guest)
    cursor = guest.shell.out("journalctl -b -u vitrine.service -n 0 --show-cursor --no-pager | sed -n 's/^-- cursor: //p'")
    status, _ = guest.shell.run("vitrine ctl display off", 30)
    deadline = time.monotonic() + 20 + 10 * guest.frame_period
    while time.monotonic() < deadline and dpms_of(guest) != "Off":
        time.sleep(0.5)
    off_dpms = dpms_of(guest)
    dark = guest.wait_screen(lambda s: not s.looks_like_photo() and s.mean() < 20, 20)
    guest.screen("display-off")
    off_level = guest.shell.out(f"cat {BACKLIGHT}/test/brightness")
    time.sleep(3 + 2 * guest.frame_period)
    off_said = guest.journal(f"--after-cursor='{cursor}'", grep="power")
    run.record(
        "power.dpms-off",
        status == 0 and on_dpms == "On" and off_dpms == "Off" and dark is not None,
        f"`vitrine ctl display off` exit {status}: DPMS {on_dpms} -> {off_dpms}, screen "
        f"{'dark' if dark else 'not dark'}",
        began,
    )
    run.record("power.backlight-off", off_level == "0", f"fake backlight brightness {off_level} (asked 0)", began)
    began = time.monotonic()
    status, _ = guest.shell.run("vitrine ctl display on", 30)
    deadline = time.monotonic() + 20 + 10 * guest.frame_period
    while time.monotonic() < deadline and dpms_of(guest) != "On":
        time.sleep(0.5)
    back = guest.wait_screen(lambda s: s.looks_like_photo() and s.difference(lit) < 8, 30 + 10 * guest.frame_period)
    on_level = guest.shell.out(f"cat {BACKLIGHT}/test/brightness")
    time.sleep(3 + 2 * guest.frame_period)
    on_said = guest.journal(f"--after-cursor='{cursor}'", grep="power")
    run.record(
        "power.dpms-on",
        status == 0 and dpms_of(guest) == "On" and back is not None,
        f"`vitrine ctl display on` exit {status}: DPMS {dpms_of(guest)}, the photo "
        f"{'is back' if back else 'did not come back'}",
        began,
    )
    run.record("power.backlight-on", on_level == "255", f"fake backlight brightness {on_level} (asked 255)", began)
    if cec:
        follower = guest.shell.out("grep -iE 'standby|image.view.on|active.source' /tmp/cec-follower.log | tail -n 6")
        heard = follower.lower()
        told = (off_said + on_said).lower()
        run.record(
            "power.cec",
            "off asked" in told and "standby" in told and "on asked" in told
            and "standby" in heard and ("image_view_on" in heard or "image view on" in heard or "active source" in heard),
            f"journal: {(off_said + on_said)[-240:]!r}; cec-follower saw: {follower[-200:]!r}",
            began,
        )
    else:
        run.record("power.cec", False, f"no vivid CEC adapters in the guest: {said[-200:]!r}", began)
    restore(guest)


def restore(guest):
    guest.shell.run(f"[ -f {CONFIG}.plain ] && mv {CONFIG}.plain {CONFIG}; systemctl restart vitrine.service", 120)
