"""Frozen dataclasses to and from JSON, checked field by field on the way in.

    to_json(record) -> plain data for json.dumps (objects, lists, strings, numbers)
    from_json(type, data, where) -> the record; RecordError naming where and what was expected

The stages hand each other typed records; JSON is their form on disk (the cache) and on the
site. A record's fields are declared with their types, and those types are the schema: an int
is an int (never a bool), a `Fraction` is written as its exact text ("1653526326983/16611...")
and parsed back once, here, a `tuple[X, ...]` is a JSON list, a `dict[str, X]` an object, a
nested dataclass an object of its fields. A field named `return_` is the key "return" (a
Python keyword). A field whose metadata says `omit_none` is left out of the object where it is
None (the simple level's `published`: the other levels have no such key), and is None where
the key is missing; one whose metadata says `omit_default` is left out where it equals its
default, and is its default where the key is missing (an Ultimate X card's lines, which list no
exception's deals, have no `exception_holds` key). Any other missing or unknown key, or a value of another type, is refused:
a cache entry that does not fit its records is computed again, never half-read.

    from_json(to_json(r)) == r, and to_json(from_json(d)) == d for every d it accepts
"""

import dataclasses
import functools
import re
import types
import typing
from fractions import Fraction

OMIT_NONE = {"omit_none": True}
OMIT_DEFAULT = {"omit_default": True}
_FRACTION = re.compile(r"-?[0-9]+(/[0-9]+)?")


class RecordError(ValueError):
    """Data that does not fit its record: where (a path of keys), and what was expected."""


def key_of(name: str) -> str:
    return name[:-1] if name.endswith("_") else name


_KEPT = object()  # (a field written whatever its value)


@functools.cache
def _fields(cls) -> tuple:
    """(name, JSON key, type, the value it is left out at or _KEPT, has a default) of each
    field of `cls`."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, key_of(f.name), hints[f.name], _omitted_at(f),
                  f.default is not dataclasses.MISSING
                  or f.default_factory is not dataclasses.MISSING)
                 for f in dataclasses.fields(cls) if f.init)


def _omitted_at(f: dataclasses.Field):
    if f.metadata.get("omit_none"):
        return None
    if f.metadata.get("omit_default"):
        if f.default is not dataclasses.MISSING:
            return f.default
        if f.default_factory is not dataclasses.MISSING:
            return f.default_factory()
        raise TypeError(f"{f.name}: omit_default without a default")
    return _KEPT


def to_json(value):
    """The plain data of a record (or of a value inside one)."""
    if dataclasses.is_dataclass(value):
        out = {}
        for name, key, _, omitted_at, _ in _fields(type(value)):
            item = getattr(value, name)
            if omitted_at is _KEPT or not (item is omitted_at or item == omitted_at):
                out[key] = to_json(item)
        return out
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, (tuple, list)):
        return [to_json(item) for item in value]
    if isinstance(value, dict):
        return {str(key): to_json(item) for key, item in value.items()}
    return value


def from_json(kind, data, where: str = "$"):
    """`data` read as `kind` (a record class or a type of one's fields)."""
    origin = typing.get_origin(kind)
    if kind is typing.Any:
        return data
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return from_json(option, data, where)
            except RecordError as exc:
                errors.append(str(exc))
        raise RecordError(errors[0] if len(errors) == 1 else
                          f"{where}: none of {kind} fits {_shown(data)}")
    if origin is tuple:
        args = typing.get_args(kind)
        _expect(isinstance(data, (list, tuple)), where, "a list", data)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], item, f"{where}[{i}]") for i, item in enumerate(data))
        _expect(len(data) == len(args), where, f"a list of {len(args)}", data)
        return tuple(from_json(a, item, f"{where}[{i}]") for i, (a, item) in
                     enumerate(zip(args, data)))
    if origin is dict:
        key_type, value_type = typing.get_args(kind)
        _expect(isinstance(data, dict), where, "an object", data)
        return {from_json(key_type, key, f"{where} key") if key_type is not str else key:
                from_json(value_type, item, f"{where}.{key}") for key, item in data.items()}
    if dataclasses.is_dataclass(kind):
        return _record(kind, data, where)
    if kind is Fraction:
        _expect(isinstance(data, str) and _FRACTION.fullmatch(data), where,
                "an exact fraction as text", data)
        value = Fraction(data)
        _expect(str(value) == data, where, "a fraction in lowest terms", data)
        return value
    if kind is bool:
        _expect(isinstance(data, bool), where, "true or false", data)
        return data
    if kind is int:
        if isinstance(data, str) and where.endswith(" key"):  # (an object's keys are text)
            _expect(re.fullmatch(r"-?[0-9]+", data) is not None, where, "a whole number", data)
            return int(data)
        _expect(isinstance(data, int) and not isinstance(data, bool), where, "a whole number",
                data)
        return data
    if kind is float:
        _expect(isinstance(data, (int, float)) and not isinstance(data, bool), where,
                "a number", data)
        return data
    if kind is str:
        _expect(isinstance(data, str), where, "text", data)
        return data
    if kind is type(None):
        _expect(data is None, where, "null", data)
        return None
    raise TypeError(f"{where}: no JSON form for {kind!r}")


def _record(cls, data, where: str):
    _expect(isinstance(data, dict), where, f"an object ({cls.__name__})", data)
    fields = _fields(cls)
    known = {key for _, key, *_ in fields}
    unknown = sorted(set(data) - known)
    _expect(not unknown, where, f"only the keys of {cls.__name__}", unknown)
    values = {}
    for name, key, kind, omitted_at, has_default in fields:
        if key not in data:
            _expect(omitted_at is not _KEPT or has_default, f"{where}.{key}", "a value", None)
            continue
        values[name] = from_json(kind, data[key], f"{where}.{key}")
    return cls(**values)


def _expect(ok, where: str, expected: str, data) -> None:
    if not ok:
        raise RecordError(f"{where}: {_shown(data)}, expected {expected}")


def _shown(data) -> str:
    text = repr(data)
    return text if len(text) <= 60 else text[:57] + "..."
