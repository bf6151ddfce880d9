"""What the page does, without the DOM: the controller (selection, hot-seat covers, dice, undo,
links, embeds) and save slots over an abstract key-value store. kassen.ui adapts these to the
browser; tests drive them under CPython."""
