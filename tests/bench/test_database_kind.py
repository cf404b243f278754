"""The JSON line names the database the servers really used (`--services` may be given SQLite)."""

from bench.run import database_kind


def test_the_line_names_sqlite_when_the_services_run_on_sqlite():
    assert database_kind("sqlite:////tmp/twin.sqlite3") == "sqlite"


def test_the_line_names_postgresql_for_its_urls():
    assert database_kind("postgres://postgres@127.0.0.1:5440/jag") == "postgresql"
    assert database_kind("postgresql://u@db/jag") == "postgresql"


def test_the_line_names_any_other_database_by_its_backend():
    assert database_kind("mysql://u@db/jag") == "mysql"
