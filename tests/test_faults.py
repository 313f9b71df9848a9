"""Failures of the machine and of the build itself: kills at named points of a build (the
previous site stays whole, the next build succeeds and removes what the killed one left), workers
that die with the build, the build lock, full disks and caches, Ctrl-C and SIGTERM, and the CLI's
one-line errors for the environment (exit 1).

Builds here use the fixture content (one pay table) and, except where a cold build is the point,
the export and card already in the cache, so each takes seconds.
"""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from generator.cli import main
from generator.build import build_site
from generator.build.lock import build_lock
from generator.build.output import MARKER, MARKER_TEXT
from generator.build.swap import clean_leftovers

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "site-content"


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


@pytest.fixture(scope="session")
def fresh(tmp_path_factory):
    """The files of a good build of the fixture (and a warm export and card cache)."""
    out = tmp_path_factory.mktemp("fresh") / "site"
    build_site(FIXTURE, out, progress=lambda text: None)
    return files(out)


@pytest.fixture
def old_site(fresh, tmp_path):
    """A previous site in tmp_path/site that differs from what a build makes (one more file)."""
    out = tmp_path / "site"
    out.mkdir()
    for name, data in fresh.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(data)
    (out / "previous.txt").write_text("the previous site\n")
    return out, files(out)


def cli(*args, env=None, **kwargs):
    environment = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.Popen([sys.executable, "-m", "generator", *map(str, args)], cwd=ROOT,
                            env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, **kwargs)


def tagged(tag: str) -> list[int]:
    """Live processes whose environment carries VPCHARTS_TEST_TAG=tag (a build and its children:
    workers, multiprocessing's resource tracker)."""
    marker = f"VPCHARTS_TEST_TAG={tag}".encode()
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                environ = Path(f"/proc/{name}/environ").read_bytes()
            except OSError:
                continue
            if marker in environ.split(b"\0"):
                found.append(int(name))
    return found


def survivors_after(tag: str, seconds: float = 2.0) -> list[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not tagged(tag):
            return []
        time.sleep(0.05)
    return tagged(tag)


def wait_for_line(process, text: str, timeout: float = 120) -> list[str]:
    seen = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        seen.append(line)
        if text in line:
            return seen
    raise AssertionError(f"no {text!r} in {seen}")


def leftovers(out: Path) -> list[str]:
    """Folders and files a build left next to the site, but for the lock file a killed build
    leaves (harmless: the kernel released the lock; the next build removes the file)."""
    return sorted(p.name for p in out.parent.iterdir()
                  if p.name.startswith(out.name + ".") and p.name != out.name + ".lock")


def assert_next_build_succeeds(out: Path, fresh):
    code = main(["--content", str(FIXTURE), "build", "--out", str(out)])
    assert code == 0
    assert files(out) == fresh and leftovers(out) == []
    assert not (out.parent / "site.lock").exists()


# -- kills at named points -------------------------------------------------------------------

@pytest.mark.parametrize("point, published", [
    ("page-render", "old"),      # pages being written into the temporary folder
    ("before-swap", "old"),      # the new site complete, not yet in place
    ("after-swap", "new"),       # the new site in place, the old not yet deleted
])
def test_kill_at_a_point_of_the_build_leaves_a_whole_site(old_site, fresh, point, published):
    out, before = old_site
    process = cli("--content", FIXTURE, "build", "--out", out, env={"VPCHARTS_FAULT": point})
    process.communicate(timeout=300)
    assert process.returncode == -signal.SIGKILL
    assert files(out) == (before if published == "old" else fresh)
    assert leftovers(out)  # the killed build's temporary folder is still there ...
    assert_next_build_succeeds(out, fresh)  # ... until the next build removes it


def test_kill_between_the_fallback_swaps_renames_is_repaired_by_the_next_build(old_site, fresh):
    """Without renameat2 the swap is two renames; killed between them, the old site waits under
    site.old-*, and the next build puts it back before anything else."""
    out, before = old_site
    process = cli("--content", FIXTURE, "build", "--out", out,
                  env={"VPCHARTS_FAULT": "between-renames", "VPCHARTS_SWAP": "rename"})
    process.communicate(timeout=300)
    assert process.returncode == -signal.SIGKILL
    assert not out.exists()
    parked = [out.parent / name for name in leftovers(out) if ".old-" in name]
    assert len(parked) == 1 and files(parked[0]) == before
    clean_leftovers(out)
    assert files(out) == before and leftovers(out) == []
    assert_next_build_succeeds(out, fresh)


def test_fallback_swap_publishes_the_same_site(old_site, fresh, monkeypatch):
    out, _ = old_site
    monkeypatch.setenv("VPCHARTS_SWAP", "rename")
    assert_next_build_succeeds(out, fresh)


def test_kill_9_during_solving_leaves_no_worker_and_the_old_site(old_site, fresh, tmp_path):
    out, before = old_site
    tag = uuid.uuid4().hex
    process = cli("--content", FIXTURE, "build", "--out", out,
                  env={"VPCHARTS_FAULT": "solving", "VPCHARTS_TEST_TAG": tag,
                       "VPCHARTS_CACHE": str(tmp_path / "cold-cache")})
    process.communicate(timeout=300)
    assert process.returncode == -signal.SIGKILL
    assert survivors_after(tag) == []
    assert files(out) == before
    assert_next_build_succeeds(out, fresh)


@pytest.mark.parametrize("how, status, line", [
    ("SIGTERM", 143, "vpcharts: error: terminated\n"),
    ("Ctrl-C", 130, "vpcharts: error: interrupted\n"),
])
def test_signal_during_solving_one_line_no_worker_no_leftover(old_site, tmp_path, how, status,
                                                                line):
    out, before = old_site
    tag = uuid.uuid4().hex
    # From a terminal a build starts with Ctrl-C at its default. A suite started in the
    # background by a shell without job control ignores SIGINT, and a child would inherit
    # that (an ignored signal stays ignored across exec; a caught one is reset to default).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        process = cli("--content", FIXTURE, "build", "--out", out, start_new_session=True,
                      env={"VPCHARTS_TEST_TAG": tag, "VPCHARTS_CACHE": str(tmp_path / "cold")})
    finally:
        signal.signal(signal.SIGINT, previous)
    try:
        wait_for_line(process, "Solving, deriving and verifying the pay tables not in the cache: 1")
        time.sleep(0.5)  # the worker is starting or solving
        assert len(tagged(tag)) >= 2  # the build and at least its worker
        if how == "SIGTERM":
            process.send_signal(signal.SIGTERM)
        else:  # a terminal sends Ctrl-C to the whole process group
            os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == status
    assert err == line
    assert survivors_after(tag) == []
    assert files(out) == before and leftovers(out) == []


# -- the lock and leftovers ------------------------------------------------------------------

def test_a_second_build_into_the_same_folder_is_refused_with_one_line(old_site, capsys):
    out, before = old_site
    with build_lock(out):
        code = main(["--content", str(FIXTURE), "build", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1
    assert f"{out.parent / 'site.lock'}: another build into {out}/ is running (pid {os.getpid()})" \
        in err
    assert files(out) == before and leftovers(out) == []


def test_leftovers_of_killed_builds_are_removed_and_reported(old_site, fresh, capsys):
    out, _ = old_site
    for name in ("site.tmp-abc123", "site.old-def456"):
        (out.parent / name / "static").mkdir(parents=True)
        (out.parent / name / "index.html").write_text("half a site")
        (out.parent / name / MARKER).write_text(MARKER_TEXT)  # as a build marks its folders
    (out.parent / "site.tmp-not-a-folder").write_text("a file is not ours to remove")
    code = main(["--content", str(FIXTURE), "build", "--out", str(out)])
    printed = capsys.readouterr().out
    assert code == 0 and files(out) == fresh
    assert f"Removed {out.parent / 'site.old-def456'}, left by a build that was killed" in printed
    assert leftovers(out) == ["site.tmp-not-a-folder"]


# -- the environment: one line, exit 1 --------------------------------------------------------

def test_full_disk_while_writing_the_site(old_site, monkeypatch, capsys):
    out, before = old_site
    monkeypatch.setenv("VPCHARTS_FAULT", "output-write")
    code = main(["--content", str(FIXTURE), "build", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and "Traceback" not in err
    assert f"{out.parent}/site.tmp-" in err and ": No space left on device" in err
    assert files(out) == before and leftovers(out) == []


def test_output_folder_that_cannot_be_made(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    code = main(["--content", str(FIXTURE), "build", "--out", str(blocker / "site")])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1
    assert f"error: {blocker}: File exists" in err


@pytest.fixture
def mounted(tmp_path):
    """mounted(options) -> a fresh tmpfs folder (root only; skipped where mount is refused): a
    real read-only folder or a real full disk, not a simulated one."""
    mounts = []

    def mount(options: str) -> Path:
        folder = tmp_path / f"mount{len(mounts)}"
        folder.mkdir()
        result = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)],
                                capture_output=True)
        if result.returncode != 0:
            pytest.skip("cannot mount a tmpfs here: " + result.stderr.decode().strip())
        mounts.append(folder)
        return folder
    yield mount
    for folder in mounts:
        subprocess.run(["umount", str(folder)], check=True)


def test_read_only_output_folder(mounted, capsys):
    folder = mounted("ro,size=64k")
    code = main(["--content", str(FIXTURE), "build", "--out", str(folder / "site")])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1
    assert f"error: {folder}/site.lock: Read-only file system" in err


def test_a_really_full_disk_keeps_the_old_site(mounted, capsys):
    folder = mounted("size=64k")
    out = folder / "site"
    out.mkdir()
    (out / "index.html").write_text("the previous site")
    (out / MARKER).write_text(MARKER_TEXT)
    code = main(["--content", str(FIXTURE), "build", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and ": No space left on device" in err
    assert f"{folder}/site.tmp-" in err
    assert files(out) == {"index.html": b"the previous site", MARKER: MARKER_TEXT.encode()}
    assert leftovers(out) == []


def test_a_really_full_cache_warns_and_solve_goes_on(mounted, monkeypatch, capsys):
    import generator.core.store as store

    cache = mounted("size=64k")
    monkeypatch.setenv("VPCHARTS_CACHE", str(cache))
    monkeypatch.setattr(store, "_warned", False)
    code = main(["--content", str(ROOT / "content"), "solve", "9-6-jacks-or-better"])
    out, err = capsys.readouterr()
    assert code == 0 and "99.543904%" in out
    assert err.startswith(f"vpcharts: warning: cache not written ({cache}/")
    assert err.endswith(": No space left on device); going on without it\n")
    assert [p.name for p in cache.iterdir()] == []  # no half-written entry either


@pytest.mark.parametrize("cache", ["a file, not a folder", "full"])
def test_a_cache_that_cannot_be_written_warns_and_the_command_goes_on(tmp_path, monkeypatch,
                                                                         capsys, cache):
    if cache == "full":
        monkeypatch.setenv("VPCHARTS_CACHE", str(tmp_path / "cache"))
        monkeypatch.setenv("VPCHARTS_FAULT", "cache-write")
    else:
        (tmp_path / "cache").write_text("")
        monkeypatch.setenv("VPCHARTS_CACHE", str(tmp_path / "cache"))
    import generator.core.store as store
    monkeypatch.setattr(store, "_warned", False)
    code = main(["--content", str(ROOT / "content"), "solve", "9-6-jacks-or-better"])
    out, err = capsys.readouterr()
    assert code == 0 and "99.543904%" in out
    assert err.count("\n") == 1 and err.startswith("vpcharts: warning: cache not written (")
    assert str(tmp_path / "cache") in err


def test_serve_on_a_port_in_use_or_out_of_range(tmp_path, capsys):
    (tmp_path / "index.html").write_text("x")
    (tmp_path / MARKER).write_text(MARKER_TEXT)  # a site vpcharts wrote (the only kind served)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["serve", "--out", str(tmp_path), "--port", str(port)])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1
    assert f"127.0.0.1:{port}: Address already in use" in err
    with pytest.raises(SystemExit) as exit_info:
        main(["serve", "--out", str(tmp_path), "--port", "99999"])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and err.count("\n") == 1
    assert "--port: '99999': expected a port number from 0 to 65535" in err


def test_an_unexpected_error_is_one_line_unless_debug(monkeypatch, capsys):
    import generator.cli as cli_module

    def broken(args):
        raise ZeroDivisionError("a bug")
    monkeypatch.setattr(cli_module, "cmd_solve", broken)
    assert main(["solve", "x"]) == 1
    assert capsys.readouterr().err == ("vpcharts: error: internal error: ZeroDivisionError: a bug "
                                       "(run again with --debug for the traceback)\n")
    with pytest.raises(ZeroDivisionError):
        main(["solve", "x", "--debug"])


# -- the command line ------------------------------------------------------------------------

def test_content_after_the_command_and_where_it_looked(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["solve", "9-6-jacks-or-better"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(tmp_path / "content" / "paytables") in err
    assert "give --content DIR" in err
    assert main(["solve", "9-6-jacks-or-better", "--content", str(ROOT / "content")]) == 0
    assert "99.543904%" in capsys.readouterr().out


def test_an_unquoted_hand_is_the_same_hand(capsys):
    base = ["--content", str(ROOT / "content"), "analyze", "9-6-jacks-or-better"]
    assert main(base + ["As Ks Qs Js 9d"]) == 0
    quoted = capsys.readouterr().out
    assert main(base + ["As", "Ks", "Qs", "Js", "9d"]) == 0
    assert capsys.readouterr().out == quoted and "As Ks Qs Js 9d" in quoted


def test_a_lower_hand_paid_more_is_accepted_with_one_warning(tmp_path, capsys):
    from tests.test_bad_input import GOOD, pays

    path = tmp_path / "odd.toml"
    path.write_text(pays(GOOD, "flush", "10"))
    assert main(["solve", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == (f"vpcharts: warning: {path}: pays.flush = 10 is more than pays.full_house = 9, "
                   "a higher hand: accepted as written\n")
    assert "Return" in out


def test_a_pay_meant_above_a_higher_hand_is_not_warned_about_and_only_that_one(tmp_path, capsys):
    from tests.test_bad_input import GOOD, pays

    path = tmp_path / "odd.toml"
    meant = 'pays_more_than_higher = ["flush"]\n'
    path.write_text(meant + pays(GOOD, "flush", "10"))
    assert main(["solve", str(path)]) == 0
    assert capsys.readouterr().err == ""
    # A second lower hand paid more still warns: the field names one pay, not the whole table.
    path.write_text(meant + pays(pays(GOOD, "flush", "10"), "three_of_a_kind", "7"))
    assert main(["solve", str(path)]) == 0
    assert capsys.readouterr().err == (f"vpcharts: warning: {path}: pays.three_of_a_kind = 7 is "
                                       "more than pays.straight = 4, a higher hand: accepted as "
                                       "written\n")


@pytest.mark.parametrize("value, shown", [('["straight"]', "'straight'"), ('"flush"', "'flush'"),
                                          ("[]", "[]")])
def test_a_pay_said_to_be_meant_above_a_higher_hand_must_be_one(tmp_path, capsys, value, shown):
    from tests.test_bad_input import GOOD, pays

    path = tmp_path / "odd.toml"
    path.write_text(f"pays_more_than_higher = {value}\n" + pays(GOOD, "flush", "10"))
    assert main(["solve", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and "pays_more_than_higher" in err
    assert shown in err and "on purpose: flush" in err


def test_no_shipped_pay_table_warns():
    from generator.solve.paytable import load_paytables

    tables = load_paytables(ROOT / "content" / "paytables")
    assert len(tables) >= 23 and [t.slug for t in tables if t.warnings] == []
