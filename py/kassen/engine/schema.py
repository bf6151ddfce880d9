"""A small JSON Schema (draft 2020-12 subset) validator, standard library only.

The scenario format is documented by JSON Schema files in scenarios/schema/; the engine checks
files against those same schemas, so the documentation and the checks cannot drift apart. Tests
cross-check the schemas with the ``jsonschema`` library. Errors name the JSON path.

Supported keywords: type, enum, const, properties, required, additionalProperties,
patternProperties, propertyNames, items, prefixItems, minItems, maxItems, uniqueItems, minimum,
maximum, exclusiveMinimum, minLength, maxLength, pattern, minProperties, $ref (local "#/..." and
relative files), allOf, anyOf, oneOf, if/then/else. Annotation keywords are ignored.
"""
from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any, Callable

_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    # JSON has no NaN or Infinity (Python's json reads them): comparisons with NaN are all false, so
    # a NaN would pass minimum/maximum and crash the game later
    "number": lambda v: isinstance(v, int) and not isinstance(v, bool) or isinstance(v, float) and math.isfinite(v),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
_NAMES = {"object": "an object", "array": "an array", "string": "a string", "integer": "an integer",
          "number": "a number", "boolean": "true or false", "null": "null"}


class SchemaViolation(Exception):
    """First mismatch found: ``path`` is a JSON path like ``$.board.grid.columns``."""

    def __init__(self, path: str, message: str) -> None:
        self.path, self.message = path, message
        super().__init__(f"at {path}: {message}")


def describe(value: Any) -> str:
    """A short, safe rendering of a found value for error messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return f"an array of {len(value)}"
    if isinstance(value, int) and value.bit_length() > 130:
        return "a number far too large"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


_PLAIN_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*$")


def _child(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    if len(key) > 40:  # a path names the place, it does not repeat a hostile 100 kB key
        key = key[:39] + "…"
    if _PLAIN_KEY.match(key):
        return f"{path}.{key}"
    return f"{path}[{json.dumps(key, ensure_ascii=False)}]"


class Validator:
    """Validates instances against a root schema; resolves ``$ref`` inside it and beside it."""

    def __init__(self, schema: dict[str, Any], base_dir: Path | None = None) -> None:
        self.root = schema
        self.base_dir = base_dir
        self._files: dict[str, dict[str, Any]] = {}
        self._patterns: dict[str, re.Pattern[str]] = {}

    @classmethod
    def from_file(cls, path: Path) -> "Validator":
        return cls(json.loads(path.read_text(encoding="utf-8")), path.parent)

    def validate(self, instance: Any, path: str = "$") -> None:
        """Raise SchemaViolation at the first mismatch."""
        self._check(instance, self.root, path, self.root)

    def is_valid(self, instance: Any) -> bool:
        try:
            self.validate(instance)
        except SchemaViolation:
            return False
        return True

    # -- internals ------------------------------------------------------------------------------
    def _resolve(self, ref: str, doc: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        file_part, _, pointer = ref.partition("#")
        if file_part:
            if file_part not in self._files:
                if self.base_dir is None:
                    raise SchemaViolation("$", f"cannot resolve schema reference {ref!r}")
                self._files[file_part] = json.loads((self.base_dir / file_part).read_text(encoding="utf-8"))
            doc = self._files[file_part]
        node: Any = doc
        for part in [p for p in pointer.split("/") if p]:
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node, doc

    def _pattern(self, pattern: str) -> re.Pattern[str]:
        if pattern not in self._patterns:
            self._patterns[pattern] = re.compile(pattern)
        return self._patterns[pattern]

    def _check(self, v: Any, s: Any, path: str, doc: dict[str, Any]) -> None:
        if s is True or s == {}:
            return
        if s is False:
            raise SchemaViolation(path, "nothing is allowed here")
        if "$ref" in s:
            target, tdoc = self._resolve(s["$ref"], doc)
            self._check(v, target, path, tdoc)
        if "type" in s:
            types = s["type"] if isinstance(s["type"], list) else [s["type"]]
            if not any(_TYPES[t](v) for t in types):
                want = " or ".join(_NAMES[t] for t in types)
                raise SchemaViolation(path, f"expected {want}, found {describe(v)}")
        if "const" in s and v != s["const"]:
            raise SchemaViolation(path, f"expected {describe(s['const'])}, found {describe(v)}")
        if "enum" in s and v not in s["enum"]:
            options = ", ".join(describe(o) for o in s["enum"][:12])
            raise SchemaViolation(path, f"expected one of {options}; found {describe(v)}")
        for sub in s.get("allOf", []):
            self._check(v, sub, path, doc)
        if "anyOf" in s and not any(self._ok(v, sub, path, doc) for sub in s["anyOf"]):
            raise SchemaViolation(path, s.get("description", "does not match any allowed form"))
        if "oneOf" in s:
            matches = [sub for sub in s["oneOf"] if self._ok(v, sub, path, doc)]
            if len(matches) != 1:
                if len(matches) == 0 and len(s["oneOf"]) == 1:
                    self._check(v, s["oneOf"][0], path, doc)
                raise SchemaViolation(path, s.get("description", "does not match exactly one allowed form"))
        if "if" in s:
            branch = s.get("then") if self._ok(v, s["if"], path, doc) else s.get("else")
            if branch is not None:
                self._check(v, branch, path, doc)
        if isinstance(v, dict):
            self._check_object(v, s, path, doc)
        elif isinstance(v, list):
            self._check_array(v, s, path, doc)
        elif isinstance(v, str):
            if "minLength" in s and len(v) < s["minLength"]:
                raise SchemaViolation(path, f"expected at least {s['minLength']} characters, found {describe(v)}")
            if "maxLength" in s and len(v) > s["maxLength"]:
                raise SchemaViolation(path, f"expected at most {s['maxLength']} characters")
            if "pattern" in s and not self._pattern(s["pattern"]).search(v):
                raise SchemaViolation(path, s.get("description", f"expected text matching {s['pattern']}")
                                      + f", found {describe(v)}")
        elif _TYPES["number"](v):
            if "minimum" in s and v < s["minimum"]:
                raise SchemaViolation(path, f"expected a number >= {s['minimum']}, found {describe(v)}")
            if "exclusiveMinimum" in s and v <= s["exclusiveMinimum"]:
                raise SchemaViolation(path, f"expected a number > {s['exclusiveMinimum']}, found {describe(v)}")
            if "maximum" in s and v > s["maximum"]:
                raise SchemaViolation(path, f"expected a number <= {s['maximum']}, found {describe(v)}")

    def _ok(self, v: Any, s: Any, path: str, doc: dict[str, Any]) -> bool:
        try:
            self._check(v, s, path, doc)
        except SchemaViolation:
            return False
        return True

    def _check_object(self, v: dict[str, Any], s: dict[str, Any], path: str, doc: dict[str, Any]) -> None:
        for key in s.get("required", []):
            if key not in v:
                raise SchemaViolation(_child(path, key), "this required field is missing")
        if "minProperties" in s and len(v) < s["minProperties"]:
            raise SchemaViolation(path, f"expected at least {s['minProperties']} entries")
        props = s.get("properties", {})
        patterns = s.get("patternProperties", {})
        for key, value in v.items():
            if "propertyNames" in s:
                self._check(key, s["propertyNames"], _child(path, key), doc)
            matched = False
            if key in props:
                matched = True
                self._check(value, props[key], _child(path, key), doc)
            for pat, sub in patterns.items():
                if self._pattern(pat).search(key):
                    matched = True
                    self._check(value, sub, _child(path, key), doc)
            if not matched and "additionalProperties" in s:
                extra = s["additionalProperties"]
                if extra is False:
                    allowed = ", ".join(sorted(props)) or "none"
                    if len(allowed) > 200:
                        allowed = allowed[:199] + "…"
                    raise SchemaViolation(_child(path, key), f"unexpected field (allowed: {allowed})")
                self._check(value, extra, _child(path, key), doc)

    def _check_array(self, v: list[Any], s: dict[str, Any], path: str, doc: dict[str, Any]) -> None:
        if "minItems" in s and len(v) < s["minItems"]:
            raise SchemaViolation(path, f"expected at least {s['minItems']} items, found {len(v)}")
        if "maxItems" in s and len(v) > s["maxItems"]:
            raise SchemaViolation(path, f"expected at most {s['maxItems']} items, found {len(v)}")
        prefix = s.get("prefixItems", [])
        for i, item in enumerate(v):
            if i < len(prefix):
                self._check(item, prefix[i], _child(path, i), doc)
            elif "items" in s:
                self._check(item, s["items"], _child(path, i), doc)
        if s.get("uniqueItems"):
            seen: set[str] = set()
            for i, item in enumerate(v):
                key = "s" + item if isinstance(item, str) else "j" + json.dumps(item, sort_keys=True)
                if key in seen:
                    raise SchemaViolation(_child(path, i), f"duplicate item {describe(item)}")
                seen.add(key)
