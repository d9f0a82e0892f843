"""A stock asyncio loop that says when exploration is under way: the twentieth loop made (one per
session, so well into the generated programs) creates the file READY_FILE names. InterruptedKitTest
signals the kit once it exists."""
import asyncio
import os

_made = 0


def announcing():
    global _made
    _made += 1
    if _made == 20:
        open(os.environ["READY_FILE"], "w").close()
    return asyncio.SelectorEventLoop()
