"""Where a command may write: only a regular file (issue 44).

``score -o``, ``run``'s results file (its ``--log-dir``, ``--resume``) and ``compare --report``
write a whole file beside the target and rename it over the target's name, or append to it. A
rename over a device node, a FIFO or a socket replaces that node with a regular file (as root,
``-o /dev/full`` would remove the machine's /dev/full), and one over a symbolic link replaces
the link, not the file it names. So an output path is checked before any work, in one line:

* missing, or an existing regular file: written;
* a folder, a FIFO, a device, a socket: refused;
* a symbolic link (to anything, dangling or looping too): refused, never followed; the message
  names where it points, so the user can give that path instead;
* a folder on the way that is a file (``-o results.json/out.json``): refused.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Optional, Union

from tau_shaped.evaluation.run_files import PARTIAL, working_name

PathLike = Union[str, Path]


class OutputPathError(ValueError):
    """An output path tau-shaped will not write to: one line naming the option and the path."""


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link"))


def kind_of(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words ("a regular file", "a FIFO (named pipe)", ...)."""
    if stat.S_ISREG(mode):
        return "a regular file"
    return next((words for test, words in _KINDS if test(mode)), "not a regular file")


def _label(path: Path, option: Optional[str]) -> str:
    return f"{option} {path}" if option else str(path)


def output_problem(path: PathLike, option: Optional[str] = None) -> Optional[str]:
    """Why ``path`` may not be written as an output file, in one line; None when it may."""
    path = Path(path)
    label = _label(path, option)
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        if exc.errno == errno.ENOTDIR:
            return _folder_problem(path, label) or f"{label}: {exc.strerror}"
        return f"{label}: cannot be checked: {exc.strerror or exc}"
    if mode is not None:
        if stat.S_ISLNK(mode):
            try:
                points = os.readlink(path)
            except OSError:
                points = "?"
            return (f"{label}: is a symbolic link (to {points}); tau-shaped writes only regular files and does not "
                    "follow links: give the path of the file itself")
        if stat.S_ISDIR(mode):
            return f"{label}: is a folder; give a file name in it"
        if not stat.S_ISREG(mode):
            return f"{label}: is {kind_of(mode)}, not a regular file; tau-shaped writes only regular files"
        return None
    return _folder_problem(path, label)


def _folder_problem(path: Path, label: str) -> Optional[str]:
    """The nearest existing folder on the way to ``path`` must be a folder (links to one are fine)."""
    for parent in path.parents:
        try:
            mode = os.stat(parent).st_mode
        except FileNotFoundError:
            continue
        except OSError as exc:
            if exc.errno == errno.ENOTDIR:
                continue  # an ancestor further up is a file: found below
            return f"{label}: its folder {parent} cannot be checked: {exc.strerror or exc}"
        if not stat.S_ISDIR(mode):
            return f"{label}: {parent} is {kind_of(mode)}, not a folder"
        return None
    return None


def check_output(path: PathLike, option: Optional[str] = None) -> Path:
    """``path`` as a Path, or an OutputPathError saying why it may not be written."""
    problem = output_problem(path, option)
    if problem:
        raise OutputPathError(problem)
    return Path(path)


def check_output_folder(folder: PathLike, option: Optional[str] = None) -> Path:
    """A folder outputs are written in (``run --log-dir``): missing (it is made), or a folder,
    or a link to one; anything else is an OutputPathError."""
    folder = Path(folder)
    label = _label(folder, option)
    try:
        mode = os.stat(folder).st_mode
    except FileNotFoundError:
        problem = _folder_problem(folder, label)
        if problem:
            raise OutputPathError(problem) from None
        return folder
    except OSError as exc:
        if exc.errno == errno.ENOTDIR:
            raise OutputPathError(_folder_problem(folder, label) or f"{label}: {exc.strerror}") from None
        raise OutputPathError(f"{label}: cannot be checked: {exc.strerror or exc}") from None
    if not stat.S_ISDIR(mode):
        raise OutputPathError(f"{label}: is {kind_of(mode)}, not a folder")
    return folder


def write_text_file(path: PathLike, text: str, option: Optional[str] = None) -> Path:
    """Write ``text`` (UTF-8) as the regular file ``path``, whole or not at all: checked first
    (``check_output``), written to this run's working file beside it (``run_files``) and renamed
    over it; on any failure (a full disk among them) the working file is removed and the error
    raised."""
    target = check_output(path, option)
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(working_name(target.name, PARTIAL))
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8"))
        check_output(target, option)
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    return target


def unreadable(path: PathLike) -> Optional[str]:
    """Why ``path`` cannot be read as an input file, in one line (missing, a symbolic link loop,
    a folder, a FIFO or a device: reading one would block or never end); None when it is a
    regular file or a link to one."""
    path = Path(path)
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return f"{path}: a symbolic link loop (links that lead back to themselves), not a file"
        if exc.errno == errno.ENOENT and os.path.islink(path):
            return f"{path}: a symbolic link to {os.readlink(path)}, which does not exist"
        return f"{path}: cannot read: {exc.strerror or exc}"
    if not stat.S_ISREG(mode):
        return f"{path}: is {kind_of(mode)}, not a file"
    return None
