"""Its version climbs out of the reports folder: the id made of it must not name a folder outside."""
import os
from hostile_agent import implementation, reply, serve

escape = os.environ["HOSTILE_ESCAPE"]
serve(hello=lambda seq: reply({"seq": seq, "type": "hello", "protocol": 1,
                               "implementation": implementation(version="3.12.1-c/../../../" + escape)}))
