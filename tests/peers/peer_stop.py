"""How every peer stops: on SIGTERM or SIGINT, or when the parent closes our stdin pipe (the test harness
ended or died without a signal). Imported by the peer scripts next to it."""
import os
import signal
import stat
import sys
import threading


def stop_on_signals():
    """An Event that SIGTERM and SIGINT set."""
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    return stop


def watch_stdin(stop):
    """Sets stop when the parent closes our stdin pipe; does nothing for a terminal or /dev/null."""
    mode = os.fstat(0).st_mode
    if not (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)):
        return  # a terminal or /dev/null: only a signal stops us

    def run():
        while sys.stdin.buffer.read1(4096):
            pass
        stop.set()
    threading.Thread(target=run, name="stdin-watch", daemon=True).start()
