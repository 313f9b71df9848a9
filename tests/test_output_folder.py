"""A build replaces only what it wrote: each way an output path can be refused, table-driven.

Every case sets up a folder tree under tmp_path (the user's files), runs the CLI, and checks the
exit status, the one line on stderr, and that every file of the tree is still there byte for byte
(and nothing was added: no site, no temporary folder). The dangerous targets (the repository,
the home folder, `/`) run with the swap replaced by a tripwire, so that a check that failed to
refuse stops the build before anything is replaced, and the test fails without damage.

Builds use the fixture content (one pay table, its export and card cached after the first).
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main
from generator.build import orchestrate as site_build
from generator.build.output import MARKER, MARKER_TEXT

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "site-content"


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under `folder`: a file's bytes, a link's target, a folder as 'folder'."""
    out = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.is_symlink():
            out[name] = "-> " + os.readlink(path)
        elif path.is_dir():
            out[name] = "folder"
        else:
            out[name] = path.read_bytes()
    return out


def user_files(folder: Path) -> Path:
    """A folder of the user's: a notes file and a sub-folder with a file."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "notes.txt").write_text("my notes\n")
    (folder / "photos").mkdir()
    (folder / "photos" / "machine.txt").write_bytes(b"\x00\x01 a picture\n")
    return folder


def content_copy(folder: Path) -> Path:
    import shutil

    shutil.copytree(FIXTURE, folder)
    return folder


@pytest.fixture
def tripwire(monkeypatch):
    """The swap raises instead of replacing anything: a refusal that fails cannot do harm."""
    def swap(tmp, out_dir):
        raise AssertionError(f"the build got as far as replacing {out_dir}")
    monkeypatch.setattr(site_build, "swap", swap)


def run(capsys, *args) -> tuple[int, str, str]:
    code = main(list(map(str, args)))
    out, err = capsys.readouterr()
    return code, out, err


# Each case: (setup(tmp) -> (content folder, out path, extra args), the words the line must hold).
# tmp holds everything the case made; all of it must be intact afterwards.

def _user_folder(tmp):
    return FIXTURE, user_files(tmp / "mine"), []


def _user_folder_that_shares_a_leftover_name(tmp):
    return FIXTURE, user_files(tmp / "site.tmp-mine"), []


def _content_is_out(tmp):
    content = content_copy(tmp / "content")
    return content, content, ["--force"]


def _out_inside_content(tmp):
    content = content_copy(tmp / "content")
    return content, content / "site", ["--force"]


def _out_holds_content(tmp):
    content = content_copy(tmp / "work" / "content")
    return content, tmp / "work", ["--force"]


def _out_is_a_file(tmp):
    (tmp / "site").write_text("a file of mine\n")
    return FIXTURE, tmp / "site", ["--force"]


def _link_to_content(tmp):
    content = content_copy(tmp / "content")
    (tmp / "site").symlink_to(content)
    return content, tmp / "site", ["--force"]


def _link_to_a_file(tmp):
    (tmp / "notes.txt").write_text("a file of mine\n")
    (tmp / "site").symlink_to(tmp / "notes.txt")
    return FIXTURE, tmp / "site", ["--force"]


def _link_to_user_folder(tmp):
    user_files(tmp / "mine")
    (tmp / "site").symlink_to(tmp / "mine")
    return FIXTURE, tmp / "site", []


def _git_checkout(tmp):
    folder = user_files(tmp / "checkout")
    (folder / ".git").mkdir()
    (folder / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    return FIXTURE, folder, ["--force"]


def _out_holds_the_current_folder(tmp):
    user_files(tmp / "work" / "here")
    os.chdir(tmp / "work" / "here")
    return FIXTURE, tmp / "work", ["--force"]


def _out_is_the_current_folder(tmp):
    user_files(tmp / "here")
    os.chdir(tmp / "here")
    return FIXTURE, Path("."), ["--force"]


def _lock_name_taken(tmp):
    (tmp / "site.lock").write_text("my lock notes: not a build's\n")
    return FIXTURE, tmp / "site", []


CASES = {
    "a folder of the user's": (
        _user_folder, 2, ["holds files that vpcharts did not write (no .vpcharts-site in it)",
                          "choose another output folder with --out, empty this one, or "
                          "replace it with --force"]),
    "a user's folder named like a leftover": (
        _user_folder_that_shares_a_leftover_name, 2, ["holds files that vpcharts did not write"]),
    "the content folder, even with --force": (
        _content_is_out, 2, ["is the content folder: refused whatever the flags"]),
    "inside the content folder": (
        _out_inside_content, 2, ["lies inside the content folder"]),
    "around the content folder": (
        _out_holds_content, 2, ["holds the content folder"]),
    "a file, not a folder": (
        _out_is_a_file, 2, ["is a file, not a folder: refused whatever the flags"]),
    "a link to the content folder": (
        _link_to_content, 2, ["(a link to ", "is the content folder"]),
    "a link to a file": (
        _link_to_a_file, 2, ["(a link to ", "is a file, not a folder"]),
    "a link to a folder of the user's": (
        _link_to_user_folder, 2, ["(a link to ", "holds files that vpcharts did not write"]),
    "a git checkout, even with --force": (
        _git_checkout, 2, ["is a git repository (it holds .git)"]),
    "around the current folder": (
        _out_holds_the_current_folder, 2, ["holds the current folder"]),
    "the current folder": (
        _out_is_the_current_folder, 2, ["is the current folder"]),
    "a lock file name the user took": (
        _lock_name_taken, 2, ["site.lock: not a vpcharts build lock", "move it away"]),
}


@pytest.mark.parametrize("case", CASES)
def test_refused_output_paths_touch_nothing(case, tmp_path, capsys, monkeypatch, tripwire):
    setup, status, words = CASES[case]
    monkeypatch.chdir(tmp_path)
    content, out, extra = setup(tmp_path)
    before = snapshot(tmp_path)
    code, printed, err = run(capsys, "--content", content, "build", "--out", out, *extra)
    assert code == status, err
    assert err.count("\n") == 1 and err.startswith("vpcharts: error: ") and "Traceback" not in err
    for needle in words:
        assert needle in err
    assert snapshot(tmp_path) == before  # the user's files, byte for byte, and nothing added


@pytest.mark.parametrize("target, words", [
    ("repository", "is the vpcharts repository"),
    # (a checkout in /tmp has the test's own folders beside it: then the current folder is named)
    ("around the repository", "holds the "),
    ("home", "is your home folder"),
    ("around home", "holds your home folder"),
    ("root", "is the root of the file system"),
])
def test_the_repository_home_and_root_are_never_replaced(target, words, tmp_path, capsys,
                                                         monkeypatch, tripwire):
    home = user_files(tmp_path / "home" / "me")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(user_files(tmp_path / "elsewhere"))
    out = {"repository": ROOT, "around the repository": ROOT.parent, "home": home,
           "around home": home.parent, "root": Path("/")}[target]
    before = snapshot(tmp_path)
    code, _, err = run(capsys, "--content", FIXTURE, "build", "--out", out, "--force")
    assert code == 2 and err.count("\n") == 1
    assert words in err and "refused whatever the flags" in err
    assert snapshot(tmp_path) == before
    assert (ROOT / ".git").exists() and (ROOT / "generator" / "cli.py").is_file()


@pytest.mark.parametrize("how", ["missing", "empty", "a site it wrote", "forced"])
def test_allowed_output_paths_get_the_site(how, tmp_path, capsys):
    out = tmp_path / "site"
    if how == "empty":
        out.mkdir()
    elif how == "a site it wrote":
        assert run(capsys, "--content", FIXTURE, "build", "--out", out)[0] == 0
        (out / "stale.html").write_text("from an older build\n")
    elif how == "forced":
        user_files(out)
    code, printed, err = run(capsys, "--content", FIXTURE, "build", "--out", out,
                             *(["--force"] if how == "forced" else []))
    assert code == 0, err
    assert (out / MARKER).read_text() == MARKER_TEXT and (out / "index.html").is_file()
    assert not (out / "stale.html").exists() and not (out / "notes.txt").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no lock or temporary left


def test_a_link_to_a_site_is_followed_and_kept(tmp_path, capsys):
    real = tmp_path / "real-site"
    assert run(capsys, "--content", FIXTURE, "build", "--out", real)[0] == 0
    (tmp_path / "site").symlink_to(real)
    code, printed, _ = run(capsys, "--content", FIXTURE, "build", "--out", tmp_path / "site")
    assert code == 0 and f"Built {real}/" in printed
    assert (tmp_path / "site").is_symlink() and (real / MARKER).is_file()


def test_a_folder_changed_during_the_build_is_not_replaced(tmp_path, capsys, monkeypatch):
    """Checked again before the swap: a site that lost its marker meanwhile stays as it is."""
    out = tmp_path / "site"
    assert run(capsys, "--content", FIXTURE, "build", "--out", out)[0] == 0
    check_links = site_build.check_links

    def user_moves_in(folder, use_cache):
        check_links(folder, use_cache)
        (out / MARKER).unlink()
        (out / "notes.txt").write_text("mine now\n")
    monkeypatch.setattr(site_build, "check_links", user_moves_in)
    code, _, err = run(capsys, "--content", FIXTURE, "build", "--out", out)
    assert code == 2 and "holds files that vpcharts did not write" in err
    assert (out / "notes.txt").read_text() == "mine now\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # its temporary folder gone


def test_only_marked_leftovers_are_cleaned(tmp_path, capsys):
    out = tmp_path / "site"
    killed = tmp_path / "site.tmp-abc123"
    killed.mkdir()
    (killed / MARKER).write_text(MARKER_TEXT)
    (killed / "index.html").write_text("half a site")
    mine = user_files(tmp_path / "site.old-mine")
    fake = user_files(tmp_path / "site.tmp-fake")
    (fake / MARKER).write_text("not the marker's text\n")
    kept = snapshot(tmp_path)
    code, printed, _ = run(capsys, "--content", FIXTURE, "build", "--out", out)
    assert code == 0 and f"Removed {killed}, left by a build that was killed" in printed
    assert not killed.exists()
    now = snapshot(tmp_path)
    for name in kept:
        if name.startswith(("site.old-mine", "site.tmp-fake")):
            assert now[name] == kept[name]
    assert mine.is_dir() and fake.is_dir()


@pytest.mark.parametrize("setup, words", [
    (lambda tmp: user_files(tmp / "mine"), "not a site vpcharts built (no .vpcharts-site in it)"),
    (lambda tmp: tmp / "missing", "no such folder; build the site first"),
])
def test_serve_serves_only_a_site_it_wrote(setup, words, tmp_path):
    folder = setup(tmp_path)
    if folder.is_dir():
        (folder / "index.html").write_text("<p>my page</p>\n")
    result = subprocess.run(
        [sys.executable, "-m", "generator", "serve", "--out", str(folder), "--port", "0"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
        env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert words in result.stderr and result.stdout == ""


def test_counts_are_said_in_the_singular_for_one(tmp_path, capsys):
    code, printed, _ = run(capsys, "--content", FIXTURE, "build", "--out", tmp_path / "site")
    assert code == 0
    summary = printed.strip().splitlines()[-1]
    assert re.search(r": 1 pay table, 4 pages, 1 pocket card in [\d.]+ s \((0|1) exports? "
                     r"and (0|1) cards? from the cache\)", summary), summary
    assert not re.search(r"\b1 (pay tables|pocket cards|exports|cards|lines)\b", printed)
