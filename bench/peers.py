#!/usr/bin/env python3
"""Vitrine side by side with the players a photo frame could use instead.

Starts Xvfb at 1920x1080 and runs, one after another for the same time each, Vitrine (its
default renderer and the software one), a Chromium kiosk page with a CSS cross-fade of the
same photos, pqiv with fades and feh (which has no transitions), in three cases: a 1 s fade
every 5 s, fading all the time (a 1 s fade every 1.25 s) and at rest (one photo, nothing
moving). Prints the CPU of each player's whole process tree (per cent of one core) and its
summed PSS (from /proc/PID/smaps_rollup), then Vitrine's ratios against its targets.
With --big it also plays 24-megapixel copies of the photos (6000x4000 JPEGs made with
ImageMagick in a temporary folder) for the memory target.

With --mappings N it also prints, for each of Vitrine's runs, where its PSS is at the end of
the run: per process (the player, its decode worker) and per mapping (a library, the
executable, the heap, anonymous memory, shared memory), the N largest, summed over the
mappings of the same name (from /proc/PID/smaps).

Usage: bench/peers.py [--seconds 60] [--photos assets/demo] [--vitrine .build/release/vitrine]
                      [--big] [--only vitrine,chromium,pqiv,feh] [--cases ...] [--mappings 25]
"""

import argparse
import datetime
import json
import os
import platform
import shutil
import signal
import subprocess
import sys
import tempfile
import time

CASES = {
    # name: (seconds between slides, fade seconds)
    "fade every 5 s": (5.0, 1.0),
    "fading all the time": (1.25, 1.0),
    "at rest": (None, 0.0),
}
TICK = os.sysconf("SC_CLK_TCK")
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")


def session_pids(sid):
    """Every live process of session `sid` (the player and all it started)."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # After the name: state, ppid, pgrp, session, …
        if int(fields[3]) == sid:
            pids.append(int(entry))
    return pids


def cpu_ticks(pids):
    """User and system time of `pids` and of their children already waited for, in ticks."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # utime, stime, cutime, cstime are fields 14–17 of stat; here 11–14 after the name.
        total += sum(int(x) for x in fields[11:15])
    return total


def pss_kib(pids):
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1])
                        break
        except OSError:
            continue
    return total


def mapping_name(path):
    """A mapping's name in the breakdown: a file's base name, else its kind."""
    if not path:
        return "[anonymous]"
    if path.startswith("/memfd:") or path.startswith("/dev/shm") or path.startswith("/SYSV"):
        return "[shared memory] " + path.split("(")[0].strip()
    if path.startswith("["):
        return path
    return os.path.basename(path.split(" (deleted)")[0])


def pss_by_mapping(pid):
    """{mapping name: PSS KiB} of process `pid`, from /proc/PID/smaps."""
    totals = {}
    name = None
    try:
        with open(f"/proc/{pid}/smaps") as f:
            for line in f:
                first = line.split(None, 1)[0]
                if "-" in first and not first.endswith(":"):
                    # A mapping's header: range, perms, offset, device, inode[, path].
                    parts = line.split(None, 5)
                    name = mapping_name(parts[5].strip() if len(parts) > 5 else "")
                elif first == "Pss:" and name is not None:
                    totals[name] = totals.get(name, 0) + int(line.split()[1])
    except OSError:
        pass
    return totals


def process_role(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            argv = [a.decode(errors="replace") for a in f.read().split(b"\0") if a]
    except OSError:
        return "?"
    name = os.path.basename(argv[0]) if argv else "?"
    return " ".join([name] + argv[1:2])


def mapping_breakdown(pids):
    """[(role, pid, {mapping name: PSS KiB})] of `pids`."""
    return [(process_role(pid), pid, pss_by_mapping(pid)) for pid in sorted(pids)]


def print_breakdown(title, breakdown, limit):
    print(f"\nWhere the PSS is, {title} (KiB, at the end of the run):", file=sys.stderr)
    for role, pid, totals in breakdown:
        total = sum(totals.values())
        files = sum(v for k, v in totals.items() if not k.startswith("["))
        print(f"  {role} (pid {pid}): {total} KiB; file mappings {files}, anonymous, heap, stacks and shared"
              f" memory {total - files}", file=sys.stderr)
        for name, kib in sorted(totals.items(), key=lambda item: -item[1])[:limit]:
            print(f"    {kib:8d}  {name}", file=sys.stderr)


class Xvfb:
    def __init__(self, width=1920, height=1080):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
            pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read, 16)
            if not chunk:
                raise SystemExit("Xvfb did not start")
            number += chunk
        os.close(read)
        self.display = ":" + number.decode().strip()

    def stop(self):
        self.process.kill()
        self.process.wait()


def run_player(command, env, seconds, warmup, log_path, at_end=None):
    """Starts `command` in a session of its own, lets it warm up, measures it for `seconds`
    and stops it; returns (cpu per cent of one core, mean PSS MiB, peak PSS MiB). `at_end`, if
    given, is called with the session's process ids before the player is stopped."""
    log = open(log_path, "wb")
    child = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    sid = child.pid
    try:
        time.sleep(warmup)
        if child.poll() is not None:
            raise RuntimeError(f"{command[0]} ended during its warm-up; see {log_path}")
        start_ticks = cpu_ticks(session_pids(sid))
        start = time.monotonic()
        samples = []
        while time.monotonic() - start < seconds:
            time.sleep(min(2.0, max(0.0, seconds - (time.monotonic() - start))))
            samples.append(pss_kib(session_pids(sid)))
        end_ticks = cpu_ticks(session_pids(sid))
        elapsed = time.monotonic() - start
        if at_end is not None:
            at_end(session_pids(sid))
        cpu = 100.0 * (end_ticks - start_ticks) / TICK / elapsed
        return cpu, sum(samples) / len(samples) / 1024, max(samples) / 1024
    finally:
        stop_session(child, sid)
        log.close()


def stop_session(child, sid):
    if child.poll() is None:
        child.send_signal(signal.SIGTERM)
        try:
            child.wait(timeout=15)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
    # What the player left behind in its session (browser helpers), by id.
    for pid in session_pids(sid):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def photos_in(folder):
    return sorted(
        os.path.join(folder, name) for name in os.listdir(folder) if name.lower().endswith(IMAGE_SUFFIXES))


def big_copies(photos, folder):
    """6000x4000 (24 MP) baseline JPEG copies of `photos` in `folder`."""
    made = []
    for i, photo in enumerate(photos):
        out = os.path.join(folder, f"big-{i:02d}.jpg")
        subprocess.run(
            ["convert", photo, "-resize", "6000x4000!", "-colorspace", "sRGB", "-type", "TrueColor",
             "-quality", "88", out], check=True, stderr=subprocess.DEVNULL)
        made.append(out)
    return made


def kiosk_page(photos, interval, fade, path):
    """A page as browser-based frames draw one: two stacked images and a CSS opacity transition."""
    urls = [f"file://{p}" for p in photos]
    rotate = "" if interval is None else f"""
<script>
const urls = {urls!r};
let i = 0, shown = document.getElementById('b');
setInterval(() => {{
  i = (i + 1) % urls.length;
  const next = shown.id === 'a' ? document.getElementById('b') : document.getElementById('a');
  next.src = urls[i];
  next.decode().then(() => {{ next.style.opacity = 1; shown.style.opacity = 0; shown = next; }});
}}, {int(interval * 1000)});
</script>"""
    html = f"""<!doctype html>
<html><head><style>
html, body {{ margin: 0; height: 100%; background: #000; overflow: hidden; }}
img {{ position: absolute; inset: 0; width: 100%; height: 100%; object-fit: contain;
      transition: opacity {fade}s ease-in-out; }}
</style></head><body>
<img id="a" src="{urls[0]}" style="opacity: 0"><img id="b" src="{urls[0]}" style="opacity: 1">{rotate}
</body></html>"""
    with open(path, "w") as f:
        f.write(html)


def commands(player, case, photos, folder, vitrine, scratch):
    interval, fade = CASES[case]
    rest = interval is None
    if player.startswith("vitrine"):
        renderer = "software" if player.endswith("software") else "auto"
        source = photos[0] if rest else folder
        # Every run from the first photo, as the other players start: a run resuming where the one
        # before stopped shows other photos, and a photo smaller than the screen (scaled up in each
        # frame) costs more to fade than one decoded at screen size.
        return [vitrine, "play", source, "--config", "none", "--no-resume", "--renderer", renderer, "--interval",
                "86400" if rest else str(interval), "--transition", "fade", "--transition-duration", str(fade),
                "--print-state"]
    if player == "chromium":
        page = os.path.join(scratch, f"kiosk-{len(os.listdir(scratch))}.html")
        kiosk_page(photos[:1] if rest else photos, interval, fade, page)
        profile = tempfile.mkdtemp(prefix="profile-", dir=scratch)
        return ["chromium", "--kiosk", "--no-first-run", "--noerrdialogs", "--disable-infobars",
                "--no-sandbox", "--allow-file-access-from-files", f"--user-data-dir={profile}",
                "--window-size=1920,1080", "--window-position=0,0", f"file://{page}"]
    if player == "pqiv":
        base = ["pqiv", "-f", "-i", "--scale-images-up"]
        if rest:
            return base + [photos[0]]
        return base + ["-s", "-d", str(interval), "--fade", f"--fade-duration={fade}"] + photos
    if player == "feh":
        base = ["feh", "-F", "-Z", "--hide-pointer"]
        return base + ([photos[0]] if rest else ["-D", str(interval)] + photos)
    raise ValueError(player)


def main():
    # Stopped from outside, the players and the screen are stopped too (the finally blocks).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60, help="seconds each player is measured (60)")
    parser.add_argument("--warmup", type=float, default=8, help="seconds before measuring (8)")
    parser.add_argument("--photos", default="assets/demo", help="the photos (assets/demo)")
    parser.add_argument("--vitrine", default=".build/release/vitrine")
    parser.add_argument("--only", default="vitrine,vitrine-software,chromium,pqiv,feh")
    parser.add_argument("--cases", default=",".join(CASES), help="which cases, by name, comma-separated")
    parser.add_argument("--big", action="store_true", help="also Vitrine on 24-megapixel copies of the photos")
    parser.add_argument("--mappings", type=int, default=0, metavar="N",
                        help="print where Vitrine's PSS is: its N largest mappings a process (0: none)")
    args = parser.parse_args()

    for tool in ["Xvfb"] + [p for p in ("chromium", "pqiv", "feh") if p in args.only]:
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} is missing: apt-get install the packages in deploy/bench-packages.txt")
    vitrine = os.path.abspath(args.vitrine)
    photos_folder = os.path.abspath(args.photos)
    photos = photos_in(photos_folder)
    players = args.only.split(",")
    cases = [c for c in CASES if c in args.cases.split(",")]
    scratch = tempfile.mkdtemp(prefix="vitrine-peers-")
    screen = Xvfb()
    env = dict(os.environ, DISPLAY=screen.display, SDL_VIDEODRIVER="x11")
    env.pop("WAYLAND_DISPLAY", None)
    results = {}
    logs = {}
    try:
        # Case by case, the players one after the other: Vitrine's two renderers run back to back,
        # so the ratio between them sees the same load from the machine's other work.
        runs = [(p, c, photos_folder, photos) for c in cases for p in players if not (p == "feh" and c == "fading all the time")]
        if args.big:
            big_folder = os.path.join(scratch, "big")
            os.mkdir(big_folder)
            big = big_copies(photos, big_folder)
            runs += [(p + " 24 MP", c, big_folder, big) for c in cases if c != "fading all the time"
                     for p in ("vitrine", "vitrine-software") if p in players]
        for player, case, folder, pictures in runs:
            command = commands(player.split(" ")[0], case, pictures, folder, vitrine, scratch)
            log_path = os.path.join(scratch, f"{player}-{case}.log".replace(" ", "-"))
            at_end = None
            if args.mappings and player.startswith("vitrine"):
                title = f"{player}, {case}"
                def at_end(pids, title=title):
                    print_breakdown(title, mapping_breakdown(pids), args.mappings)
            results[(player, case)] = run_player(command, env, args.seconds, args.warmup, log_path, at_end)
            logs[(player, case)] = log_path
            cpu, pss, peak = results[(player, case)]
            print(f"{player:24} {case:22} {cpu:6.2f} % {pss:7.1f} MiB (peak {peak:.1f})", file=sys.stderr)
    finally:
        screen.stop()

    report(results, logs, args, players, cases)
    shutil.rmtree(scratch, ignore_errors=True)


def late_starts(log_path, fade):
    """From `--print-state`'s line at each new slide: how far into its fade the first frame
    drawn of each transition was, in milliseconds of show time (one frame is 16.7 ms)."""
    lates = []
    try:
        with open(log_path, errors="replace") as f:
            for line in f:
                if line.startswith("{") and '"transition"' in line:
                    state = json.loads(line)
                    if state.get("transition"):
                        lates.append(state["transition"]["progress"] * fade * 1000)
    except (OSError, ValueError):
        return None
    return lates


def passes_line(log_path):
    """Vitrine's closing line: its loop's passes, frames and rests."""
    try:
        with open(log_path, errors="replace") as f:
            lines = [l.strip() for l in f if "loop passes" in l or "INFO play: renderer" in l]
    except OSError:
        return ""
    return "; ".join(l.split(": ", 1)[1] for l in lines if ": " in l)


def report(results, logs, args, players, cases):
    print(f"Measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC on "
          f"a {os.cpu_count()}-core {platform.machine()} "
          f"({cpu_model()}), Linux {platform.release()}, Xvfb 1920x1080x24, {args.seconds:g} s a run "
          f"after {args.warmup:g} s of warm-up; CPU of the whole process tree in per cent of one core, "
          f"PSS summed over it (mean of samples every 2 s, MiB).")
    print()
    print("| player | " + " | ".join(cases) + " |")
    print("|---|" + "---|" * len(cases))
    rows = sorted({p for p, _ in results}, key=lambda p: list(dict.fromkeys(p for p, _ in results)).index(p))
    for player in rows:
        cells = []
        for case in cases:
            r = results.get((player, case))
            cells.append("—" if r is None else f"{r[0]:.2f} %, {r[1]:.0f} MiB")
        print(f"| {player} | " + " | ".join(cells) + " |")
    print()
    print("Vitrine against its targets:")
    def get(player, case, i):
        r = results.get((player, case))
        return None if r is None else r[i]
    def check(text, value, limit, fmt="{:.2f}"):
        if value is None:
            return
        met = "met" if value <= limit else "NOT met"
        print(f"- {text}: {fmt.format(value)} (target at most {fmt.format(limit)}): {met}")
    for case in ("fade every 5 s", "fading all the time"):
        auto, soft = get("vitrine", case, 0), get("vitrine-software", case, 0)
        if auto is not None and soft:
            check(f"default renderer / software renderer CPU, {case}", auto / soft, 1.2)
        chrome_cpu, chrome_pss = get("chromium", case, 0), get("chromium", case, 1)
        if auto is not None and chrome_cpu:
            check(f"CPU against the Chromium kiosk, {case}", auto / chrome_cpu, 1 / 3)
        if get("vitrine", case, 1) is not None and chrome_pss:
            check(f"memory against the Chromium kiosk, {case}", get("vitrine", case, 1) / chrome_pss, 1 / 5)
    for player in ("vitrine", "vitrine-software"):
        rest = get(player, "at rest", 0)
        check(f"{player} CPU at rest (per cent of a core)", rest, 0.3)
        feh = get("feh", "at rest", 0)
        if rest is not None and feh is not None:
            check(f"{player} CPU at rest against feh's at rest (percentage points over)", rest - feh, 0.0)
    for player in ("vitrine 24 MP", "vitrine-software 24 MP"):
        for case in cases:
            check(f"{player} PSS, {case} (MiB)", get(player, case, 1), 50, "{:.1f}")
    print()
    for (player, case), path in logs.items():
        if player.startswith("vitrine"):
            line = passes_line(path)
            lates = late_starts(path, CASES[case][1]) if CASES[case][0] else None
            if lates:
                line += (f"; {len(lates)} transitions, the first frame of each at most {max(lates):.1f} ms"
                         f" into it (median {sorted(lates)[len(lates) // 2]:.1f} ms)")
            if line:
                print(f"- {player}, {case}: {line}")


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


if __name__ == "__main__":
    main()
