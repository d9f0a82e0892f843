"""Loop factory for certifying qasync's QEventLoop (a Qt event loop behind asyncio's API) with asyncio-tck.

    QT_QPA_PLATFORM=offscreen ./asyncio-tck run --impl python --python .venv-qasync/bin/python \
        --loop-factory qasync_loop:new_loop --python-path docs/real-loops

Qt allows one QApplication per process, so it is made once, on first use, and every session loop is a
new qasync.QEventLoop over it. QT_QPA_PLATFORM=offscreen lets Qt run without a display.
"""

import os

_app = None  # the process's one QApplication, made by the first call


def _application():
    global _app
    from PySide6.QtWidgets import QApplication  # only when run: no Qt binding ships with the kit

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _app = QApplication.instance() or QApplication([])
    return _app


def _distribution_version(name):
    from importlib import metadata

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "unknown"


def new_loop():
    import qasync

    global __version__
    # The agent names the implementation's version after the factory module's __version__, read
    # after the first loop is made; qasync keeps its version in its distribution's metadata.
    __version__ = getattr(qasync, "__version__", None) or _distribution_version("qasync")
    return qasync.QEventLoop(_application())


# No profile: qasync uses asyncio's own Future and Task classes (deferred dispatch, default task factory).
new_loop.asyncio_tck_profiles = []
