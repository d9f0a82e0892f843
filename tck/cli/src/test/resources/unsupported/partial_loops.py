"""Loop factories whose loops are stock asyncio but which declare operations unsupported
(docs/protocol.md, "Unsupported operations"), for UnsupportedOperationsTest."""

import asyncio


def without_select_timeout():
    return asyncio.new_event_loop()


without_select_timeout.asyncio_tck_unsupported = {"select_timeout": "this loop's selector cannot be probed"}
