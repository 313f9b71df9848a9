"""`vpcharts build --scheduler ADDRESS`: the pay tables' work on a Dask cluster gives the site
the local process pool gives, byte for byte; and the ways it can fail are one line each."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "site-content"


def files_of(folder: Path) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def build(content: Path, out: Path, cache: Path, *extra: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, VPCHARTS_CACHE=str(cache))
    return subprocess.run([sys.executable, "-m", "generator", "build", "--content", str(content),
                           "--out", str(out), *extra], env=env, capture_output=True, text=True)


@pytest.fixture(scope="module")
def two_tables(tmp_path_factory) -> Path:
    """A content folder of two pay tables of different decks (a natural game and Deuces Wild)."""
    content = tmp_path_factory.mktemp("cluster") / "content"
    (content / "paytables").mkdir(parents=True)
    (content / "pages").mkdir()
    for slug in ("9-6-jacks-or-better", "full-pay-deuces-wild"):
        text = (ROOT / "content" / "paytables" / f"{slug}.toml").read_text()
        (content / "paytables" / f"{slug}.toml").write_text(text)
    return content


@pytest.mark.slow  # (a Dask cluster of two workers builds a site)
def test_a_dask_cluster_of_two_workers_builds_the_same_site(two_tables, tmp_path, monkeypatch):
    distributed = pytest.importorskip("distributed")
    from generator.core import store

    # The local build reads the test run's cache, where other tests and the sample site's build
    # have put these two exports (or computes them there): exports computed on this machine's
    # pool or in a test, never by the cluster's workers.
    shared = store.cache_dir()
    # The workers get a cache folder of their own, as on other machines: what they computed
    # reaches the site only through what the jobs hand back.
    monkeypatch.setenv("VPCHARTS_CACHE", str(tmp_path / "workers-cache"))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        assert len(cluster.workers) == 2
        on_cluster = build(two_tables, tmp_path / "cluster-site", tmp_path / "cluster-cache",
                           "--scheduler", cluster.scheduler_address)
    assert on_cluster.returncode == 0, on_cluster.stderr
    assert "on the Dask cluster at tcp://" in on_cluster.stdout
    assert "(0 exports and " in on_cluster.stdout  # every export was computed by a job
    # Each job's entries are in the build's own cache, and the workers' cache holds them too.
    assert sorted(p.name for p in (tmp_path / "cluster-cache").glob("export-*.json")) == sorted(
        p.name for p in (tmp_path / "workers-cache").glob("export-*.json"))
    local = build(two_tables, tmp_path / "local-site", shared)
    assert local.returncode == 0, local.stderr
    assert files_of(tmp_path / "cluster-site") == files_of(tmp_path / "local-site")


def test_no_scheduler_at_the_address_is_one_line(capsys, tmp_path, cache_folder, monkeypatch):
    pytest.importorskip("distributed")
    from generator.build import workers

    monkeypatch.setattr(workers, "CONNECT_SECONDS", 2)
    code = main(["build", "--content", str(FIXTURE), "--out", str(tmp_path / "site"),
                 "--scheduler", "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1
    assert "tcp://127.0.0.1:9: no Dask scheduler answers there" in err
    assert not (tmp_path / "site").exists()


def test_scheduler_without_the_cache_is_refused(capsys, tmp_path):
    code = main(["build", "--content", str(FIXTURE), "--out", str(tmp_path / "site"),
                 "--scheduler", "tcp://127.0.0.1:9", "--no-cache"])
    err = capsys.readouterr().err
    assert code == 2 and err == ("vpcharts: error: --scheduler needs the cache, where the "
                                 "workers' results come back: drop --no-cache\n")


@pytest.mark.slow  # (a Dask cluster of two workers builds a site)
def test_the_price_jobs_on_a_dask_cluster_give_the_local_site(tmp_path, monkeypatch):
    """A game of two pay tables whose exports are in the build's cache: the prices are the
    only jobs (prices.py, a job a game), computed by a worker with a cache of its own that holds
    neither solution, and handed back; the site equals a local build's."""
    distributed = pytest.importorskip("distributed")
    from generator.export import cache as export
    from generator.solve.paytable import load_paytable

    content = tmp_path / "content"
    (content / "paytables").mkdir(parents=True)
    (content / "pages").mkdir()
    caches = [tmp_path / "cluster-cache", tmp_path / "local-cache"]
    for slug in ("9-6-jacks-or-better", "8-5-jacks-or-better"):
        table = load_paytable(ROOT / "content" / "paytables" / f"{slug}.toml")
        entry = export.cache_entry(table, export.export(table)[0])  # (the shared cache's)
        (content / "paytables" / f"{slug}.toml").write_bytes(Path(table.source).read_bytes())
        for cache in caches:
            path = cache / entry[0].name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(entry[1])
    monkeypatch.setenv("VPCHARTS_CACHE", str(tmp_path / "workers-cache"))
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        on_cluster = build(content, tmp_path / "cluster-site", caches[0],
                           "--scheduler", cluster.scheduler_address)
    assert on_cluster.returncode == 0, on_cluster.stderr
    assert "Pricing each game's cards on its other pay tables: 1 game" in on_cluster.stdout
    assert "(2 exports and " in on_cluster.stdout
    assert len(list((tmp_path / "workers-cache" / "prices").glob("prices-*.json"))) == 2
    assert sorted(p.name for p in (caches[0] / "prices").glob("prices-*.json")) == sorted(
        p.name for p in (tmp_path / "workers-cache" / "prices").glob("prices-*.json"))
    local = build(content, tmp_path / "local-site", caches[1])
    assert local.returncode == 0, local.stderr
    assert files_of(tmp_path / "cluster-site") == files_of(tmp_path / "local-site")
