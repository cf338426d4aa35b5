"""outfile.py - how the tools write an output, by the rules the program
follows (src/engine/fileio.h, output_plan):

- nothing there yet, or a plain file: the bytes go to PATH.tmp beside it
  and are renamed over PATH once complete, so an interrupted write never
  leaves a half-written file under the real name;
- a character device (/dev/null), a FIFO or a socket: opened and written in
  place, never replaced;
- a symbolic link: followed to its target, which is written by the rules
  above (the link stays a link);
- a folder or a disk device: refused (OSError).
"""
import os
import stat


def write_output(path, write):
    """Write PATH by calling write(f) on a binary file opened as above."""
    target = os.path.realpath(path) if os.path.islink(path) else path
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and (stat.S_ISDIR(mode) or stat.S_ISBLK(mode)):
        raise OSError("%s: a folder or a disk device, not a file to write" % path)
    if mode is not None and not stat.S_ISREG(mode):
        with open(target, "wb") as f:
            write(f)
        return
    tmp = target + ".tmp"
    try:
        with open(tmp, "wb") as f:
            write(f)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
