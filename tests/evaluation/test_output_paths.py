"""Output paths (issue 44): ``score -o``, ``run``'s results file (--log-dir, --resume) and
``compare --report`` write only regular files. A FIFO, a device node, a symbolic link or a
folder at the output path is refused in one line before any work and left as it was (same
inode, same type); no working file (``.partial``) is left behind by any failure, a full disk
included."""

import json
import os
import shutil
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.evaluation.records_out import RecordsOut
from tau_shaped.evaluation.output_path import OutputPathError, check_output, unreadable, write_text_file
from tau_shaped.evaluation.results_file import ResultsFileError, ResultsWriter, read_results
from tau_shaped.evaluation.runner import RunConfig, run

ENV = "tests.mini_domain:DOMAIN"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """A small run of the mini domain (ground truth, no model): five records, JSON lines."""
    folder = tmp_path_factory.mktemp("run")
    summary = run(RunConfig(env=ENV, agent_strategy="ground-truth", user_strategy="scripted", log_dir=str(folder)))
    return summary.path


def _identity(path: Path):
    info = os.lstat(path)
    return info.st_ino, stat.S_IFMT(info.st_mode), info.st_rdev, (os.readlink(path) if os.path.islink(path) else None)


def _working_files(folder: Path):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".partial") or ".spool" in p.name)


def _fifo(folder: Path) -> Path:
    path = folder / "pipe.json"
    os.mkfifo(path)
    return path


def _symlink(folder: Path) -> Path:
    (folder / "real.json").write_text("[]")
    path = folder / "link.json"
    path.symlink_to("real.json")
    return path


def _dangling(folder: Path) -> Path:
    path = folder / "nowhere.json"
    path.symlink_to("missing.json")
    return path


def _folder(folder: Path) -> Path:
    path = folder / "out.json"
    path.mkdir()
    return path


def _device(folder: Path) -> Path:
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    path = folder / "null.json"
    os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 3))  # /dev/null's numbers, at a tmp path
    return path


MAKERS = {"fifo": (_fifo, "is a FIFO"), "symlink": (_symlink, "is a symbolic link (to real.json)"),
          "dangling symlink": (_dangling, "is a symbolic link (to missing.json)"), "folder": (_folder, "is a folder"),
          "device": (_device, "is a character device")}


def _one_error_line(result, says):
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and lines[0].startswith("error: ") and says in lines[0], result.output


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_score_refuses_an_output_that_is_not_a_regular_file_and_leaves_it_as_it_was(tmp_path, results, kind):
    make, says = MAKERS[kind]
    target = make(tmp_path)
    before = _identity(target)
    result = CliRunner().invoke(app, ["score", str(results), "--env", ENV, "-o", str(target), "-w", "1"])
    _one_error_line(result, f"-o {target}: {says}")
    assert _identity(target) == before and _working_files(tmp_path) == []


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_compare_refuses_such_a_report_path(tmp_path, results, kind):
    make, says = MAKERS[kind]
    target = make(tmp_path)
    before = _identity(target)
    result = CliRunner().invoke(app, ["compare", str(results), "--report", str(target)])
    _one_error_line(result, f"--report {target}: {says}")
    assert _identity(target) == before and _working_files(tmp_path) == []


@pytest.mark.parametrize("kind", ["fifo", "symlink", "device"])
def test_run_refuses_such_a_resume_file_and_a_log_dir_that_is_a_file(tmp_path, kind):
    make, says = MAKERS[kind]
    target = make(tmp_path)
    before = _identity(target)
    base = ["run", "--env", ENV, "--agent-strategy", "ground-truth", "--user-strategy", "scripted"]
    _one_error_line(CliRunner().invoke(app, [*base, "--resume", str(target)]), f"--resume {target}: {says}")
    assert _identity(target) == before
    plain = tmp_path / "plain.txt"
    plain.write_text("keep")
    _one_error_line(CliRunner().invoke(app, [*base, "--log-dir", str(plain)]), "is a regular file, not a folder")
    assert plain.read_text() == "keep"


def test_the_library_writers_refuse_too(tmp_path):
    fifo = _fifo(tmp_path)
    for write in (lambda: RecordsOut(fifo), lambda: write_text_file(fifo, "x"), lambda: check_output(fifo)):
        with pytest.raises(OutputPathError):
            write()
    with pytest.raises(ResultsFileError, match="is a FIFO"):
        ResultsWriter(fifo).open()
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and _working_files(tmp_path) == []


def test_a_target_made_a_fifo_while_scoring_is_not_replaced_and_no_partial_is_left(tmp_path):
    target = tmp_path / "out.json"
    out = RecordsOut(target)
    out.write(b'{"task_id": 0}')
    os.mkfifo(target)  # someone put a FIFO there meanwhile
    with pytest.raises(OutputPathError):
        out.commit()
    assert stat.S_ISFIFO(os.lstat(target).st_mode) and _working_files(tmp_path) == []


def test_reading_a_fifo_a_link_loop_or_a_folder_as_results_says_what_it_is(tmp_path):
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    assert "symbolic link loop" in unreadable(tmp_path / "a")
    with pytest.raises(ResultsFileError, match="is a FIFO"):  # never blocks on the pipe
        read_results(_fifo(tmp_path))
    result = CliRunner().invoke(app, ["score", str(tmp_path / "a"), "--env", ENV])
    _one_error_line(result, "symbolic link loop")
    empty = tmp_path / "empty"
    empty.mkdir()
    pytest.importorskip("tau2", reason="needs the tau2 extra")
    _one_error_line(CliRunner().invoke(app, ["score", str(empty), "--env", "tau2:airline"]), "an empty folder")


FULL_DISK = textwrap.dedent("""
    import json, os, subprocess, sys
    disk, source = sys.argv[1], sys.argv[2]
    outcome = {}
    for workers in ("1", "2"):
        done = subprocess.run([sys.executable, "-m", "tau_shaped.cli", "score", source, "--env", "tests.mini_domain:DOMAIN",
                               "-o", os.path.join(disk, "out.json"), "-w", workers], capture_output=True, text=True)
        outcome[workers] = [done.returncode, done.stderr.strip().splitlines(), sorted(os.listdir(disk))]
    from tau_shaped.evaluation.output_path import write_text_file
    try:
        write_text_file(os.path.join(disk, "report.html"), "x" * 200_000)
        outcome["report"] = "written"
    except OSError as exc:
        outcome["report"] = [exc.strerror, sorted(os.listdir(disk))]
    print(json.dumps(outcome))
""")


def test_a_full_disk_leaves_no_partial_file(tmp_path, results):
    """On a 64 KiB tmpfs in a private mount namespace (root and ``unshare -m``; else skipped)."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("a small tmpfs needs root and unshare -m")
    lines = results.read_text().splitlines()
    big = tmp_path / "big.jsonl"  # the five records, 20 times over (trials 0-19): its output is over 64 KiB
    big.write_text("".join(json.dumps({**json.loads(line), "trial": t}) + "\n" for t in range(20) for line in lines))
    disk = tmp_path / "disk"
    disk.mkdir()
    script = tmp_path / "full_disk.py"
    script.write_text(FULL_DISK)
    shell = f"mount -t tmpfs -o size=64k tmpfs {disk} && exec {sys.executable} {script} {disk} {big}"
    done = subprocess.run(["unshare", "-m", "sh", "-c", shell], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)
    if done.returncode != 0 and "mount" in done.stderr:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    outcome = json.loads(done.stdout)
    for workers in ("1", "2"):
        code, errors, left = outcome[workers]
        assert code == 2 and len(errors) == 1 and "No space left on device" in errors[0], (workers, errors)
        assert left == [], f"-w {workers} left {left}"
    assert outcome["report"] == ["No space left on device", []]


def test_to_jsonl_never_follows_a_dangling_link_nor_writes_into_a_fifo(tmp_path, results):
    for make in (_dangling, _fifo):
        target = make(tmp_path)
        before = _identity(target)
        result = CliRunner().invoke(app, ["results", "to-jsonl", str(results), str(target)])
        assert result.exit_code != 0 and "Traceback" not in result.output
        assert _identity(target) == before and not (tmp_path / "missing.json").exists()
    assert _working_files(tmp_path) == []


def test_streaming_a_fifo_or_a_link_loop_is_one_line_never_a_wait(tmp_path):
    from tau_shaped.evaluation.results_stream import iter_results

    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    with pytest.raises(ResultsFileError, match="is a FIFO"):
        list(iter_results(_fifo(tmp_path)))  # opening it would wait for a writer
    with pytest.raises(ResultsFileError, match="symbolic link loop"):
        list(iter_results(tmp_path / "a"))
