"""The boot test's checks, in the order they run; each records PASS or FAIL with what it saw."""

import time

from guest_link import Screen


def first_photo(run, guest, qemu_start, limit):
    began = time.monotonic()
    state = guest.showing(timeout=150)
    if state is None:
        last = guest.last
        run.record(
            "boot.service-ready",
            False,
            f"the service did not report a slide within 150 s of its shell coming up "
            f"(ActiveState={last.get('ActiveState')}, STATUS={last.get('StatusText')!r}): a product problem, "
            f"journal: {guest.journal()[-600:]!r}",
            began,
        )
        return None
    ready_at = time.monotonic() - qemu_start
    run.record("boot.service-ready", True, f"{state['StatusText']!r} {ready_at:.1f} s after QEMU started", began)
    began = time.monotonic()
    # Then the screen: the service says a photo is showing; how long until the screen agrees.
    # A steady photo: not the status screen cross-fading into it.
    shot = guest.wait_screen(Screen.looks_like_photo, timeout=60)
    seen = time.monotonic()
    if shot is not None:
        shot = guest.steady_screen()
    photo_at = seen - qemu_start
    if shot is None:
        guest.screen("first-photo-missing")
        run.record(
            "boot.first-photo",
            False,
            f"the service said {state['StatusText']!r} but the screen showed no photo for 60 s more "
            f"(a black or blank frame: the renderer, not the emulator's speed)",
            began,
        )
        return None
    guest.screen("first-photo")
    waited = seen - began
    # The product's part: from the service's start to the photo, on the guest's clock; booting
    # Debian under an emulator is the emulator's part and is only reported.
    started = int(guest.shell.out("systemctl show vitrine.service -p ExecMainStartTimestampMonotonic --value"))
    uptime = float(guest.shell.out("cut -d' ' -f1 /proc/uptime"))
    from_start = uptime - (time.monotonic() - seen) - started / 1e6
    slow = f"; the screen showed it {waited:.1f} s after the service's READY" if waited > 5 else ""
    run.record(
        "boot.first-photo",
        from_start <= limit,
        f"photo on the screen {from_start:.1f} s after the service started (limit {limit} s), "
        f"{photo_at:.1f} s after QEMU started{slow}",
        began,
    )
    # READY is sent once the first photo is really on the screen: the screen agrees at once.
    run.record(
        "boot.ready-means-photo",
        waited <= 5,
        f"the photo was on the screen {waited:.1f} s after the service reported it (limit 5 s)",
        began,
    )
    return state


def clean_journal(run, guest):
    began = time.monotonic()
    noise = guest.journal(grep="XDG_RUNTIME_DIR|thread priority")
    run.record(
        "journal.clean-start",
        not noise,
        "no XDG_RUNTIME_DIR or thread-priority complaints" if not noise else f"the journal says: {noise[:300]!r}",
        began,
    )


def fade(run, guest, interval):
    """Captures screens from one slide to the next: one of them must be a blend of the two."""
    began = time.monotonic()
    start = guest.showing()
    photo_a = guest.steady_screen()
    index = start["index"]
    frames = []
    times = []
    changes = []
    changed_at = None
    deadline = time.monotonic() + interval * 3 + 60
    while time.monotonic() < deadline:
        frames.append(guest.screen())
        times.append(time.monotonic())
        if changed_at is None and len(frames) % 4 == 0:
            now = guest.state()
            if now["index"] is not None and now["index"] != index:
                changed_at = len(frames)
        if len(frames) > 1 and frames[-1].difference(frames[-2]) >= 0.5:
            changes.append(times[-1])
        # Done once the status moved on and the screen has not changed for a few frame periods.
        period = (changes[-1] - changes[0]) / (len(changes) - 1) if len(changes) >= 3 else 0.5
        if changed_at and changes and times[-1] - changes[-1] > max(2.0, 3 * period):
            break
    photo_b = frames[-1]
    # The guest's frame rate: how often the screen changed while it was changing.
    if len(changes) >= 3:
        guest.frame_period = (changes[-1] - changes[0]) / (len(changes) - 1)
        run.log(f"the guest draws a frame every {guest.frame_period:.2f} s during a transition")
    best = None
    for frame in frames:
        alpha, residual = frame.blend_of(photo_a, photo_b)
        if 0.1 < alpha < 0.9 and residual < 10 and (best is None or abs(alpha - 0.5) < abs(best[0] - 0.5)):
            best = (alpha, residual, frame)
    if best:
        best[2].write_png(run.out + "/fade-middle.png")
    photo_a.write_png(run.out + "/fade-from.png")
    photo_b.write_png(run.out + "/fade-to.png")
    differ = photo_a.difference(photo_b) > 10
    run.record(
        "show.fade",
        differ and best is not None,
        (
            f"{len(frames)} screens; one is {best[0]:.2f} of the way from one photo to the next "
            f"(residual {best[1]:.1f}/255)"
            if best
            else f"{len(frames)} screens, none a blend of the two photos (photos differ: {differ})"
        ),
        began,
    )


def press(guest, key, condition, timeout=None):
    guest.qmp.keys(key)
    return guest.wait_state(condition, timeout or 15 + 6 * guest.frame_period)


def keys(run, guest):
    began = time.monotonic()
    start = guest.showing()
    paused = press(guest, "spc", lambda s: s["paused"])
    index = paused["index"] if paused else None
    after = press(guest, "right", lambda s: index is not None and s["index"] == index % s["count"] + 1) if paused else None
    back = press(guest, "left", lambda s: s["index"] == index) if after else None
    resumed = press(guest, "spc", lambda s: not s["paused"]) if back else None
    run.record(
        "input.keys",
        bool(resumed),
        f"Space paused at {index}, Right went to {after and after['index']}, Left back, Space resumed"
        if resumed
        else f"from {start['StatusText']!r}: stuck at {guest.last['StatusText']!r}",
        began,
    )


def rest_on_console(run, guest):
    """At rest on the console the player sleeps on its input devices (SDL's KMS/DRM driver has no
    wait of its own): a paused show wakes its main thread a few times in 10 s (keep-alive frames
    for the watchdog), not every 50 ms as a pump in slices would (200 and more), and a key still
    answers at once."""
    began = time.monotonic()
    guest.showing()
    said = guest.journal(grep="at rest the loop sleeps until one of").splitlines()[-1:]
    paused = press(guest, "spc", lambda s: s["paused"])
    if not paused:
        run.record("rest.console", False, f"Space did not pause: {guest.last['StatusText']!r}", began)
        return
    guest.steady_screen()
    pid = guest.pid()
    # The window is the measurement: the main thread's context switches over 10 s, counted in the guest.
    counts = guest.shell.out(
        f"f=/proc/{pid}/task/{pid}/status; grep ctxt_switches $f; sleep 10; grep ctxt_switches $f", 60)
    numbers = [int(line.split()[-1]) for line in counts.splitlines() if "ctxt_switches" in line]
    wakes = sum(numbers[2:]) - sum(numbers[:2]) if len(numbers) == 4 else None
    index = paused["index"]
    start = time.monotonic()
    moved = press(guest, "right", lambda s: s["index"] == index % s["count"] + 1)
    answer = time.monotonic() - start
    limit = max(3.0, 4 * guest.frame_period)
    back = press(guest, "left", lambda s: s["index"] == index) if moved else None
    resumed = press(guest, "spc", lambda s: not s["paused"]) if back else None
    run.record(
        "rest.console",
        bool(said) and wakes is not None and wakes <= 60 and moved is not None and answer <= limit and bool(resumed),
        f"journal: {said!r}; paused, the main thread was switched {wakes} times in 10 s (at most 60); "
        f"Right answered in {answer:.1f} s (at most {limit:.1f}); "
        + ("resumed" if resumed else f"not resumed: {guest.last['StatusText']!r}"),
        began,
    )


def clock_set(run, guest):
    """Setting the wall clock (as NTP does at boot) rings the resting player: it logs it at once,
    so it can rest an hour rather than look every minute whether its deadlines moved."""
    began = time.monotonic()
    guest.showing()
    before = len(guest.journal(grep="the wall clock was set").splitlines())
    guest.shell.run("date -s @$(date +%s) >/dev/null")
    deadline = time.monotonic() + 10
    said = []
    while time.monotonic() < deadline and not said:
        said = guest.journal(grep="the wall clock was set").splitlines()[before:]
        time.sleep(0.3)
    run.record("clock.set-rings", bool(said), f"after `date -s` the journal says: {said[-1:]!r}", began)


def move_by(guest, dx, dy):
    """Moves the relative mouse in steps a USB mouse report can carry, each given time to be read:
    QEMU adds up the moves it has not reported yet, so a move back would cancel the one before."""
    steps = max(1, int(max(abs(dx), abs(dy)) / 100) + 1)
    for i in range(steps):
        guest.qmp.move(round(dx * (i + 1) / steps) - round(dx * i / steps), round(dy * (i + 1) / steps) - round(dy * i / steps))
        time.sleep(0.05)


def home_pointer(guest, x, y, width, height):
    """Puts the (relative) mouse at pixel (x, y): into the top-left corner first, where SDL clamps it."""
    move_by(guest, -width - 50, -height - 50)
    time.sleep(0.2)
    move_by(guest, int(x), int(y))
    time.sleep(0.2)


def click(guest):
    guest.qmp.button(True)
    time.sleep(0.06)
    guest.qmp.button(False)


def pointer(run, guest):
    """A tap browses (pauses), a swipe pages, a double tap zooms about the point tapped."""
    began = time.monotonic()
    screen = guest.steady_screen()
    width, height = screen.width, screen.height
    # Each gesture starts well away from where the last one ended (more than the double tap's
    # 3 %), so slow frames that bring them close in the show's time cannot join them.
    home_pointer(guest, width * 0.3, height * 0.8, width, height)
    click(guest)
    tapped = guest.wait_state(lambda s: s["paused"], 15 + 5 * guest.frame_period)
    run.record("input.tap", bool(tapped), f"a click browses: {guest.last['StatusText']!r}", began)
    if not tapped:
        return
    began = time.monotonic()
    index = tapped["index"]
    home_pointer(guest, width * 0.9, height * 0.5, width, height)
    guest.qmp.button(True)
    time.sleep(0.1)
    move_by(guest, -int(width * 0.75), 0)
    time.sleep(0.1)
    guest.qmp.button(False)
    swiped = guest.wait_state(lambda s: s["index"] == index % s["count"] + 1, 15 + 5 * guest.frame_period)
    run.record("input.swipe", bool(swiped), f"a left swipe from {index}: {guest.last['StatusText']!r}", began)
    double_tap(run, guest, "input.double-tap", lambda x, y: home_pointer(guest, x, y, width, height), click)
    guest.qmp.keys("spc")  # back to the show
    guest.wait_state(lambda s: not s["paused"], 15)


def zoom_target(screen):
    """A point on the photo whose 2x zoom window stays inside it, or None (too narrow a photo)."""
    columns = screen.width // Screen.STEP_X
    rows = len(screen.gray) // columns
    lit = [c for c in range(columns) if any(screen.gray[r * columns + c] > 12 for r in range(rows))]
    if not lit:
        return None
    left, right = lit[0] * Screen.STEP_X, lit[-1] * Screen.STEP_X
    x = left + (right - left) * 0.42
    if x - screen.width / 4 < left or x + screen.width / 4 > right:
        return None
    return x, screen.height * 0.42


def predicted_zoom(screen, x, y, keep_point=False):
    """The screen as a 2x zoom about (x, y) would show it, on the gray sample grid (top 80 %, above
    the page dots): the point moved to the middle, or (keep_point) left where it was."""
    columns = screen.width // Screen.STEP_X
    gray = []
    mx, my = (x, y) if keep_point else (screen.width / 2, screen.height / 2)
    for row in range(0, int(screen.height * 0.8), Screen.STEP_Y):
        sy = min(max(int((y + (row - my) / 2) / Screen.STEP_Y), 0), screen.height // Screen.STEP_Y - 1)
        for column in range(0, screen.width, Screen.STEP_X):
            sx = min(max(int((x + (column - mx) / 2) / Screen.STEP_X), 0), columns - 1)
            gray.append(screen.gray[sy * columns + sx])
    shot = Screen(0, 0, b"")
    shot.gray = gray
    return shot


def top(screen):
    """The top 80 % of a screen's samples (what predicted_zoom predicts)."""
    columns = screen.width // Screen.STEP_X
    shot = Screen(0, 0, b"")
    shot.gray = screen.gray[: len(range(0, int(screen.height * 0.8), Screen.STEP_Y)) * columns]
    return shot


def double_tap(run, guest, name, place, click_once):
    """Double-taps on the photo; the zoomed screen must match a 2x zoom about that point."""
    began = time.monotonic()
    before = guest.steady_screen()
    target = zoom_target(before)
    for _ in range(5):
        if target:
            break
        start = guest.state()["index"]
        guest.qmp.keys("right")
        guest.wait_state(lambda s: s["index"] != start, 10)
        before = guest.steady_screen()
        target = zoom_target(before)
    if not target:
        run.record(name, False, "no photo wide enough to check a zoom on", began)
        return
    place(*target)
    click_once(guest)
    time.sleep(0.08)
    click_once(guest)
    after = guest.steady_screen()
    before.write_png(f"{run.out}/{name}-before.png")
    after.write_png(f"{run.out}/{name}.png")
    seen = top(after)
    errors = {
        "about the point tapped": min(
            seen.difference(predicted_zoom(before, *target)),
            seen.difference(predicted_zoom(before, *target, keep_point=True)),
        ),
        "about the centre": seen.difference(predicted_zoom(before, before.width / 2, before.height / 2)),
        "about the top-left corner": seen.difference(predicted_zoom(before, 0, 0, keep_point=True)),
        "about the bottom-right corner": seen.difference(
            predicted_zoom(before, before.width - 1, before.height - 1, keep_point=True)
        ),
    }
    best = min(errors, key=errors.get)
    changed = after.difference(before)
    passed = changed > 5 and best == "about the point tapped" and errors[best] < 15
    run.record(
        name,
        passed,
        f"tapped at ({target[0] / before.width:.2f}, {target[1] / before.height:.2f}): screen changed by "
        f"{changed:.1f}; "
        + (f"a 2x zoom {best}" if errors[best] < 15 else f"like no 2x zoom tried (closest: {best})")
        + " ("
        + ", ".join(f"{k} {v:.1f}" for k, v in errors.items())
        + ")",
        began,
    )
