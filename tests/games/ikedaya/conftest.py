"""Registers the ``rules`` marker (each rule test names the clause it checks) for these tests."""


def pytest_configure(config):
    config.addinivalue_line("markers", "rules(clause_id): the rule clause of shared/rules/<game>.md a test checks")
