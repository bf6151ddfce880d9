"""Browser user interface: the only part of kassen that touches the DOM, localStorage and location."""
