"""Loading the loop under test (``--loop``): where fresh loops come from, its name, version, profiles
and the operations it declares unsupported."""

import asyncio
import importlib
import platform
import sys

from .operations import OPERATIONS
from .probes import CAPABILITIES

# The attribute of a loop factory that declares its profiles (docs/protocol.md, "Profiles").
PROFILES_ATTRIBUTE = "asyncio_tck_profiles"
# The attribute of a loop factory that declares operations it does not support (docs/protocol.md,
# "Unsupported operations"): a list of op names, or a dict from op name to the reason.
UNSUPPORTED_ATTRIBUTE = "asyncio_tck_unsupported"
# The attribute of a loop factory that declares its capabilities (docs/protocol.md, "Capabilities"): when
# present, exactly these are sent and the agent probes none.
CAPABILITIES_ATTRIBUTE = "asyncio_tck_capabilities"


class LoopSource:
    """Where fresh loops come from, how the implementation names itself, and what it declares."""

    def __init__(self, make_loop, name, version, profiles=(), unsupported=None, capabilities=None):
        self.make_loop = make_loop
        self.name = name
        self.version = version
        self.profiles = list(profiles)
        self.unsupported = dict(unsupported or {})  # op name -> reason
        self.capabilities = None if capabilities is None else list(capabilities)  # None: not declared, probed


def load_loop_source(spec):
    """Resolves ``--loop``; raises ImportError/AttributeError/... when it cannot be loaded."""
    if spec == "asyncio":
        return LoopSource(asyncio.new_event_loop, "CPython asyncio", platform.python_version())
    if spec == "uvloop":
        uvloop = importlib.import_module("uvloop")
        return LoopSource(uvloop.new_event_loop, "uvloop", str(getattr(uvloop, "__version__", "unknown")))
    if spec in REENTRANT_LOOPS:
        return reentrant_loop_source(spec)
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
    return LoopSource(factory, name, module_version(module), declared_profiles(factory, spec),
                      declared_unsupported(factory, spec), declared_capabilities(factory, spec))


# The named loops that a library makes reentrant: asyncio's loop patched by the library's apply(loop). Their
# purpose is nested runs, so they declare the profile nested-runs, as their user would (docs/real-loops.md, "nest_asyncio").
REENTRANT_LOOPS = ("nest_asyncio", "nest_asyncio2")
NESTED_RUNS = "nested-runs"


def reentrant_loop_source(spec):
    """asyncio's loop made reentrant by the library ``spec`` (nest_asyncio, nest_asyncio2)."""
    library = importlib.import_module(spec)

    def make_loop():
        loop = asyncio.new_event_loop()
        library.apply(loop)  # patches the loop's class and asyncio's Task: every later loop is patched too
        return loop

    return LoopSource(make_loop, spec, distribution_version(spec), [NESTED_RUNS])


def distribution_version(name):
    """The installed distribution's version (nest_asyncio has no ``__version__``), else "unknown"."""
    try:
        from importlib import metadata
        return metadata.version(name)
    except Exception:  # noqa: BLE001 - not installed as a distribution: the name still says which library
        return "unknown"


def declared_profiles(factory, spec):
    """The factory's own declaration: a list of profile names, or one comma-separated string.

    Passed to the kit as declared; the kit checks the names. Nothing here looks at how the loop behaves.
    """
    return _declared_names(getattr(factory, PROFILES_ATTRIBUTE, ()), spec, PROFILES_ATTRIBUTE, "profile")


def declared_capabilities(factory, spec):
    """The factory's own list (or comma-separated string) of capabilities, or None when it declares none.

    A loop that knows which of asyncio's internals it really keeps says so here, and the agent sends exactly
    that instead of probing; names outside the closed set are refused, as the kit would refuse them.
    """
    if not hasattr(factory, CAPABILITIES_ATTRIBUTE):
        return None
    declared = _declared_names(getattr(factory, CAPABILITIES_ATTRIBUTE), spec, CAPABILITIES_ATTRIBUTE, "capability")
    unknown = sorted(set(declared) - set(CAPABILITIES))
    if unknown:
        raise ValueError("%s.%s names capabilities the protocol does not have: %s (the valid ones are %s)"
                         % (spec, CAPABILITIES_ATTRIBUTE, ", ".join(unknown), ", ".join(CAPABILITIES)))
    return sorted(set(declared))


def _declared_names(declared, spec, attribute, kind):
    """A factory attribute's names: a list of them, or one comma-separated string; anything else refused."""
    if isinstance(declared, str):
        declared = [name.strip() for name in declared.split(",") if name.strip()]
    if not isinstance(declared, (list, tuple)) or not all(isinstance(name, str) for name in declared):
        raise TypeError("%s.%s must be a list of %s names or a comma-separated string, got %r"
                        % (spec, attribute, kind, declared))
    return list(declared)


def declared_unsupported(factory, spec):
    """The factory's own list (or dict, op -> reason) of operations its loop does not support.

    The agent answers each with an ``unsupported`` reply instead of performing it; names outside the
    vocabulary are refused, so a typo cannot hide an operation.
    """
    declared = getattr(factory, UNSUPPORTED_ATTRIBUTE, {})
    if isinstance(declared, (list, tuple)):
        declared = {name: "declared unsupported by %s" % spec for name in declared}
    if not isinstance(declared, dict) or not all(isinstance(name, str) and isinstance(reason, str)
                                                  for name, reason in declared.items()):
        raise TypeError("%s.%s must be a list of op names or a dict from op name to reason, got %r"
                        % (spec, UNSUPPORTED_ATTRIBUTE, declared))
    unknown = sorted(name for name in declared if name not in OPERATIONS)
    if unknown:
        raise ValueError("%s.%s names operations the protocol does not have: %s"
                         % (spec, UNSUPPORTED_ATTRIBUTE, ", ".join(unknown)))
    return declared


def module_version(module):
    """The module's ``__version__``, else its top-level package's, else "unknown"."""
    version = getattr(module, "__version__", None)
    if version is None and "." in module.__name__:
        top = sys.modules.get(module.__name__.split(".")[0])
        version = getattr(top, "__version__", None)
    return "unknown" if version is None else str(version)

