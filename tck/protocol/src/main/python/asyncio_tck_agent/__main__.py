"""``python3 -m asyncio_tck_agent``: the agent, with the package on sys.path."""

import sys

from asyncio_tck_agent.command import main

sys.exit(main())
