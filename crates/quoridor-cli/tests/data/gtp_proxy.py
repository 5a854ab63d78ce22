#!/usr/bin/env python3
"""A stand-in for an external engine that knows only the standard command flow.

Usage: gtp_proxy.py LOG ENGINE [ARGS...]

Starts ENGINE (a program speaking the protocol), forwards every command to it and its
replies back, except that it does not know `position`: `list_commands` leaves it out and
`position` is refused, like the sparring adapters of engines that keep their own game. Every
command received is appended to LOG, one per line, so that a test can read the flow.
"""
import subprocess
import sys

log_path, engine = sys.argv[1], sys.argv[2:]
child = subprocess.Popen(engine, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(line):
    child.stdin.write(line + "\n")
    child.stdin.flush()
    reply = []
    while True:
        out = child.stdout.readline()
        if not out:
            return "\n".join(reply)
        if out.strip() == "" and reply:
            return "\n".join(reply)
        if out.strip():
            reply.append(out.rstrip("\n"))


with open(log_path, "a") as log:
    for line in sys.stdin:
        cmd = line.strip()
        if not cmd:
            continue
        log.write(cmd + "\n")
        log.flush()
        name = cmd.split()[0]
        if name in ("position", "known_command position"):
            sys.stdout.write("? unknown command `position`\n\n")
        elif name == "list_commands":
            listed = [c for c in ask(cmd).lstrip("= ").split() if c != "position"]
            sys.stdout.write("= " + "\n".join(listed) + "\n\n")
        else:
            sys.stdout.write(ask(cmd) + "\n\n")
        sys.stdout.flush()
        if name == "quit":
            break
child.wait()
