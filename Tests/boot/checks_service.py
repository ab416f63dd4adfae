"""The boot test's checks of the service and the console: reload, stop and start, VT switch, watchdog."""

import time

from checks import click, double_tap, press


def go_to(guest, index):
    """Pauses on slide `index` (1 is the first), so a check starts from a known slide: through the
    control API (`vitrine ctl`), or with keys (Home, then Right) when it does not answer."""
    guest.showing()
    status, _ = guest.shell.run(f"vitrine ctl pause && vitrine ctl goto {index - 1}", 30)
    if status == 0:
        reached = guest.wait_state(lambda s: s["paused"] and s["index"] == index, 15 + 6 * guest.frame_period)
        if reached:
            return reached
    if not guest.state()["paused"]:
        press(guest, "spc", lambda s: s["paused"])
    press(guest, "home", lambda s: s["index"] == 1)
    for _ in range(index - 1):
        current = guest.state()["index"]
        press(guest, "right", lambda s: s["index"] == current + 1)
    return guest.state()


def reload(guest):
    """`systemctl reload`, waited for until the journal says the new sources are listed; what it said."""
    cursor = guest.shell.out("journalctl -b -u vitrine.service -n 0 --show-cursor --no-pager | sed -n 's/^-- cursor: //p'")
    guest.shell.run("systemctl reload vitrine.service")
    deadline = time.monotonic() + 30 + 10 * guest.frame_period
    while time.monotonic() < deadline and "reloaded" not in guest.journal(f"--after-cursor='{cursor}'"):
        time.sleep(0.5)
    return guest.journal(f"--after-cursor='{cursor}'", grep="reload")


def reload_keeps_slide(run, guest):
    """`systemctl reload` while paused (the same screen after it, and STATUS says the slide again),
    then while the show runs (it goes on from the slide it was on)."""
    began = time.monotonic()
    before = go_to(guest, 3)
    index = before["index"]
    shown = guest.steady_screen()
    said = reload(guest)
    after = guest.wait_state(lambda s: s.get("ActiveState") == "active" and s["index"] is not None, 10)
    status = guest.last.get("StatusText")
    run.record(
        "service.status-after-reload",
        after is not None,
        f"STATUS after a reload while paused: {status!r}"
        + ("" if after else " (the status line is not sent again once the reload is done)"),
        began,
    )
    moved = guest.steady_screen().difference(shown)
    began = time.monotonic()
    press(guest, "spc", lambda s: not s["paused"])
    said += "\n" + reload(guest)
    # Pausing sends the status line whatever it said: which slide is showing now.
    paused = press(guest, "spc", lambda s: s["paused"] and s["index"] is not None)
    now = paused["index"] if paused else None
    run.record(
        "service.reload-keeps-slide",
        said.count("reloaded") >= 2 and moved < 3 and now in (index, index % before["count"] + 1),
        f"paused on slide {index}: the screen moved by {moved:.1f}/255 over a reload; running: slide {now} "
        f"after the next one (journal: {said[-200:]!r})",
        began,
    )
    press(guest, "spc", lambda s: not s["paused"])


def stop_start_resumes(run, guest):
    began = time.monotonic()
    before = go_to(guest, 4)
    index = before["index"]
    status, took = guest.shell.run(
        "a=$(date +%s%N); systemctl stop vitrine.service; b=$(date +%s%N); echo $(( (b - a) / 1000000 ))", 60
    )
    seconds = int(took.strip().splitlines()[-1]) / 1000 if status == 0 else 99.0
    stopped = guest.state()
    said = guest.journal(grep="stopp|exit").splitlines()[-2:]
    # Within a second, or a few of the emulator's frames when it draws slower than that.
    limit = max(1.0, 4 * guest.frame_period)
    run.record(
        "service.clean-stop",
        seconds < limit and stopped.get("Result") == "success" and stopped.get("ExecMainStatus") == "0",
        f"`systemctl stop` took {seconds:.2f} s (limit {limit:.1f} s), Result={stopped.get('Result')}, "
        f"exit status {stopped.get('ExecMainStatus')}; journal: {said!r}",
        began,
    )
    began = time.monotonic()
    guest.shell.run("systemctl start vitrine.service", 90)
    after = guest.showing(90)
    run.record(
        "service.start-resumes",
        after is not None and after["index"] in (index, index % after["count"] + 1),
        f"slide {index} at `systemctl stop`, {after and after['index']} after `systemctl start` "
        f"(position file: {guest.shell.out('ls /var/lib/vitrine/*.json 2>&1')!r})",
        began,
    )


def vt_switch(run, guest):
    """Ctrl+Alt+F2 gives the console back (text, keys ignored by the show); Ctrl+Alt+F1 shows the photo again."""
    began = time.monotonic()
    paused = go_to(guest, 2)
    photo = guest.steady_screen()
    guest.qmp.keys("ctrl", "alt", "f2")
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and guest.shell.out("cat /sys/class/tty/tty0/active") != "tty2":
        time.sleep(0.3)
    active = guest.shell.out("cat /sys/class/tty/tty0/active")
    time.sleep(3)  # the getty's prompt and the show's reaction
    away = guest.steady_screen()
    away.write_png(run.out + "/vt-tty2.png")
    text_console = away.difference(photo) > 20 and not away.looks_like_photo()
    guest.qmp.keys("right")  # typed on tty2: must not page the show
    time.sleep(2)
    on_tty2 = guest.state()
    run.record(
        "console.vt-switch-away",
        active == "tty2" and text_console and on_tty2["index"] == paused["index"],
        f"active console {active}; screen {'text console' if text_console else 'still the slideshow'} "
        f"({away.difference(photo):.1f} from the photo); Right on tty2: slide {paused['index']} -> {on_tty2['index']}",
        began,
    )
    began = time.monotonic()
    guest.qmp.keys("ctrl", "alt", "f1")
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and guest.shell.out("cat /sys/class/tty/tty0/active") != "tty1":
        time.sleep(0.3)
    # The photo it left (or, when keys on tty2 paged the show, any photo) is drawn again.
    kept = on_tty2["index"] == paused["index"]
    back = guest.wait_screen(lambda s: s.looks_like_photo() and (s.difference(photo) < 8 or not kept), 30)
    active = guest.shell.out("cat /sys/class/tty/tty0/active")
    guest.screen("vt-back")
    run.record(
        "console.vt-switch-back",
        active == "tty1" and back is not None,
        f"active console {active}; the photo {'is back' if back else 'did not come back within 30 s'}",
        began,
    )
    press(guest, "spc", lambda s: not s["paused"])


def wait_new_process(guest, old_pid, timeout):
    return guest.wait_state(
        lambda s: s.get("MainPID") not in ("0", old_pid) and s.get("ActiveState") == "active" and s["index"], timeout
    )


def watchdog(run, guest, watchdog_seconds):
    began = time.monotonic()
    guest.showing()
    pid = guest.pid()
    guest.shell.run(f"kill -STOP {pid}")
    after = wait_new_process(guest, pid, watchdog_seconds + 90)
    said = guest.journal(grep="[Ww]atchdog").splitlines()[-1:]
    run.record(
        "service.watchdog-restart",
        after is not None and bool(said),
        f"process {pid} frozen with SIGSTOP; {'new process ' + after['MainPID'] if after else 'no restart'}; "
        f"journal: {said!r}",
        began,
    )


def killed(run, guest):
    began = time.monotonic()
    guest.showing()
    pid = guest.pid()
    guest.shell.run(f"kill -KILL {pid}")
    after = wait_new_process(guest, pid, 90)
    run.record(
        "service.kill-restart",
        after is not None,
        f"process {pid} killed; {'back as ' + after['MainPID'] + ' showing ' + repr(after['StatusText']) if after else 'not back in 90 s'}",
        began,
    )


def tablet(run, guest):
    """An absolute pointer (QEMU's usb-tablet, as many USB touch panels present themselves)."""
    began = time.monotonic()
    guest.qmp.command("device_del", id="mouse")
    guest.qmp.command("device_add", driver="usb-tablet", id="tablet", bus="xhci.0")
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and "Tablet" not in guest.shell.out("cat /proc/bus/input/devices"):
        time.sleep(0.5)
    guest.showing()
    screen = guest.steady_screen()
    # SDL's udev monitor adds the new device when it sees it: tap until a tap is heard.
    tapped = None
    deadline = time.monotonic() + 60
    while tapped is None and time.monotonic() < deadline:
        guest.qmp.absolute(0.5, 0.5)
        click(guest)
        tapped = guest.wait_state(lambda s: s["paused"], 5 + 4 * guest.frame_period)
    run.record("input.tablet-tap", bool(tapped), f"a tap browses: {guest.last['StatusText']!r}", began)
    if tapped:
        double_tap(
            run,
            guest,
            "input.tablet-double-tap",
            lambda x, y: guest.qmp.absolute(x / screen.width, y / screen.height),
            click,
        )
    guest.qmp.keys("spc")


def runtime_only(run, guest):
    """The guest is what a board with the package has: runtime libraries, no -dev package, no toolchain;
    both programs (the player and its decode worker) installed and finding every library."""
    began = time.monotonic()
    dev = guest.shell.out("dpkg-query -W -f '${Package}\\n' | grep -c -- '-dev$' || true")
    swift = guest.shell.out("command -v swift swiftc; ls -d /opt/swift /usr/share/swift 2>/dev/null; true")
    missing = guest.shell.out(
        "for p in /usr/bin/vitrine /usr/bin/vitrine-decoder; do [ -x $p ] || echo $p; ldd $p | grep -E 'not found|swift'; done; true"
    )
    run.record(
        "package.runtime-only-guest",
        dev == "0" and not swift and not missing,
        f"{dev} -dev packages, toolchain: {swift or 'none'}, libraries missing: {missing or 'none'}",
        began,
    )


def upgrade(run, guest):
    """dpkg -i of the package over itself (an upgrade's path): the service restarts with it, the configuration stays."""
    began = time.monotonic()
    guest.showing()
    pid = guest.pid()
    config = guest.shell.out("sha256sum /etc/vitrine/config.json")
    status, said = guest.shell.run("DEBIAN_FRONTEND=noninteractive dpkg -i /root/vitrine.deb", 180)
    after = wait_new_process(guest, pid, 90 + 10 * guest.frame_period)
    kept = guest.shell.out("sha256sum /etc/vitrine/config.json") == config
    run.record(
        "package.upgrade",
        status == 0 and after is not None and kept,
        f"dpkg -i exit {status}; {'restarted as ' + after['MainPID'] if after else 'not restarted and showing'}; "
        f"configuration {'kept' if kept else 'changed'}"
        + ("" if status == 0 else f"; dpkg said {said[-200:]!r}"),
        began,
    )


def display_in_use(run, guest):
    """A second vitrine beside the running service is told the display is in use, not missing."""
    began = time.monotonic()
    guest.showing()
    status, said = guest.shell.run(
        "runuser -u vitrine -- vitrine displays --video-driver kmsdrm 2>&1; test $? -ne 0", 60)
    run.record(
        "console.display-in-use",
        status == 0 and "in use" in said,
        f"vitrine displays beside the service: {said.strip()[-300:]!r}",
        began,
    )
