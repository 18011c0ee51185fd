"""Whether a process of this machine still runs: one check for the writer lock's holder, orphaned runs and a
killed copy's partial files."""

import os


def pid_alive(pid: int) -> bool:
    """Signal 0 probes without touching the process; a process of another user still counts as alive."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
