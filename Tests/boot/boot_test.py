"""The boot test's driver: boots the guest with QEMU and checks the kiosk as a user would.

Each step waits first on the service's state (systemctl in the guest), then on
the screen (QMP screendump), each with a generous bound, so that a slow
emulator is told apart from a broken product: a step that passes late says so,
one that fails says which wait ran out. Prints a line per check with its time.
"""

import argparse
import os
import re
import subprocess
import sys
import time
import traceback

from guest_link import Qmp, Screen, Shell

TCG_FIRST_PHOTO = 60  # seconds from the service's start to a photo on the screen, under TCG
KVM_FIRST_PHOTO = 10


class Run:
    def __init__(self, out):
        self.out = out
        self.start = time.monotonic()
        self.results = []
        self.dumps = 0

    def elapsed(self):
        return time.monotonic() - self.start

    def log(self, text):
        print(f"boot-test: [{self.elapsed():6.1f}s] {text}", flush=True)

    def record(self, name, passed, detail, began):
        took = time.monotonic() - began
        self.results.append((name, passed, detail, took))
        self.log(f"{'PASS' if passed else 'FAIL'} {name} ({took:.1f} s): {detail}")


def start_qemu(args, accel, log_name="qemu.log"):
    for name in ("qmp.sock", "shell.sock", "serial.log"):
        try:
            os.remove(os.path.join(args.out, name))
        except OSError:
            pass
    command = ["qemu-system-x86_64", "-machine", "q35", "-m", "2048", "-smp", "2", "-nodefaults", "-no-reboot"]
    if accel == "kvm":
        command += ["-accel", "kvm", "-cpu", "host"]
    else:
        # Under TCG a named older model: -cpu host fails, and with -cpu max Mesa's llvmpipe crashes on AVX2.
        command += ["-accel", "tcg,thread=multi", "-cpu", "Westmere"]
    command += ["-kernel", args.kernel, "-initrd", args.initrd]
    command += ["-append", "root=/dev/vda rw console=ttyS0,115200 loglevel=5 systemd.show_status=false"]
    command += ["-drive", f"file={args.image},format=raw,if=virtio,snapshot=on"]
    # A photo frame's panel size (the Raspberry Pi touch display's): llvmpipe draws it fast enough under TCG.
    width, height = args.size.split("x")
    if args.gpu == "virtio":
        command += ["-device", f"virtio-gpu-pci,xres={width},yres={height}"]
    else:
        command += ["-device", f"VGA,edid=on,xres={width},yres={height}"]
    command += ["-display", "none", "-nic", "none"]
    command += ["-device", "qemu-xhci,id=xhci", "-device", "usb-kbd,bus=xhci.0", "-device", "usb-mouse,id=mouse,bus=xhci.0"]
    command += ["-serial", "file:" + os.path.join(args.out, "serial.log")]
    command += ["-chardev", f"socket,id=shell,path={os.path.join(args.out, 'shell.sock')},server=on,wait=off"]
    command += ["-serial", "chardev:shell"]
    command += ["-qmp", f"unix:{os.path.join(args.out, 'qmp.sock')},server=on,wait=off"]
    log = open(os.path.join(args.out, log_name), "wb")
    return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def serial_text(args):
    try:
        return open(os.path.join(args.out, "serial.log"), "rb").read().decode(errors="replace")
    except OSError:
        return ""


def boot(args, run):
    """Starts QEMU (KVM when it makes progress, else TCG); returns (process, qmp, shell, accel)."""
    accel = args.accel
    if accel == "kvm-probe":
        qemu = start_qemu(args, "kvm", "qemu-kvm.log")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and "Linux version" not in serial_text(args) and qemu.poll() is None:
            time.sleep(0.5)
        if "Linux version" in serial_text(args):
            run.log("KVM works here: the kernel started under KVM")
            return qemu, Qmp(os.path.join(args.out, "qmp.sock")), Shell(os.path.join(args.out, "shell.sock")), "kvm"
        if qemu.poll() is not None:
            said = open(os.path.join(args.out, "qemu-kvm.log"), errors="replace").read().strip()[-200:]
            run.log(f"QEMU could not run under KVM ({said!r}): using TCG")
        else:
            run.log("KVM made no progress in 20 s (a nested KVM can run nothing): using TCG")
        qemu.kill()
        qemu.wait()
        accel = "tcg"
    qemu = start_qemu(args, accel)
    return qemu, Qmp(os.path.join(args.out, "qmp.sock")), Shell(os.path.join(args.out, "shell.sock")), accel


class Guest:
    """The kiosk in the guest, seen through systemctl and the screen."""

    def __init__(self, run, qmp, shell):
        self.run = run
        self.qmp = qmp
        self.shell = shell
        # Seconds between two frames the guest draws, measured during the fade; under TCG on a
        # busy machine it can be seconds, and every wait on the screen scales with it.
        self.frame_period = 0.5

    def state(self):
        text = self.shell.out(
            "systemctl show vitrine.service -p ActiveState -p SubState -p StatusText -p MainPID -p NRestarts "
            "-p Result -p ExecMainStatus"
        )
        state = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)
        match = re.match(r"showing (\d+)/(\d+) (\S+)", state.get("StatusText", ""))
        state["index"] = int(match.group(1)) if match else None
        state["count"] = int(match.group(2)) if match else None
        state["paused"] = state.get("StatusText", "").endswith(", paused")
        return state

    def wait_state(self, condition, timeout):
        """The first state that meets condition within timeout, else None (the last one in self.last)."""
        deadline = time.monotonic() + timeout
        while True:
            self.last = self.state()
            if condition(self.last):
                return self.last
            if time.monotonic() > deadline:
                return None
            time.sleep(0.3)

    def showing(self, timeout=60):
        return self.wait_state(lambda s: s.get("ActiveState") == "active" and s["index"] is not None, timeout)

    def screen(self, name=None):
        self.run.dumps += 1
        path = os.path.join(self.run.out, f"{name or 'screen-%03d' % self.run.dumps}.ppm")
        shot = self.qmp.screendump(path)
        if name:
            shot.write_png(path[:-4] + ".png")
        else:
            os.remove(path)
        return shot

    def wait_screen(self, condition, timeout):
        deadline = time.monotonic() + timeout
        while True:
            shot = self.screen()
            if condition(shot):
                return shot
            if time.monotonic() > deadline:
                return None
            time.sleep(0.2)

    def steady_screen(self, timeout=None, still=None):
        """A screen that stayed the same for `still` seconds (a transition or a zoom is over).

        Under TCG a frame can take long to draw, so two equal dumps in a row are not enough:
        the screen must stay the same for a few frame periods.
        """
        still = still or max(1.5, 3 * self.frame_period)
        timeout = timeout or max(30, 20 * self.frame_period)
        previous = self.screen()
        since = time.monotonic()
        deadline = since + timeout
        while time.monotonic() < deadline:
            time.sleep(0.25)
            shot = self.screen()
            if shot.difference(previous) >= 0.5:
                since = time.monotonic()
            elif time.monotonic() - since >= still:
                return shot
            previous = shot
        return previous

    def journal(self, since="", grep=None):
        command = f"journalctl -b -u vitrine.service -o cat --no-pager {since}"
        if grep:
            command += f" | grep -E '{grep}'"
        return self.shell.out(command)

    def pid(self):
        return self.state().get("MainPID", "0")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    for name in ("--image", "--kernel", "--initrd", "--out"):
        parser.add_argument(name, required=True)
    parser.add_argument("--accel", default="tcg", choices=["kvm", "kvm-probe", "tcg"])
    parser.add_argument("--gpu", default="virtio", choices=["virtio", "std"])
    parser.add_argument("--size", default="800x480", help="the virtual screen's size")
    args = parser.parse_args()
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import checks
    import checks_power
    import checks_presence
    import checks_service

    run = Run(args.out)
    qemu_start = time.monotonic()
    qemu, qmp, shell, accel = boot(args, run)
    try:
        began = time.monotonic()
        up = shell.wait_ready(time.monotonic() + 240)
        run.record(
            "boot.guest-up",
            up,
            f"under {accel.upper()}: the guest's shell answered {time.monotonic() - qemu_start:.1f} s after QEMU started"
            if up
            else f"under {accel.upper()}: no shell within 240 s; serial log ends: {serial_text(args)[-400:]!r}",
            began,
        )
        if not up:
            return 1
        guest = Guest(run, qmp, shell)
        run.log("guest: " + shell.out("uname -r; ls /dev/dri; cat /sys/class/drm/card0-*/modes 2>/dev/null | head -n 1"))
        limit = KVM_FIRST_PHOTO if accel == "kvm" else TCG_FIRST_PHOTO
        if checks.first_photo(run, guest, qemu_start, limit) is None:
            return 1
        checks.clean_journal(run, guest)
        steps = [
            ("show.fade", lambda: checks.fade(run, guest, 8)),
            ("input.keys", lambda: checks.keys(run, guest)),
            ("rest.console", lambda: checks.rest_on_console(run, guest)),
            ("clock.set-rings", lambda: checks.clock_set(run, guest)),
            ("input.pointer", lambda: checks.pointer(run, guest)),
            ("service.reload", lambda: checks_service.reload_keeps_slide(run, guest)),
            ("service.stop-start", lambda: checks_service.stop_start_resumes(run, guest)),
            ("console.vt-switch", lambda: checks_service.vt_switch(run, guest)),
            ("console.display-in-use", lambda: checks_service.display_in_use(run, guest)),
            ("service.watchdog", lambda: checks_service.watchdog(run, guest, 30)),
            ("service.kill", lambda: checks_service.killed(run, guest)),
            ("package.runtime-only", lambda: checks_service.runtime_only(run, guest)),
            ("unit.web-and-control", lambda: checks_power.web_and_control(run, guest)),
            ("package.upgrade", lambda: checks_service.upgrade(run, guest)),
            ("input.tablet", lambda: checks_service.tablet(run, guest)),
            ("power", lambda: checks_power.display_power(run, guest)),
            ("presence.evdev", lambda: checks_presence.evdev(run, guest)),
            ("presence.gpio", lambda: checks_presence.gpio(run, guest)),
        ]
        for name, step in steps:
            began = time.monotonic()
            try:
                step()
            except (TimeoutError, ConnectionError, RuntimeError, KeyError, TypeError, ValueError) as error:
                where = traceback.extract_tb(error.__traceback__)[-1]
                run.record(
                    name,
                    False,
                    f"stopped by {error!r} at {os.path.basename(where.filename)}:{where.lineno}; last state: "
                    f"{getattr(guest, 'last', {}).get('StatusText')!r}",
                    began,
                )
        open(os.path.join(args.out, "journal.txt"), "w").write(shell.out("journalctl -b --no-pager", 60))
    finally:
        qemu.kill()
        qemu.wait()
    failed = [r for r in run.results if not r[1]]
    run.log(f"{len(run.results) - len(failed)} of {len(run.results)} checks passed in {run.elapsed():.0f} s under {accel.upper()}")
    for name, _, detail, _ in failed:
        run.log(f"failed: {name}: {detail}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
