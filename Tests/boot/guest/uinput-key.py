#!/usr/bin/python3
"""The boot test's motion sensor in the guest: a key device made with uinput, as a PIR wired as a
gpio-keys key looks to the player. Standard library only (python3-minimal).

    uinput-key.py NAME KEY FIFO

Creates the device NAME with the one key KEY (a code from linux/input-event-codes.h), writes its
node (/dev/input/eventN) to FIFO.device once it exists, then reads lines from FIFO: "down" and
"up" send the key's press and release, each followed by a SYN_REPORT; "quit" destroys the device.
"""

import fcntl
import os
import struct
import sys
import time

EV_SYN, EV_KEY, SYN_REPORT, BUS_VIRTUAL = 0, 1, 0, 0x06


def ioc(direction, number, size):
    """_IOC of <asm-generic/ioctl.h> for the uinput type 'U'."""
    return (direction << 30) | (size << 16) | (ord("U") << 8) | number


UI_DEV_CREATE = ioc(0, 1, 0)
UI_DEV_DESTROY = ioc(0, 2, 0)
UI_DEV_SETUP = ioc(1, 3, 92)  # struct uinput_setup: input_id (4 x u16), name[80], u32 ff_effects_max
UI_SET_EVBIT = ioc(1, 100, 4)
UI_SET_KEYBIT = ioc(1, 101, 4)
UI_GET_SYSNAME_64 = ioc(2, 44, 64)


def event(kind, code, value):
    """struct input_event on a 64-bit kernel: a timeval (the kernel stamps it), type, code, value."""
    return struct.pack("llHHi", 0, 0, kind, code, value)


def main():
    name, key, fifo = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    device = os.open("/dev/uinput", os.O_WRONLY | os.O_NONBLOCK)
    fcntl.ioctl(device, UI_SET_EVBIT, EV_KEY)
    fcntl.ioctl(device, UI_SET_KEYBIT, key)
    setup = struct.pack("HHHH80sI", BUS_VIRTUAL, 0x1D6B, 0x0104, 1, name.encode()[:79], 0)
    fcntl.ioctl(device, UI_DEV_SETUP, setup)
    fcntl.ioctl(device, UI_DEV_CREATE)
    sysname = fcntl.ioctl(device, UI_GET_SYSNAME_64, bytes(64)).split(b"\0")[0].decode()
    folder = f"/sys/devices/virtual/input/{sysname}"
    deadline = time.monotonic() + 10
    nodes = []
    while not nodes and time.monotonic() < deadline:
        nodes = [entry for entry in os.listdir(folder) if entry.startswith("event")]
        if not nodes:
            time.sleep(0.05)
    if not nodes:
        raise SystemExit(f"uinput-key: {folder} has no event node")
    if not os.path.exists(fifo):
        os.mkfifo(fifo)
    with open(fifo + ".device.new", "w") as out:
        out.write(f"/dev/input/{nodes[0]}\n")
    os.rename(fifo + ".device.new", fifo + ".device")
    try:
        while True:
            with open(fifo) as commands:  # reopened after each writer closes it
                for line in commands:
                    word = line.strip()
                    if word == "quit":
                        return
                    if word not in ("down", "up"):
                        continue
                    os.write(device, event(EV_KEY, key, 1 if word == "down" else 0) + event(EV_SYN, SYN_REPORT, 0))
    finally:
        fcntl.ioctl(device, UI_DEV_DESTROY)
        os.close(device)


if __name__ == "__main__":
    main()
