"""Registers the ``rules`` marker (clause ids of shared/rules/kawanakajima.md) for these tests."""


def pytest_configure(config):
    config.addinivalue_line("markers", "rules(*clause_ids): the rule clauses a test checks")
