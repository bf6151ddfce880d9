"""Pure functions from views to SVG markup (testable under CPython, no DOM).

Every piece of text that reaches the markup passes through ``svg.esc``/``svg.attr``: unit and
place names come from scenario files and links, and must never become markup.
"""
