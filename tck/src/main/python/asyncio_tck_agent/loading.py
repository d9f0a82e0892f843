"""Loading the loop under test (``--loop``): where fresh loops come from, its name, version and profiles."""

import asyncio
import importlib
import platform
import sys


# The attribute of a loop factory that declares its profiles (docs/protocol.md, "Profiles").
PROFILES_ATTRIBUTE = "asyncio_tck_profiles"


class LoopSource:
    """Where fresh loops come from, how the implementation names itself, and what it declares."""

    def __init__(self, make_loop, name, version, profiles=()):
        self.make_loop = make_loop
        self.name = name
        self.version = version
        self.profiles = list(profiles)


def load_loop_source(spec):
    """Resolves ``--loop``; raises ImportError/AttributeError/... when it cannot be loaded."""
    if spec == "asyncio":
        return LoopSource(asyncio.new_event_loop, "CPython asyncio", platform.python_version())
    if spec == "uvloop":
        uvloop = importlib.import_module("uvloop")
        return LoopSource(uvloop.new_event_loop, "uvloop", str(getattr(uvloop, "__version__", "unknown")))
    module_name, _, attribute_path = spec.partition(":")
    module = importlib.import_module(module_name)
    factory = module
    for attribute in attribute_path.split("."):
        factory = getattr(factory, attribute)
    if not callable(factory):
        raise TypeError("%s is not callable: %r" % (spec, factory))
    probe = factory()
    try:
        # "<module> <class>", e.g. "uvloop Loop": the first word names the implementation in ids
        name = "%s %s" % (type(probe).__module__.split(".")[0], type(probe).__qualname__)
    finally:
        probe.close()
    return LoopSource(factory, name, module_version(module), declared_profiles(factory, spec))


def declared_profiles(factory, spec):
    """The factory's own declaration: a list of profile names, or one comma-separated string.

    Passed to the kit as declared; the kit checks the names. Nothing here looks at how the loop behaves.
    """
    declared = getattr(factory, PROFILES_ATTRIBUTE, ())
    if isinstance(declared, str):
        declared = [name.strip() for name in declared.split(",") if name.strip()]
    if not isinstance(declared, (list, tuple)) or not all(isinstance(name, str) for name in declared):
        raise TypeError("%s.%s must be a list of profile names or a comma-separated string, got %r"
                        % (spec, PROFILES_ATTRIBUTE, declared))
    return list(declared)


def module_version(module):
    """The module's ``__version__``, else its top-level package's, else "unknown"."""
    version = getattr(module, "__version__", None)
    if version is None and "." in module.__name__:
        top = sys.modules.get(module.__name__.split(".")[0])
        version = getattr(top, "__version__", None)
    return "unknown" if version is None else str(version)

