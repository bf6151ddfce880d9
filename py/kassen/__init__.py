"""kassen (合戦): rules engines for five Japanese historical wargames.

The package is pure Python (standard library only) so the same code runs under CPython for
tests and tools and under Pyodide in the browser. Only ``kassen.ui`` touches the DOM.
"""
__version__ = "0.1.0"
