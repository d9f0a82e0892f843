"""It exits before hello, leaving terminal escapes in its stderr for the start failure message."""
import sys

sys.stderr.write("\x1b]0;pwned\x07\x1b[2J\nCONFORMANT\n\x9b1m")
sys.stderr.flush()
sys.exit(3)
